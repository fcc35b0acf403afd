import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Counters whose window ended this long ago are deleted; the next request of theirs starts anew anyway. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store in PostgreSQL (the unlogged `rate_limit` table), so that every
 * server process on one database counts the same requests: a user's limit is one limit, not one
 * per process. One upsert per limited request counts it and answers the window's count and time
 * left; a counter whose window has ended starts again at one. Only the whole-app limit uses it
 * (no route sets its own), so child() shares the store.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  const sweep = () => {
    lastSweep = Date.now();
    void sql`delete from rate_limit where window_ends < now() - interval '1 minute'`.execute(db).catch(() => {});
  };

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) sweep();
      sql<{ hits: number; ttl: number }>`
        insert into rate_limit as r (key, hits, window_ends)
        values (${key}, 1, clock_timestamp() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          hits = case when r.window_ends <= clock_timestamp() then 1 else r.hits + 1 end,
          window_ends = case when r.window_ends <= clock_timestamp() then excluded.window_ends else r.window_ends end
        returning hits, greatest(0, ceil(extract(epoch from window_ends - clock_timestamp()) * 1000))::int as ttl`
        .execute(db)
        .then(
          ({ rows: [row] }) => callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow }),
          (error: Error) => callback(error),
        );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
