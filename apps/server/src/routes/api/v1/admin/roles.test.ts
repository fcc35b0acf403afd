import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../../test/test-app.ts';

/** Every non-admin demo user, with an organisation they represent (terms accepted). */
const NON_ADMINS: [string, string | undefined][] = [
  ['oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number],
  ['vest.110', DEMO_ORGANISATIONS.vest110.organisation_number],
  ['statsforvalter.rogaland', DEMO_ORGANISATIONS.statsforvalterRogaland.organisation_number],
  ['ny.bruker', undefined],
  ['uten.tilgang', DEMO_ORGANISATIONS.hallingdalBrann.organisation_number],
];

let t: TestApp;
let routes: { method: string; url: string }[];
beforeAll(async () => {
  t = await createTestApp();
  // Read from the running app's route tree, so a route added later is covered without editing a list.
  const stack: string[] = [];
  routes = t.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = line.match(/^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/);
      if (!match?.[2] || !match[3]) return [];
      const depth = (match[1]?.length ?? 0) / 4;
      stack.length = depth;
      stack.push(match[2]);
      const url = stack.join('');
      if (!url.startsWith('/api/v1/admin/')) return [];
      return match[3]
        .split(', ')
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: url.replace(':id', '1').replace(':layer', 'addresses') }));
    });
});
afterAll(async () => t?.close());

describe('role enforcement of /api/v1/admin', () => {
  it('finds every admin endpoint', () => {
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /api/v1/admin/access-log',
        'GET /api/v1/admin/api-clients',
        'GET /api/v1/admin/access-log/export',
        'GET /api/v1/admin/audit-log',
        'GET /api/v1/admin/municipality-access',
        'GET /api/v1/admin/organisations',
        'GET /api/v1/admin/reference-layers',
        'GET /api/v1/admin/status-messages',
        'GET /api/v1/admin/terms',
        'POST /api/v1/admin/api-clients',
        'POST /api/v1/admin/api-clients/1/revoke',
        'POST /api/v1/admin/api-clients/1/rotate',
        'POST /api/v1/admin/imports',
        'POST /api/v1/admin/municipality-access/approve',
        'POST /api/v1/admin/municipality-access/deny',
        'POST /api/v1/admin/municipality-access/revoke',
        'POST /api/v1/admin/reference-layers/addresses/imports',
        'POST /api/v1/admin/reference-layers/addresses/rollback',
        'POST /api/v1/admin/status-messages',
        'POST /api/v1/admin/status-messages/1/end',
        'POST /api/v1/admin/terms',
        'PUT /api/v1/admin/status-messages/1',
      ].sort(),
    );
  });

  it.each(NON_ADMINS)('answers 403 ACCESS_DENIED to %s on every admin endpoint', async (username, organisation) => {
    const headers = await t.headersFor(username, organisation);
    for (const route of routes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers,
        ...(route.method === 'GET' ? {} : { payload: { ids: [1], reason: 'x' } }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toMatchObject({ type: 'ACCESS_DENIED' });
    }
  });

  it('answers 401 without a token and 403 to the admin whose token lacks the role', async () => {
    const withoutRole = { authorization: `Bearer ${await t.tokenFor('fast.admin', { realm_access: { roles: [] } })}` };
    for (const route of routes) {
      const anonymous = await t.app.inject({ method: route.method as 'GET', url: route.url });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const response = await t.app.inject({ method: route.method as 'GET', url: route.url, headers: withoutRole });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('changes nothing when a non-admin tries to approve', async () => {
    const pending = await t.db.selectFrom('municipality_access').select('id').where('status', '=', 'PENDING').execute();
    const headers = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/municipality-access/approve',
      headers,
      payload: { ids: pending.map((p) => p.id) },
    });
    expect(response.statusCode).toBe(403);
    const still = await t.db.selectFrom('municipality_access').select('id').where('status', '=', 'PENDING').execute();
    expect(still).toHaveLength(pending.length);
  });

  it('lets fast.admin in on the role alone, without an organisation header', async () => {
    // Explicit roles: the test above stored the role-less token's roles for this user, and tokenFor reads them.
    const token = await t.tokenFor('fast.admin', { realm_access: { roles: ['fast-admin'] } });
    const headers = { authorization: `Bearer ${token}` };
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/admin/municipality-access', headers });
    expect(response.statusCode).toBe(200);
  });
});
