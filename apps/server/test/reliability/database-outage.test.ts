import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app-types.ts';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { DEMO_ORGANISATIONS } from '../../src/demo/demo-users.ts';
import { tcpProxy } from '../tcp-proxy.ts';
import { createTestApp, TEST_ENV, type TestApp } from '../test-app.ts';

/**
 * The database goes away and comes back, on a real PostgreSQL server: a TCP proxy between the
 * app and the server is cut and restored, as a failover or a network partition would do.
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('database outage (PostgreSQL)', () => {
  let base: TestApp;
  let app: App;
  let db: Db;
  let proxy: ReturnType<typeof tcpProxy>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // The test app creates, migrates and seeds a fresh database; a second app reaches it through the proxy.
    base = await createTestApp();
    const direct = new URL(base.config.database.kind === 'postgres' ? base.config.database.url : (url ?? ''));
    const dbName = (await base.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow())
      .name;
    proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const proxied = new URL(url ?? '');
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port());
    proxied.pathname = `/${dbName}`;
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: proxied.toString() });
    db = createDatabase(config.database);
    app = await buildApp(config, { db });
    await app.ready();
    headers = {
      authorization: (await base.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number)).authorization ?? '',
      'fast-org-number': DEMO_ORGANISATIONS.osloBrann.organisation_number,
    };
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await proxy?.stop();
    await base?.close();
  });

  it('answers 503 with the error body while the database is away, and recovers without a restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/counties', headers })).statusCode).toBe(200);

    await proxy.stop();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', databases: { primary: 'unavailable' } });
    const data = await app.inject({ method: 'GET', url: '/api/v1/counties', headers });
    expect(data.statusCode).toBe(503);
    expect(data.json()).toMatchObject({ type: 'SERVICE_UNAVAILABLE', reference: expect.any(String) });
    expect(data.body).not.toMatch(/ECONNREFUSED|at .*\.ts|select /i);
    // The metrics are still scraped: the values read from the database keep their last state.
    await expect(app.metrics.registry.metrics()).resolves.toContain('fast_http_request_duration_seconds_count');

    await proxy.start();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/counties', headers })).statusCode).toBe(200);
  });
});
