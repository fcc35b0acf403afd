import { NO_SEARCH_FILTER, type SearchResponse } from '@fast/contracts';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app-types.ts';
import { loadConfig } from '../../src/config.ts';
import { poolOf } from '../../src/db/database.ts';
import { createReadDatabase } from '../../src/db/replica.ts';
import { facilityRecord, importTestRecords } from '../facility-factory.ts';
import { holdEveryConnection } from '../hold-pool.ts';
import { tcpProxy } from '../tcp-proxy.ts';
import { createTestApp, DEMO_ORGANISATIONS, TEST_ENV, type TestApp } from '../test-app.ts';
import { createTestDatabase } from '../test-database.ts';

const replicaUrl = process.env.TEST_DATABASE_REPLICA_URL;

interface Readiness {
  status: string;
  databases: { primary: string; replica?: { status: string; lagSeconds: number | null } };
}

/**
 * The read route on a real streaming replica (TEST_DATABASE_REPLICA_URL, a replica of
 * TEST_DATABASE_URL's cluster). The replica is reached through a TCP proxy that the test cuts, as
 * a failed replica or a partition would; its lag is made by pausing its replay.
 */
describe.runIf(replicaUrl)('read replica', () => {
  let t: TestApp;
  let app: App;
  let proxy: ReturnType<typeof tcpProxy>;
  let headers: Record<string, string>;

  const readiness = async () => (await app.inject({ method: 'GET', url: '/readyz' })).json<Readiness>();
  const replicaStatus = async () => (await readiness()).databases.replica?.status;
  async function until(status: string) {
    const deadline = Date.now() + 20_000;
    while ((await replicaStatus()) !== status && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    return replicaStatus();
  }
  const searchIds = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/facilities/search',
      headers,
      payload: { ...NO_SEARCH_FILTER, query: '', hitsToSkip: 0, hitsToReturn: 50 },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchResponse>().hits.map((h) => h.id);
  };
  /** Runs a statement on the replica itself (pausing or resuming its replay needs a superuser). */
  async function onReplica(statement: string) {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    await importTestRecords(t.db, [facilityRecord(1)]);
    const replica = new URL(t.config.readReplica?.url ?? '');
    proxy = tcpProxy({ host: replica.hostname, port: Number(replica.port || 5432) });
    await proxy.start();
    replica.hostname = '127.0.0.1';
    replica.port = String(proxy.port());
    // A second server on the same databases, whose replica connection goes through the proxy.
    const config = loadConfig(TEST_ENV, { readReplica: { url: replica.toString(), maxLagSeconds: 3 } });
    app = await buildApp(config, { db: t.db });
    await app.ready();
    headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
  });

  afterAll(async () => {
    await onReplica('select pg_wal_replay_resume()').catch(() => {});
    await app?.close();
    await proxy?.stop();
    await t?.close();
  });

  it('reads search from the replica while it answers and keeps up', async () => {
    expect(await until('ok')).toBe('ok');
    expect(await searchIds()).toEqual([1]);
    expect(await app.metrics.registry.getSingleMetricAsString('fast_db_replica_in_use')).toMatch(/fast_db_replica_in_use 1$/);
    const metrics = await app.metrics.registry.getSingleMetricAsString('fast_db_pool_connections');
    expect(metrics).toMatch(/fast_db_pool_connections\{database="replica",state="total"\} [1-9]/);
  });

  it('reads from the primary while the replica lags beyond its bound, and from the replica again once it catches up', async () => {
    await onReplica('select pg_wal_replay_pause()');
    try {
      await importTestRecords(t.db, [facilityRecord(2)]);
      // Within the bound the replica still answers, without the new facility: the read went there.
      expect(await searchIds()).toEqual([1]);
      expect(await until('lagging')).toBe('lagging');
      expect((await readiness()).status).toBe('ok');
      expect(await app.metrics.registry.getSingleMetricAsString('fast_db_replica_in_use')).toMatch(/fast_db_replica_in_use 0$/);
      expect(await searchIds()).toEqual([1, 2]);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    expect(await until('ok')).toBe('ok');
    expect(await searchIds()).toEqual([1, 2]);
  });

  it('keeps the replica in use while a burst holds every pooled connection of the primary', async () => {
    expect(await until('ok')).toBe('ok');
    const pool = poolOf(t.db);
    if (!pool) throw new Error('no pool on PostgreSQL');
    const held = await holdEveryConnection(pool);
    try {
      // A check starts every second and times out after 2 s: one queued behind the burst would by now.
      const seen = new Set<string | undefined>();
      const deadline = Date.now() + 4_500;
      while (Date.now() < deadline) {
        seen.add(await replicaStatus());
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect([...seen]).toEqual(['ok']);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('counts a replica that has replayed nothing the server noted (as at its start) as lagging, and reads from the primary', async () => {
    await onReplica('select pg_wal_replay_pause()');
    let started: App | null = null;
    try {
      await importTestRecords(t.db, [facilityRecord(3)]);
      // A server that starts now: the first position it notes is one the paused replica has not replayed.
      started = await buildApp(
        loadConfig(TEST_ENV, { readReplica: { url: t.config.readReplica?.url ?? '', maxLagSeconds: 3 } }),
        {
          db: t.db,
        },
      );
      await started.ready();
      const deadline = Date.now() + 20_000;
      while (started.replicaState()?.health === 'unavailable' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(started.replicaState()?.health).toBe('lagging');
      const response = await started.inject({
        method: 'POST',
        url: '/api/v1/facilities/search',
        headers,
        payload: { ...NO_SEARCH_FILTER, query: '', hitsToSkip: 0, hitsToReturn: 50 },
      });
      expect(response.json<SearchResponse>().hits.map((h) => h.id)).toEqual([1, 2, 3]);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
      await started?.close();
    }
  });

  it('reads from the primary while the replica does not answer; /readyz says so and stays ready', async () => {
    await proxy.stop();
    expect(await until('unavailable')).toBe('unavailable');
    const ready = await readiness();
    expect(ready).toMatchObject({ status: 'ok', databases: { primary: 'ok', replica: { status: 'unavailable' } } });
    expect(await searchIds()).toEqual([1, 2, 3]);
    await proxy.start();
    expect(await until('ok')).toBe('ok');
    expect(await searchIds()).toEqual([1, 2, 3]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a read replica URL that names a server not in recovery', () => {
  it('is never read from, and the log says why', async () => {
    const database = await createTestDatabase();
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    // The primary itself, as a promoted replica or a logical subscriber would be: not in recovery.
    const read = createReadDatabase(database.db, database.url, { maxLagSeconds: 5, log });
    try {
      const deadline = Date.now() + 20_000;
      while (!warnings.some((w) => w.includes('not in recovery')) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(warnings.join('')).toContain('not in recovery');
      expect(read.replica()).toEqual({ health: 'unavailable', lagSeconds: null });
    } finally {
      await read.close();
      await database.destroy();
    }
  });
});
