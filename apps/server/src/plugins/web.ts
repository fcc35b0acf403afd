import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

const NO_CACHE = new Set(['/index.html', '/sw.js']);

/**
 * A page opened at another host than PUBLIC_URL's (http://127.0.0.1:8080 for http://localhost:8080,
 * a server's own name behind a load balancer) is sent to PUBLIC_URL: the app signs in with an
 * issuer, and is allowed back, only at that address, and elsewhere sign-in fails on CORS. Only
 * page loads (GET or HEAD asking for HTML) are redirected; the API, the health checks and the
 * files answer at any host. Behind a proxy the Host or X-Forwarded-Host must be the public one.
 */
function redirectToPublicHost(app: FastifyInstance, publicUrl: string) {
  const publicHost = new URL(publicUrl).hostname;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.hostname === publicHost || !request.headers.accept?.includes('text/html')) return;
    if (request.url.startsWith('/api/')) return;
    return reply.redirect(`${publicUrl}${request.url}`, 307);
  });
}

/**
 * Serves the built SPA from one origin with the API, Brotli- or gzip-compressed as the build left
 * it. Hashed assets are cached for a year; the shell, the service worker and language files are
 * revalidated on every load.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, publicUrl: string) {
  redirectToPublicHost(app, publicUrl);
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/build-plugins/precompress-plugin.ts).
      preCompressed: true,
      setHeaders(res, path) {
        const file = path.slice(webDist.length);
        if (file.startsWith('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (NO_CACHE.has(file) || file.startsWith('/async-locales/')) res.header('cache-control', 'no-cache');
      },
    });
  }

  /** Unknown API and OGC feed paths (an unknown collection) answer the error body; any other GET is a route of the SPA. */
  return function notFound(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !/^\/(api|ogc)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, 'NOT_FOUND', 'Fant ikke det du prøvde å finne.');
  };
}
