import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already text (built in SQL from stored JSON text): Fastify sends a string
 * with a JSON content type as it is, without the response schema's serialiser. The caller
 * answers for its shape; the route's schema still documents it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Sends JSON already gzipped (the client accepts gzip), bypassing the serialiser as above. */
export function sendGzippedJson(reply: FastifyReply, gzipped: Buffer): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('content-encoding', 'gzip')
    .header('vary', 'accept-encoding')
    .send(gzipped);
}
