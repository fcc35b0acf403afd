import { Health } from '@fast/contracts';
import { sql } from 'kysely';
import type { App } from '../app-types.ts';

export default async function healthRoutes(app: App) {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true, response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  // Ready means the database answers; a load balancer stops sending traffic while it does not.
  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      try {
        await Promise.race([
          sql`select 1`.execute(app.db),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2_000).unref()),
        ]);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
