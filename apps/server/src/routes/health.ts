import { Health } from '@fast/contracts';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { App } from '../app-types.ts';

const Answer = Type.Enum(['ok', 'unavailable']);
/** Health, and which databases answer: the primary, and the read replica when one is configured. */
const Readiness = Type.Object(
  {
    status: Health.properties.status,
    databases: Type.Object(
      {
        primary: Answer,
        replica: Type.Optional(
          Type.Object({
            status: Type.Enum(['ok', 'lagging', 'unavailable']),
            lagSeconds: Type.Union([Type.Number(), Type.Null()]),
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export default async function healthRoutes(app: App) {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true, response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  // Ready means the primary answers; a load balancer stops sending traffic while it does not. A
  // replica that does not answer, or lags, is reported but leaves the server ready: its reads go
  // to the primary meanwhile.
  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: Readiness, 503: Readiness } } },
    async (_request, reply) => {
      const replica = app.replicaState();
      const replicaAnswer = replica ? { replica: { status: replica.health, lagSeconds: replica.lagSeconds } } : {};
      try {
        await Promise.race([
          sql`select 1`.execute(app.db),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2_000).unref()),
        ]);
        return { status: 'ok' as const, databases: { primary: 'ok' as const, ...replicaAnswer } };
      } catch {
        return reply
          .code(503)
          .send({ status: 'unavailable' as const, databases: { primary: 'unavailable' as const, ...replicaAnswer } });
      }
    },
  );
}
