import { request as httpRequest } from 'node:http';
import { ADMIN_ROLE, NO_SEARCH_FILTER } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { expectErrorBody } from '../expectations.ts';
import { importTestRecords } from '../facility-factory.ts';
import { facilityRecord } from '../fixtures/register/records.ts';
import { createTestApp, DEMO_ORGANISATIONS, TEST_ENV, type TestApp } from '../test-app.ts';

// Issue 41: every answer from /api is ours (the error body, the security headers, no caching of
// restricted data), the development identity provider's pages included, and a signed-in request
// is read as RFC 9110 and the configured client say.

const ERROR_BODY = { reference: expect.stringMatching(/^[0-9a-f-]{36}$/), type: expect.any(String), message: expect.any(String) };

let t: TestApp;
let oslo: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '100000', RATE_LIMIT_PER_IP_PER_MINUTE: '100000' });
  await importTestRecords(t.db, [facilityRecord(4101)]);
  oslo = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
});
afterAll(async () => t?.close());

/** A request over a real socket, for what Node's HTTP parser refuses before Fastify sees it. */
async function rawGet(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Fastify’s own refusals (item 7)', () => {
  it('answer a URL that is not UTF-8 with the error body and the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/facilities/%ff', headers: oslo });
    expect(response.statusCode).toBe(400);
    expectErrorBody(response, { type: 'VALIDATION_ERROR', message: 'Adressen er ugyldig.' });
    expect(response.body).not.toContain('%ff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answer a path parameter over 100 characters with the error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${'1'.repeat(120)}`, headers: oslo });
    expect(response.statusCode).toBe(414);
    expectErrorBody(response, { type: 'VALIDATION_ERROR', message: 'Adressen er for lang.' });
    expect(response.body).not.toContain('1111111111');
  });

  it('answer a query string over 16 KB (refused by Node’s parser) with the error body', async () => {
    const response = await rawGet(`/api/v1/places?q=${'a'.repeat(17_000)}`);
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({ ...ERROR_BODY, type: 'VALIDATION_ERROR' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('answers with facility data (item 9)', () => {
  it('are never stored by a browser or a proxy', async () => {
    const requests: { method: 'GET' | 'POST'; url: string; payload?: object; status?: number }[] = [
      { method: 'GET', url: '/api/v1/facilities/4101' },
      { method: 'GET', url: '/api/v1/facilities/4101/attachments' },
      { method: 'GET', url: '/api/v1/map/facilities/4101' },
      { method: 'GET', url: '/api/v1/places?q=Testanlegg%204101' },
      {
        method: 'POST',
        url: '/api/v1/facilities/nearby',
        payload: { latitude: 59.9139, longitude: 10.7522, radiusMeters: 1000 },
      },
      {
        method: 'POST',
        url: '/api/v1/facilities/search',
        payload: { ...NO_SEARCH_FILTER, query: '', hitsToSkip: 0, hitsToReturn: 10 },
      },
      { method: 'GET', url: '/api/v1/facilities/999999', status: 404 },
    ];
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: oslo });
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(request.status ?? 200);
      expect(response.headers['cache-control'], request.url).toMatch(/no-store/);
    }
    // What carries its own ETag is revalidated instead.
    const pipes = await t.app.inject({ method: 'GET', url: '/api/v1/map/gaspipes', headers: oslo });
    expect(pipes.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('the development identity provider (item 8)', () => {
  it('sends the same security headers as every other page, on its own pages and its error pages', async () => {
    for (const url of ['/idp/session/end', '/idp/auth?client_id=nobody']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Its auto-submitting logout form still runs: the provider adds its script's hash to our CSP.
    const logout = await t.app.inject({ method: 'GET', url: '/idp/session/end' });
    expect(String(logout.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);
  });

  it('allows no other origin to call its token endpoint', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/idp/token',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    expect(preflight.headers['access-control-allow-origin']).not.toBe('*');
    const post = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=x&client_id=fast-web',
    });
    expect(post.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  });
});

describe('signing in ("also noticed")', () => {
  it('takes the scheme of the Authorization header in any case (RFC 9110)', async () => {
    const token = oslo.authorization?.split(' ')[1];
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/facilities/4101',
        headers: { ...oslo, authorization: `${scheme} ${token}` },
      });
      expect(response.statusCode, scheme).toBe(200);
    }
  });

  it('takes roles from the realm and FAST’s own client only, not from another client of the realm', async () => {
    const other = await t.tokenFor('oslo.brann', { resource_access: { 'some-other-app': { roles: [ADMIN_ROLE] } } });
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(denied.statusCode).toBe(403);
    const own = await t.tokenFor('oslo.brann', { resource_access: { 'fast-web': { roles: [ADMIN_ROLE] } } });
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers 503, not 401, while the identity provider cannot be reached', async () => {
    // A second server on the same database whose (external) provider does not answer.
    const issuer = 'http://127.0.0.1:9/realms/fast';
    const app = await buildApp(loadConfig({ ...TEST_ENV, OIDC_ISSUER: issuer }), { db: t.db });
    try {
      const token = await t.tokenFor('oslo.brann', { iss: issuer });
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/counties',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body).toBe(503);
      expectErrorBody(response, { type: 'SERVICE_UNAVAILABLE' });
      // A token that is no token at all is still 401: nothing had to be asked of the provider.
      const garbage = await app.inject({ method: 'GET', url: '/api/v1/counties', headers: { authorization: 'Bearer x.y.z' } });
      expect(garbage.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
