import { NO_SEARCH_FILTER } from '@fast/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { poolOf } from '../../src/db/database.ts';
import { holdEveryConnection } from '../hold-pool.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../test-app.ts';

/**
 * A burst that holds every pooled connection, on a real PostgreSQL server: the server is busy, not
 * down. Requests wait for a connection instead of failing, and readiness stays true, or a load
 * balancer would take every busy server out at once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a server whose every pooled connection is in use (PostgreSQL)', () => {
  let t: TestApp;
  let held: pg.PoolClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    vi.useRealTimers();
    for (const client of held) client.release();
    await t?.close();
  });

  it('stays ready, and answers a request late instead of refusing it', async () => {
    const headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
    const pool = poolOf(t.db);
    if (!pool) throw new Error('no pool on PostgreSQL');
    held = await holdEveryConnection(pool);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ databases: { primary: 'ok' } });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/v1/facilities/search',
      headers,
      payload: { ...NO_SEARCH_FILTER, query: '', hitsToSkip: 0, hitsToReturn: 10 },
    });
    await vi.waitFor(() => expect(pool.waitingCount).toBeGreaterThan(0), { interval: 1 });
    // Far past the time a connection may take to be made: still waiting for one of the pool's.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pool.waitingCount).toBeGreaterThan(0);
    vi.useRealTimers();
    for (const client of held) client.release();
    held = [];
    expect((await answer).statusCode).toBe(200);
  });
});
