import { IMPORT_MEDIA_TYPES, NO_SEARCH_FILTER } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../test/facility-factory.ts';
import { freePort } from '../../test/server-process.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port: number;
let headers: Record<string, string>;

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_IP_PER_MINUTE: '3' });
  await importTestRecords(t.db, [facilityRecord(1)]);
  headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
});

afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
};

describe('metrics', () => {
  it('are scraped in Prometheus format from METRICS_PORT: requests, queries, pools, snapshots, exports, imports, refusals, memory and event loop', async () => {
    const search = { ...NO_SEARCH_FILTER, query: '', hitsToSkip: 0, hitsToReturn: 25 };
    // Every request counts for its address (limit 3 here): the signed-in ones come from addresses of their own.
    const from = (remoteAddress: string) => ({ remoteAddress });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/facilities/search', headers, payload: search, ...from('192.0.2.61') }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/map/facilities',
          headers,
          payload: { pageSize: 10 },
          ...from('192.0.2.62'),
        })
      ).statusCode,
    ).toBe(200);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/facilities/search/export',
      headers,
      payload: search,
      ...from('192.0.2.63'),
    });
    expect(exported.statusCode).toBe(200);
    const admin = await t.headersFor('fast.admin');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/imports?dryRun=true',
      headers: { ...admin, 'content-type': IMPORT_MEDIA_TYPES.ndjson },
      payload: `${JSON.stringify(facilityRecord(2))}\n`,
      ...from('192.0.2.64'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'GET', url: '/config' });

    const text = await scrape();
    expect(text).toMatch(
      /fast_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/facilities\/search",status="200"\} 1\n/,
    );
    expect(text).toMatch(/fast_db_query_duration_seconds_count\{database="primary"\} [1-9]/);
    expect(text).toMatch(/fast_map_snapshots_opened_total 1\n/);
    expect(text).toMatch(/fast_map_snapshots_open\{kind="pit"\} 1\n/);
    expect(text).toMatch(/fast_exports_total\{route="\/api\/v1\/facilities\/search\/export",status="200"\} 1\n/);
    expect(text).toMatch(/fast_rate_limit_refusals_total\{kind="address"\} 1\n/);
    expect(text).toMatch(/fast_register_version [1-9]/);
    expect(text).toMatch(/fast_imports_total\{status="200",dry_run="true"\} 1\n/);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    if (t.engine === 'postgres') expect(text).toMatch(/fast_db_pool_connections\{database="primary",state="total"\} [1-9]/);
  });

  it('are not served on the public port', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
