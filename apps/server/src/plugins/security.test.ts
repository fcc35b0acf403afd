import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '5', RATE_LIMIT_PER_IP_PER_MINUTE: '8', TRUST_PROXY: '10.9.0.0/16' });
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

/** `count` GETs of `url` from `remoteAddress`, their statuses in order. */
async function statuses(
  count: number,
  url: string,
  remoteAddress: string,
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  const out: number[] = [];
  let last: Awaited<ReturnType<typeof t.app.inject>> | null = null;
  for (let i = 0; i < count; i++) {
    last = await t.app.inject({ method: 'GET', url, remoteAddress, headers: headers(i) });
    out.push(last.statusCode);
  }
  return { out, last };
}

const runs = (status: number, n: number) => Array.from({ length: n }, () => status);

// Issue 41, item 4: the limit counts what is refused too, before it costs a token check or a query.
describe('rate limits on rejected requests', () => {
  it('count requests without a token, and with a bad one, per address', async () => {
    const none = await statuses(10, '/api/v1/counties', '198.51.100.1');
    expect(none.out).toEqual([...runs(401, 8), ...runs(429, 2)]);
    expect(none.last?.json()).toMatchObject({ type: 'RATE_LIMITED', reference: expect.any(String) });
    expect(none.last?.headers['retry-after']).toMatch(/^[0-9]+$/);
    const bad = await statuses(10, '/api/v1/facilities/1', '198.51.100.2', () => ({ authorization: 'Bearer abc.def.ghi' }));
    expect(bad.out).toEqual([...runs(401, 8), ...runs(429, 2)]);
  });

  it('count a signed-in user without an organisation, or with one they do not represent, before the organisation is checked', async () => {
    const signedIn = await t.headersFor('oslo.brann');
    const noOrganisation = await statuses(7, '/api/v1/facilities/1', '198.51.100.3', () => signedIn);
    expect(noOrganisation.out).toEqual([...runs(403, 5), ...runs(429, 2)]);
    const foreign = {
      ...(await t.headersFor('statsforvalter.rogaland')),
      'fast-org-number': DEMO_ORGANISATIONS.osloBrann.organisation_number,
    };
    // From an address each, so that only the user's count can refuse them.
    const foreignOrganisation = await statuses(7, '/api/v1/facilities/1', '198.51.100.4', () => foreign);
    expect(foreignOrganisation.out).toEqual([...runs(403, 5), ...runs(429, 2)]);
    expect(foreignOrganisation.last?.json()).toMatchObject({ type: 'RATE_LIMITED' });
  });

  it('let a user whose token the server knows through an address that is over its limit (many users behind one NAT)', async () => {
    const headers = await t.headersFor('uten.tilgang', DEMO_ORGANISATIONS.hallingdalBrann.organisation_number);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/counties', headers, remoteAddress: '198.51.100.20' })).statusCode,
    ).toBe(200);
    // 198.51.100.1 is over its limit (above): a known token still gets through, an unknown one does not.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/counties', headers, remoteAddress: '198.51.100.1' })).statusCode,
    ).toBe(200);
    const stranger = { authorization: `Bearer ${await t.tokenFor('ny.bruker')}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/counties', headers: stranger, remoteAddress: '198.51.100.1' }))
        .statusCode,
    ).toBe(429);
  });
});

// Issue 41, item 5: X-Forwarded-For is believed only from a proxy named in TRUST_PROXY.
describe('forwarded addresses', () => {
  it('are ignored from anyone else: rotating them does not escape the limit', async () => {
    const rotating = await statuses(10, '/config', '203.0.113.9', (i) => ({ 'x-forwarded-for': `192.0.2.${100 + i}` }));
    expect(rotating.out).toEqual([...runs(200, 8), ...runs(429, 2)]);
  });

  it('are the client address behind a trusted proxy', async () => {
    const clients = await statuses(10, '/config', '10.9.0.1', (i) => ({ 'x-forwarded-for': `192.0.2.${150 + i}` }));
    expect(clients.out).toEqual(runs(200, 10));
    const one = await statuses(10, '/config', '10.9.0.1', () => ({ 'x-forwarded-for': '192.0.2.200' }));
    expect(one.out).toEqual([...runs(200, 8), ...runs(429, 2)]);
  });
});

// Issue 41, item 8: the development identity provider's routes are limited like every other.
describe('the identity provider', () => {
  it('is rate-limited per address', async () => {
    const ends = await statuses(10, '/idp/session/end', '198.51.100.30');
    expect(ends.out).toEqual([...runs(200, 8), ...runs(429, 2)]);
    expect(ends.last?.json()).toMatchObject({ type: 'RATE_LIMITED' });
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
