import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '5', RATE_LIMIT_PER_IP_PER_MINUTE: '8' });
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('sends a CSP without inline scripts that lets the map workers run, and forbids framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/frontend/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Plain HTTP in tests: no HSTS, which only means something behind TLS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('limit a signed-in user, with a Norwegian error body', async () => {
    const headers = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | null = null;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/v1/counties', headers });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last?.json()).toMatchObject({ type: 'RATE_LIMITED', message: expect.stringContaining('For mange forespørsler') });
  });

  it('limit anonymous callers by address, and never the health checks', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/config', remoteAddress: '192.0.2.7' })).statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    for (let i = 0; i < 12; i++)
      expect((await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits on PostgreSQL', () => {
  it('reach the shared counters with the requests a server answered just before it closed', async () => {
    const other = await createTestApp();
    try {
      const headers = await other.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
      for (let i = 0; i < 4; i++)
        expect((await other.app.inject({ method: 'GET', url: '/api/v1/counties', headers })).statusCode).toBe(200);
      await other.app.close();
      const { rows } = await sql<{ hits: number }>`select hits from rate_limit where key like 'user:%'`.execute(other.db);
      expect(rows.map((r) => r.hits)).toEqual([4]);
    } finally {
      await other.close();
    }
  });
});

describe('input hygiene', () => {
  it('refuses the NUL character in bodies and query strings with VALIDATION_ERROR', async () => {
    const headers = await t.headersFor('fast.admin', DEMO_ORGANISATIONS.dsb.organisation_number);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/status-messages',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'INFO', message: 'a\u0000b' }),
      remoteAddress: '192.0.2.8',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/access-log?action=%00',
      headers,
      remoteAddress: '192.0.2.8',
    });
    expect(query.statusCode).toBe(400);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/terms/accept',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"\\u0000":1}',
      remoteAddress: '192.0.2.8',
    });
    expect(key.statusCode).toBe(400);
  });
});
