import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HazardCard, MapFacilitiesPage, StatusMessage } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDevToken } from '../../src/cli/dev-token.ts';
import { DEMO_ORGANISATIONS, seedDemoUsers } from '../../src/demo/demo-users.ts';
import { ensureTermsPublished } from '../../src/modules/terms/first-terms.ts';
import { facilityRecord, importTestRecords } from '../facility-factory.ts';
import { freePort, startServerProcess } from '../server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test-database.ts';

const USER_LIMIT = 20;
const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: one public
 * address (PUBLIC_URL, hence one token issuer), any request to either. What one process does,
 * the other must see at once; the caches' 5-second window would make these tests slow or fail.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL', () => {
  let database: TestDatabase;
  let servers: { url: string; child: ChildProcess }[] = [];
  let token: string;
  let adminToken: string;
  let a: string;
  let b: string;

  const call = async (
    base: string,
    method: string,
    path: string,
    options: { token?: string; org?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? token}` };
    if (options.org) headers['fast-org-number'] = options.org;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${base}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  };
  const detail = (base: string) => call(base, 'GET', '/api/v1/facilities/1', { org: OSLO });

  /** Polls until `done`, and answers how long it took: a cache that waited for its window takes 5 s. */
  async function secondsUntil(done: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (!(await done())) {
      if (performance.now() - started > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return (performance.now() - started) / 1000;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTermsPublished(database.db);
    await seedDemoUsers(database.db);
    await importTestRecords(database.db, [facilityRecord(1), facilityRecord(2), facilityRecord(3)]);
    const [portA, portB] = [await freePort(), await freePort()];
    a = `http://127.0.0.1:${portA}`;
    b = `http://127.0.0.1:${portB}`;
    const env = {
      DATABASE_URL: database.url ?? '',
      DATABASE_REPLICA_URL: database.replicaUrl ?? '',
      PUBLIC_URL: a,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_PER_USER_PER_MINUTE: String(USER_LIMIT),
    };
    servers = await Promise.all(
      [portA, portB].map(async (port) => ({
        url: `http://127.0.0.1:${port}`,
        child: await startServerProcess(port, env),
      })),
    );
    // Signed in through the first server's identity provider.
    token = await fetchDevToken(a, 'oslo.brann');
    adminToken = await fetchDevToken(a, 'fast.admin');
  }, 180_000);

  afterAll(async () => {
    for (const { child } of servers) child.kill('SIGKILL');
    await database?.destroy();
  });

  it('accepts a token issued by one server on the other', async () => {
    expect((await call(b, 'POST', '/api/v1/terms/accept', { body: {} })).status).toBe(200);
    expect((await detail(b)).status).toBe(200);
    expect((await detail(a)).status).toBe(200);
  });

  it('reads a map snapshot taken by one server from either', async () => {
    const first = (await (
      await call(a, 'POST', '/api/v1/map/facilities', { org: OSLO, body: { pageSize: 1 } })
    ).json()) as MapFacilitiesPage;
    expect(first.hasMoreResults).toBe(true);
    const second = await call(b, 'POST', '/api/v1/map/facilities', {
      org: OSLO,
      body: { pageSize: 1, pitId: first.pitId, continueFrom: first.continueFrom },
    });
    expect(second.status).toBe(200);
    const page = (await second.json()) as MapFacilitiesPage;
    expect(page.pitId).toBe(first.pitId);
    expect(page.facilities).toHaveLength(1);
    expect(page.facilities).not.toEqual(first.facilities);
  });

  it('ends a status message on the other server at once', async () => {
    const messages = async (base: string) => (await (await call(base, 'GET', '/api/v1/statusmessage')).json()) as StatusMessage[];
    const created = await call(a, 'POST', '/api/v1/admin/status-messages', {
      token: adminToken,
      body: { type: 'WARNING', message: 'Vedlikehold i kveld' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await messages(b)).map((m) => m.message)).toContain('Vedlikehold i kveld');
    expect((await call(a, 'POST', `/api/v1/admin/status-messages/${id}/end`, { token: adminToken })).status).toBe(200);
    expect((await messages(b)).map((m) => m.message)).not.toContain('Vedlikehold i kveld');
  });

  it('makes terms published on one server count on the other at once, not after its 5-second cache', async () => {
    // The other server lets the user through now and remembers that for 5 s (an older pass, which
    // could be about to expire, has expired first).
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await detail(b)).status).toBe(200);
    const current = (await (await call(a, 'GET', '/api/v1/admin/terms', { token: adminToken })).json()) as { version: number }[];
    const published = await call(a, 'POST', '/api/v1/admin/terms', {
      token: adminToken,
      body: { text: { nb: 'Nye vilkår.', nn: 'Nye vilkår.' }, basedOnVersion: Math.max(...current.map((t) => t.version)) },
    });
    expect(published.status).toBe(201);
    expect(await secondsUntil(async () => (await detail(b)).status === 403)).toBeLessThan(2);
    expect((await call(b, 'POST', '/api/v1/terms/accept', { body: {} })).status).toBe(200);
    expect((await detail(b)).status).toBe(200);
  });

  it('withdraws an organisation’s access on the other server at once', async () => {
    expect((await detail(b)).status).toBe(200);
    const entry = await database.db
      .selectFrom('municipality_access as m')
      .innerJoin('app_user as u', 'u.id', 'm.user_id')
      .select('m.id')
      .where('u.username', '=', 'oslo.brann')
      .where('m.municipality_id', '=', '0301')
      .executeTakeFirstOrThrow();
    const revoked = await call(a, 'POST', '/api/v1/admin/municipality-access/revoke', {
      token: adminToken,
      body: { ids: [entry.id] },
    });
    expect(revoked.status).toBe(200);
    expect(await secondsUntil(async () => (await detail(b)).status === 404)).toBeLessThan(2);
  });

  it('shows ERG tables loaded or rolled back through one server on the other at once', async () => {
    const user = await fetchDevToken(a, 'statsforvalter.rogaland');
    expect((await call(b, 'POST', '/api/v1/terms/accept', { token: user, body: {} })).status).toBe(200);
    const edition = async () =>
      ((await (await call(b, 'GET', '/api/v1/substances/1017', { token: user })).json()) as HazardCard).figures?.edition;
    expect(await edition()).toBe('2016');
    const erg2016 = readFileSync(join(import.meta.dirname, '../fixtures/reference/erg-2016-hazard-tables.csv'), 'utf8');
    const load = (body: string) =>
      fetch(`${a}/api/v1/admin/reference-layers/hazard-tables/imports?dryRun=false`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
        body,
      });
    // ERG 2016 as the layer's first version, so that the second has one to roll back to.
    expect((await load(erg2016)).status).toBe(200);
    expect((await load(erg2016.replaceAll(';2016\n', ';2024\n'))).status).toBe(200);
    expect(await secondsUntil(async () => (await edition()) === '2024')).toBeLessThan(2);
    const rolledBack = await call(a, 'POST', '/api/v1/admin/reference-layers/hazard-tables/rollback', { token: adminToken });
    expect(rolledBack.status).toBe(200);
    expect(await secondsUntil(async () => (await edition()) === '2016')).toBeLessThan(2);
  });

  it('counts a user’s requests to both servers against one limit', async () => {
    const vest = await fetchDevToken(a, 'vest.110');
    const answers: number[] = [];
    for (let i = 0; i < 2 * USER_LIMIT; i++) {
      answers.push((await call(i % 2 === 0 ? a : b, 'GET', '/api/v1/reportees', { token: vest })).status);
    }
    // One limit of USER_LIMIT a minute over both; a limit per process would have let all 2 × USER_LIMIT through.
    expect(answers.filter((s) => s === 200)).toHaveLength(USER_LIMIT);
    expect(answers.slice(USER_LIMIT).every((s) => s === 429)).toBe(true);
  });
});
