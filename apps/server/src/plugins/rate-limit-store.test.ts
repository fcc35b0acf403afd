import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { postgresRateLimitStore, SEND_COUNTS_AFTER_MS } from './rate-limit-store.ts';

const MINUTE = 60_000;

/** A store as one server process holds it; each call is a process of its own. */
const storeOn = (db: Db): FastifyRateLimitStore => new (postgresRateLimitStore(db).Store)({});

/** `db` as the store sees it, counting the statements it sends. */
function counted(db: Db) {
  const sent = { statements: 0 };
  const counting = db.withPlugin({
    transformQuery: ({ node }) => {
      sent.statements++;
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db: counting, sent };
}

/** One request's count; `atOnce`: the store answered before incr returned, so it waited for no database. */
function incr(store: FastifyRateLimitStore, key: string, max: number, timeWindow = MINUTE) {
  return new Promise<{ current: number; ttl: number; atOnce: boolean }>((resolve, reject) => {
    let returned = false;
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error) : resolve({ ...result, atOnce: !returned })),
      timeWindow,
      max,
    );
    returned = true;
  });
}

/** The counts answered to requests sent side by side, smallest first. */
const countsOf = (answers: { current: number }[]) => answers.map((a) => a.current).sort((a, b) => a - b);

describe.skipIf(!process.env.TEST_DATABASE_URL)('the rate-limit store on PostgreSQL', () => {
  let database: TestDatabase;
  let otherDb: Db;

  const hitsOf = async (key: string) =>
    (await sql<{ hits: number }>`select hits from rate_limit where key = ${key}`.execute(database.db)).rows[0]?.hits ?? 0;

  /** The row's count once the upserts sent behind the answers have run, and still that a moment later. */
  async function settledHits(key: string, expected: number) {
    await vi.waitFor(async () => expect(await hitsOf(key)).toBe(expected), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    return hitsOf(key);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    otherDb = createDatabase({ kind: 'postgres', url: database.url ?? '' });
  });
  afterAll(async () => {
    await otherDb?.destroy();
    await database?.destroy();
  });

  it('answers far from the limit without waiting for the database, and counts every request once', async () => {
    const store = storeOn(database.db);
    const first = await incr(store, 'far', 100);
    expect(first).toMatchObject({ current: 1, atOnce: false });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await incr(store, 'far', 100));
    expect(answers.every((a) => a.atOnce)).toBe(true);
    expect(answers.map((a) => a.current)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    expect(answers.every((a) => a.ttl > MINUTE - 5_000 && a.ttl <= MINUTE)).toBe(true);
    expect(await settledHits('far', 31)).toBe(31);
  });

  it('sends the counts of requests answered at once together, one statement for every key, soon after the first', async () => {
    const { db, sent } = counted(database.db);
    const store = storeOn(db);
    await incr(store, 'batch-a', 100);
    await incr(store, 'batch-b', 100);
    expect(sent.statements).toBe(2);
    const started = Date.now();
    for (let i = 0; i < 20; i++) expect(await incr(store, i % 2 ? 'batch-a' : 'batch-b', 100)).toMatchObject({ atOnce: true });
    expect(sent.statements).toBe(2);
    await vi.waitFor(() => expect(sent.statements).toBe(3), { timeout: 1_000, interval: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEND_COUNTS_AFTER_MS - 5);
    expect([await settledHits('batch-a', 11), await hitsOf('batch-b')]).toEqual([11, 11]);
    expect(sent.statements).toBe(3);
  });

  it('sends what it has not sent when the server closes', async () => {
    const { Store, sendCounts } = postgresRateLimitStore(database.db);
    const store = new Store({});
    for (let i = 0; i < 5; i++) await incr(store, 'closing', 100);
    await sendCounts();
    expect(await hitsOf('closing')).toBe(5);
  });

  it('counts requests sent side by side once each, its own in-flight ones included in what it answers at once', async () => {
    const store = storeOn(database.db);
    // Not known yet: the database answers each.
    const cold = await Promise.all(Array.from({ length: 10 }, () => incr(store, 'burst', 40)));
    expect(cold.every((a) => !a.atOnce)).toBe(true);
    expect(countsOf(cold)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Known at 10: the next ten, sent before any of their counts is back, are answered 11 to 20
    // at once; from there (over half of 40) the database answers, after it has counted those ten.
    const warm = await Promise.all(Array.from({ length: 20 }, () => incr(store, 'burst', 40)));
    expect(warm.map((a) => a.atOnce)).toEqual([...Array(10).fill(true), ...Array(10).fill(false)]);
    expect(warm.slice(0, 10).map((a) => a.current)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(countsOf(warm.slice(10))).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(await settledHits('burst', 30)).toBe(30);
  });

  it('leaves every answer from half the limit on to the database, which refuses what is over it', async () => {
    const store = storeOn(database.db);
    const answers = [];
    for (let i = 0; i < 14; i++) answers.push(await incr(store, 'near', 10));
    // The first request's key is not known yet; the 2nd to 5th are at most half of 10.
    expect(answers.map((a) => a.atOnce)).toEqual([false, true, true, true, true, ...Array(9).fill(false)]);
    expect(answers.map((a) => a.current)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(answers.filter((a) => a.current > 10)).toHaveLength(4);
    expect(await settledHits('near', 14)).toBe(14);
  });

  it('starts a new window at one, and forgets what it knew of the ended one', async () => {
    const store = storeOn(database.db);
    const window = 1_500;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await incr(store, 'window', 100, window));
    expect(answers.map((a) => [a.current, a.atOnce])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    await new Promise((resolve) => setTimeout(resolve, window + 100));
    const next = await incr(store, 'window', 100, window);
    expect(next).toMatchObject({ current: 1, atOnce: false });
    expect(next.ttl).toBeGreaterThan(window - 500);
    expect(await incr(store, 'window', 100, window)).toMatchObject({ current: 2, atOnce: true });
    expect(await settledHits('window', 2)).toBe(2);
  });

  it('shares one count between two processes, which together never let more than the limit through', async () => {
    const [one, other] = [storeOn(database.db), storeOn(otherDb)];
    const max = 20;
    const answers = [];
    for (let i = 0; i < 2 * max; i++) answers.push(await incr(i % 2 === 0 ? one : other, 'shared', max));
    expect(answers.some((a) => a.atOnce)).toBe(true);
    expect(answers.filter((a) => a.current <= max)).toHaveLength(max);
    expect(answers.slice(max).every((a) => a.current > max)).toBe(true);
    expect(await settledHits('shared', 2 * max)).toBe(2 * max);
  });
});
