import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already text (built in SQL from stored JSON text), or that text gzipped
 * (for a route whose compression takes gzip bodies as they are): Fastify sends a string or bytes
 * with a JSON content type as they are, without the response schema's serialiser. The caller
 * answers for its shape; the route's schema still documents it.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
