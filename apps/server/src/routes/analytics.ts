import type { App } from '../app-types.ts';
import { ApiError } from '../errors.ts';

/**
 * Proxies the analytics script and its events to the configured host, so that the browser talks
 * to one origin only (and no third party learns the user's address).
 */
export default async function analyticsRoutes(app: App) {
  const analytics = app.config.analytics;
  if (!analytics) return;
  const host = analytics.host.replace(/\/$/, '');

  app.get('/js/script.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const upstream = await fetch(`${host}/js/script.js`, { signal: AbortSignal.timeout(10_000) });
    if (!upstream.ok) throw new ApiError(502, 'UNEXPECTED_ERROR', 'Analyseskriptet er ikke tilgjengelig.');
    return reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await upstream.text());
  });

  app.post('/js/event', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const upstream = await fetch(`${host}/api/event`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': request.headers['user-agent'] ?? '',
        'x-forwarded-for': request.ip,
      },
      body: JSON.stringify(request.body ?? {}),
      signal: AbortSignal.timeout(10_000),
    });
    return reply.code(upstream.status).send(await upstream.text());
  });
}
