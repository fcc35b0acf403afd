import { createHash } from 'node:crypto';
import type { OgcFormat } from '@fast/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * HTTP around the feed's answers: the format (Accept or `f`), the headers every answer carries,
 * and the ETag of a caller's answer.
 */

/** JSON unless `f=html`, or a browser asks for HTML (`Accept: text/html`) and `f` says nothing. */
export function formatOf(request: FastifyRequest, f: OgcFormat | undefined): OgcFormat {
  if (f) return f;
  return request.headers.accept?.includes('text/html') ? 'html' : 'json';
}

/**
 * Never shared: the answer is the caller's (their organisation's municipalities), so a cache may
 * keep it only for this caller and must ask each time (`no-cache`: the ETag makes that cheap).
 */
export function privateAnswer(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'Authorization, FAST-ORG-NUMBER, Accept');
}

/**
 * A weak ETag of what the answer is made of: the caller (user, organisation), what the data
 * depends on (the register's version and the scope's municipalities, or the pipelines' digest),
 * the format and the request's query. Two organisations never share one.
 */
export function etagOf(request: FastifyRequest, format: OgcFormat, version: string): string {
  const hash = createHash('sha256')
    .update([request.scope.userId, request.scope.organisationNumber, version, format, request.url].join('\n'))
    .digest('base64url');
  return `W/"${hash.slice(0, 32)}"`;
}

/** Whether the caller already has this answer (If-None-Match, compared weakly as RFC 9110 asks for GET). */
export function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The request's own URL under `base` with its query but `f`, for the self and alternate links. */
export function urlWithoutFormat(base: string, request: FastifyRequest, replace: Record<string, string | null> = {}): string {
  const [path = '', query = ''] = request.url.split('?');
  const params = new URLSearchParams(query);
  params.delete('f');
  for (const [name, value] of Object.entries(replace)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return `${base}${path.replace(/^\/ogc/, '')}${text ? `?${text}` : ''}`;
}

/** 304 Not Modified: no body, the ETag and the caching headers already set. */
export function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}
