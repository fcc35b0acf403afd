import { setImmediate } from 'node:timers/promises';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';

/** Counters whose window ended this long ago are deleted; the next request of theirs starts anew anyway. */
const SWEEP_EVERY_MS = 60_000;
/** Keys whose last count a process remembers; a key it has forgotten waits for the database again. */
const KNOWN_KEYS = 10_000;
/** A window that ends sooner than this is left to the database, which starts the next one. */
const WINDOW_END_MARGIN_MS = 1_000;

type Result = { current: number; ttl: number };

/** The database's last answer for a key: `windowEnds` names its window, `endsAt` is that end on this process's clock. */
interface Known {
  hits: number;
  windowEnds: number;
  endsAt: number;
}

/** This process's counts of a key still unanswered, and when those of requests answered at once are done. */
interface Pending {
  count: number;
  answeredAtOnce: Promise<unknown>;
}

/**
 * A @fastify/rate-limit store in PostgreSQL (the unlogged `rate_limit` table), so that every
 * server process on one database counts the same requests: a user's limit is one limit, not one
 * per process. One upsert per limited request counts it and answers the window's count and time
 * left; a counter whose window has ended starts again at one. Only the whole-app limit uses it
 * (no route sets its own), so child() shares the store.
 *
 * Awaiting that upsert would add a database round trip to every request, so a request far from
 * its limit is answered from what this process knows: the database's last count for the key
 * plus this process's upserts still in flight. It is answered at once while that count, this
 * request included, is at most half the limit, and its upsert runs behind it; otherwise (a key
 * not known, a window ending, half the limit reached) the database's count decides. Every
 * request is counted once either way. A request answered at once is over the limit only if
 * other processes counted more than half the limit for its key since this process's last answer.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();
  const sweep = () => {
    lastSweep = Date.now();
    void sql`delete from rate_limit where window_ends < now() - interval '1 minute'`.execute(db).catch(() => {});
  };
  const known = new LRUCache<string, Known>({ max: KNOWN_KEYS });
  const pending = new Map<string, Pending>();

  const remember = (key: string, hits: number, ttl: number, windowEnds: number) => {
    const last = known.get(key);
    // Answers can arrive out of order: within a window the highest count is the latest, and an earlier window's answer is stale.
    if (last && last.windowEnds > windowEnds) return;
    if (last && last.windowEnds === windowEnds) last.hits = Math.max(last.hits, hits);
    else known.set(key, { hits, windowEnds, endsAt: Date.now() + ttl }, { ttl: Math.max(ttl, 1) });
  };

  const upsert = (key: string, timeWindow: number) =>
    sql<{ hits: number; ttl: number; window_ends_ms: number }>`
      insert into rate_limit as r (key, hits, window_ends)
      values (${key}, 1, clock_timestamp() + make_interval(secs => ${timeWindow / 1000}))
      on conflict (key) do update set
        hits = case when r.window_ends <= clock_timestamp() then 1 else r.hits + 1 end,
        window_ends = case when r.window_ends <= clock_timestamp() then excluded.window_ends else r.window_ends end
      returning hits, greatest(0, ceil(extract(epoch from window_ends - clock_timestamp()) * 1000))::int as ttl,
        (extract(epoch from window_ends) * 1000)::float8 as window_ends_ms`.execute(db);

  /**
   * Counts one request in the database. The count of a request answered at once is sent on the
   * event loop's next turn, so that sending it and reading its answer do not hold the request
   * up. One the database is to decide is sent after this process's counts of requests answered
   * at once: they could otherwise reach the database after it, which would decide on too few.
   */
  const count = (key: string, timeWindow: number, answeredAtOnce: boolean): Promise<Result> => {
    const own = pending.get(key) ?? { count: 0, answeredAtOnce: Promise.resolve() };
    pending.set(key, own);
    own.count++;
    const sent = (answeredAtOnce ? setImmediate() : own.answeredAtOnce).then(() => upsert(key, timeWindow));
    if (answeredAtOnce) own.answeredAtOnce = Promise.all([own.answeredAtOnce, sent.catch(() => {})]);
    const settle = () => {
      if (--own.count === 0) pending.delete(key);
    };
    return sent.then(
      ({ rows: [row] }) => {
        settle();
        if (row) remember(key, row.hits, row.ttl, row.window_ends_ms);
        return { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow };
      },
      (error: Error) => {
        settle();
        throw error;
      },
    );
  };

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number, max: number) {
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) sweep();
      const last = known.get(key);
      const current = (last?.hits ?? 0) + (pending.get(key)?.count ?? 0) + 1;
      const ttl = last ? last.endsAt - Date.now() : 0;
      if (last && ttl > WINDOW_END_MARGIN_MS && current <= max / 2) {
        // A failed count is dropped, as skipOnError drops it: the request goes through.
        count(key, timeWindow, true).catch(() => {});
        callback(null, { current, ttl });
      } else {
        count(key, timeWindow, false).then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
      }
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
