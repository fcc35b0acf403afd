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
/** The counts of requests answered at once reach the database together, this long after the first of them. */
export const SEND_COUNTS_AFTER_MS = 50;

type Result = { current: number; ttl: number };

/** The database's last answer for a key: `windowEnds` names its window, `endsAt` is that end on this process's clock. */
interface Known {
  hits: number;
  windowEnds: number;
  endsAt: number;
}

/** Requests of one key to count: how many, and the length of the key's window. */
interface Counts {
  count: number;
  timeWindow: number;
}

export interface PostgresRateLimitStore {
  Store: FastifyRateLimitStoreCtor;
  /** Sends the counts not yet sent (on close: another process may go on counting the same keys). */
  sendCounts(): Promise<void>;
}

/**
 * A @fastify/rate-limit store in PostgreSQL (the unlogged `rate_limit` table), so that every
 * server process on one database counts the same requests: a user's limit is one limit, not one
 * per process. An upsert counts requests and answers the window's count and time left; a counter
 * whose window has ended starts again. Only the whole-app limit uses it (no route sets its own),
 * so child() shares the store.
 *
 * A database round trip for every request would cost each request a statement beside its own, so
 * a request far from its limit is answered from what this process knows: the database's last count
 * for the key plus this process's counts not yet answered by it. It is answered at once while that
 * count, this request included, is at most half the limit; otherwise (a key not known, a window
 * ending, half the limit reached) the database's count decides, once this process's earlier counts
 * are in. The counts of requests answered at once are sent together, one statement for every key,
 * SEND_COUNTS_AFTER_MS after the first of them. Every request is counted once either way. A request
 * is let through over the limit only if other processes counted more than half the limit for its
 * key since this process's last answer, or answered that many at once in their last
 * SEND_COUNTS_AFTER_MS.
 */
export function postgresRateLimitStore(db: Db): PostgresRateLimitStore {
  let lastSweep = Date.now();
  const sweep = () => {
    lastSweep = Date.now();
    void sql`delete from rate_limit where window_ends < now() - interval '1 minute'`.execute(db).catch(() => {});
  };
  const known = new LRUCache<string, Known>({ max: KNOWN_KEYS });
  /** Counts of requests answered at once, not sent yet. */
  let unsent = new Map<string, Counts>();
  let sendTimer: NodeJS.Timeout | null = null;
  /** Counts sent, by key, whose answer has not come back. */
  const inFlight = new Map<string, number>();
  /** Settles once every batch of unsent counts sent so far has its answer (or has failed). */
  let batchesSent: Promise<unknown> = Promise.resolve();

  const remember = (key: string, hits: number, ttl: number, windowEnds: number) => {
    const last = known.get(key);
    // Answers can arrive out of order: within a window the highest count is the latest, and an earlier window's answer is stale.
    if (last && last.windowEnds > windowEnds) return;
    if (last && last.windowEnds === windowEnds) last.hits = Math.max(last.hits, hits);
    else known.set(key, { hits, windowEnds, endsAt: Date.now() + ttl }, { ttl: Math.max(ttl, 1) });
  };

  const track = (key: string, change: number) => {
    const count = (inFlight.get(key) ?? 0) + change;
    if (count === 0) inFlight.delete(key);
    else inFlight.set(key, count);
  };

  // Rows in key order: two processes' batches lock their rows in the same order, so never wait for each other.
  const upsert = (batch: [string, Counts][]) =>
    sql<{ key: string; hits: number; ttl: number; window_ends_ms: number }>`
      insert into rate_limit as r (key, hits, window_ends)
      select key, count, clock_timestamp() + make_interval(secs => seconds)
      from unnest(${batch.map(([key]) => key)}::text[], ${batch.map(([, c]) => c.count)}::int[],
        ${batch.map(([, c]) => c.timeWindow / 1000)}::float8[]) as counts(key, count, seconds)
      order by key
      on conflict (key) do update set
        hits = case when r.window_ends <= clock_timestamp() then excluded.hits else r.hits + excluded.hits end,
        window_ends = case when r.window_ends <= clock_timestamp() then excluded.window_ends else r.window_ends end
      returning key, hits, greatest(0, ceil(extract(epoch from window_ends - clock_timestamp()) * 1000))::int as ttl,
        (extract(epoch from window_ends) * 1000)::float8 as window_ends_ms`.execute(db);

  /** Counts `batch` in the database once `after` has settled; its counts are in flight from now on. */
  const send = async (batch: [string, Counts][], after: Promise<unknown>) => {
    for (const [key, { count }] of batch) track(key, count);
    try {
      await after;
      const { rows } = await upsert(batch);
      for (const row of rows) remember(row.key, row.hits, row.ttl, row.window_ends_ms);
      return rows;
    } finally {
      for (const [key, { count }] of batch) track(key, -count);
    }
  };

  const sendUnsent = () => {
    if (sendTimer) clearTimeout(sendTimer);
    sendTimer = null;
    if (unsent.size === 0) return batchesSent;
    const batch = [...unsent];
    unsent = new Map();
    // A failed count is dropped, as skipOnError drops it: its requests went through.
    batchesSent = Promise.all([batchesSent, send(batch, Promise.resolve()).catch(() => {})]);
    return batchesSent;
  };

  const countLater = (key: string, timeWindow: number) => {
    const counts = unsent.get(key);
    if (counts) counts.count++;
    else unsent.set(key, { count: 1, timeWindow });
    sendTimer ??= setTimeout(sendUnsent, SEND_COUNTS_AFTER_MS).unref();
  };

  /** Counts one request now, after this process's earlier counts, so that the database's answer includes them. */
  const countNow = async (key: string, timeWindow: number): Promise<Result> => {
    const [row] = await send([[key, { count: 1, timeWindow }]], sendUnsent());
    return { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow };
  };

  class Store implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow: number, max: number) {
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) sweep();
      const last = known.get(key);
      const current = (last?.hits ?? 0) + (unsent.get(key)?.count ?? 0) + (inFlight.get(key) ?? 0) + 1;
      const ttl = last ? last.endsAt - Date.now() : 0;
      if (last && ttl > WINDOW_END_MARGIN_MS && current <= max / 2) {
        countLater(key, timeWindow);
        callback(null, { current, ttl });
      } else {
        countNow(key, timeWindow).then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
      }
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    Store,
    sendCounts: async () => {
      await sendUnsent();
    },
  };
}
