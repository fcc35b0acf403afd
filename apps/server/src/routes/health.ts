import { Health } from '@fast/contracts';
import { Type } from 'typebox';
import type { App } from '../app-types.ts';
import { databaseAnswers } from '../db/database.ts';

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
      if (await databaseAnswers(app.db, 2_000)) {
        return { status: 'ok' as const, databases: { primary: 'ok' as const, ...replicaAnswer } };
      }
      return reply
        .code(503)
        .send({ status: 'unavailable' as const, databases: { primary: 'unavailable' as const, ...replicaAnswer } });
    },
  );
}
