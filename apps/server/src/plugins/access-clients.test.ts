import type { AccessLogPage, AdminAccessPage } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, registerClient } from '../../test/api-clients.ts';
import { expectErrorBody } from '../../test/expectations.ts';
import { facilityRecord, importTestRecords } from '../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../test/test-app.ts';
import { facilitySummaries } from '../modules/facility/facility-summaries.repository.ts';

/**
 * Machine clients (issue 38) at the access hook: a client reads only routes at level `feed`, for
 * its own organisation, exactly the municipalities given to that organisation, and is checked on
 * every request. The feed here is a test-only route at that level, read through the same scope
 * every facility query uses.
 */

const VEST_110 = DEMO_ORGANISATIONS.vest110.organisation_number;
const BERGEN = { id: 871_001, municipalityId: '4601' };
const ASKOY = { id: 871_002, municipalityId: '4627' };
const OSLO = { id: 871_003, municipalityId: '0301' };
// Rogaland brann's (the demo gives it 1103, 1108, 1124, 1127), for the OGC feed below.
const STAVANGER = { id: 871_004, municipalityId: '1103' };
const SANDNES = { id: 871_005, municipalityId: '1108' };
const ROGALAND_BRANN = DEMO_ORGANISATIONS.rogalandBrann.organisation_number;
const OGC_ITEMS = '/ogc/collections/facilities/items?limit=1000';
const FEED = '/test-feed/facilities';
const PER_USER_PER_MINUTE = 40;

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_PER_USER_PER_MINUTE: String(PER_USER_PER_MINUTE), RATE_LIMIT_PER_IP_PER_MINUTE: '100000' },
    {
      beforeReady: (app) =>
        app.get(FEED, { config: { access: 'feed', accessLog: { action: 'VIEW' } } }, async (request, reply) => {
          const ids = (await facilitySummaries(app.db, request.scope).execute()).map((row) => row.id).sort();
          reply.reveals({ facilityIds: ids });
          return { ids };
        }),
    },
  );
  admin = await t.headersFor('fast.admin');
  await importTestRecords(
    t.db,
    [BERGEN, ASKOY, OSLO, STAVANGER, SANDNES].map(({ id, municipalityId }) =>
      facilityRecord(id, { address: { street: 'Strandkaien 1', postalCode: '5013', postalPlace: 'Bergen', municipalityId } }),
    ),
  );
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const ours = (ids: number[]) => ids.filter((id) => [BERGEN.id, ASKOY.id, OSLO.id].includes(id));

async function feed(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: FEED, headers });
}

async function newClient(name: string, organisationNumber: string = VEST_110) {
  const { client, secret } = await registerClient(t, { name, organisationNumber });
  return { client, token: await clientToken(t, client.clientId, secret) };
}

describe('a machine client on the feed', () => {
  it('reads exactly the municipalities given to its organisation, and is logged by its name', async () => {
    const { token } = await newClient('Vest 110 GIS');
    const response = await feed(bearer(token));
    expect(response.statusCode, response.body).toBe(200);
    expect(ours(response.json().ids)).toEqual([BERGEN.id, ASKOY.id]);

    const log = await t.app.inject({ method: 'GET', url: '/api/v1/admin/access-log?user=Vest%20110%20GIS', headers: admin });
    const [entry] = (log.json() as AccessLogPage).entries;
    expect(entry).toMatchObject({
      action: 'VIEW',
      user: { fullName: 'Vest 110 GIS', username: null },
      organisationNumber: VEST_110,
      organisationName: DEMO_ORGANISATIONS.vest110.name,
    });
    expect(entry?.facilityIds).toEqual(expect.arrayContaining([BERGEN.id, ASKOY.id]));
    expect(entry?.facilityIds).not.toContain(OSLO.id);
  });

  it('reads nothing for an organisation with no municipality given', async () => {
    const { token } = await newClient('Hallingdal GIS', DEMO_ORGANISATIONS.hallingdalBrann.organisation_number);
    const response = await feed(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(ours(response.json().ids)).toEqual([]);
  });

  it('takes its own organisation in FAST-ORG-NUMBER, and no other', async () => {
    const { token } = await newClient('Med topptekst');
    expect((await feed({ ...bearer(token), 'fast-org-number': VEST_110 })).statusCode).toBe(200);
    const other = await feed({ ...bearer(token), 'fast-org-number': DEMO_ORGANISATIONS.osloBrann.organisation_number });
    expectErrorBody(other, { status: 403, type: 'ACCESS_DENIED' });
    expect(other.body).not.toContain(String(OSLO.id));
  });

  it('is refused (403) everywhere but the feed', async () => {
    const { token } = await newClient('Bare feeden');
    const calls = [
      { method: 'POST' as const, url: '/api/v1/facilities/search', payload: { query: '', hitsToSkip: 0, hitsToReturn: 10 } },
      { method: 'GET' as const, url: `/api/v1/facilities/${BERGEN.id}` },
      { method: 'GET' as const, url: '/api/v1/counties' },
      { method: 'GET' as const, url: '/api/v1/reportees' },
      { method: 'GET' as const, url: '/api/v1/substances/1005' },
      { method: 'GET' as const, url: '/api/v1/admin/api-clients' },
    ];
    for (const call of calls) {
      const headers = { ...bearer(token), 'fast-org-number': VEST_110 };
      const response = await t.app.inject({ ...call, headers });
      expectErrorBody(response, { status: 403, type: 'ACCESS_DENIED' }, `${call.method} ${call.url}`);
    }
  });

  it('stops reading a municipality at the next request after its approval is withdrawn', async () => {
    const { token } = await newClient('Tilbaketrekking');
    expect(ours((await feed(bearer(token))).json().ids)).toEqual([BERGEN.id, ASKOY.id]);
    const ids = await givenEntries(VEST_110, ASKOY.municipalityId);
    expect(ids.length).toBeGreaterThan(0);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/municipality-access/revoke',
      headers: admin,
      payload: { ids },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(ours((await feed(bearer(token))).json().ids)).toEqual([BERGEN.id]);
  });

  it('is refused (401) at the next request after it is revoked, with the same token', async () => {
    const { client, token } = await newClient('Trekkes tilbake');
    expect((await feed(bearer(token))).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'POST', url: `/api/v1/admin/api-clients/${client.id}/revoke`, headers: admin });
    expect(revoke.statusCode).toBe(200);
    const response = await feed(bearer(token));
    expectErrorBody(response, { status: 401, type: 'ACCESS_DENIED' });
    expect(response.body).not.toContain(String(BERGEN.id));
  });

  it('is refused (401) once it has expired, with a token still valid', async () => {
    const { client, token } = await newClient('Utløper');
    expect((await feed(bearer(token))).statusCode).toBe(200);
    await t.db
      .updateTable('api_client')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', client.id)
      .execute();
    expectErrorBody(await feed(bearer(token)), { status: 401, type: 'ACCESS_DENIED' });
  });

  it('is rate-limited per client, not with other clients of its organisation', async () => {
    const busy = await newClient('Travel klient');
    const calm = await newClient('Rolig klient');
    const statuses: number[] = [];
    for (let i = 0; i <= PER_USER_PER_MINUTE; i++) statuses.push((await feed(bearer(busy.token))).statusCode);
    expect(statuses.slice(0, PER_USER_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await feed(bearer(calm.token))).statusCode).toBe(200);
  });
});

/** The ids of the access entries given to an organisation in a municipality, through the console's API. */
async function givenEntries(organisationNumber: string, municipalityCode: string): Promise<number[]> {
  const entries = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/municipality-access?status=ACTIVE&organisationNumber=${organisationNumber}&municipalityCode=${municipalityCode}`,
    headers: admin,
  });
  return (entries.json() as AdminAccessPage).entries.map((entry) => entry.id);
}

describe('a machine client on the OGC feed (/ogc)', () => {
  const items = (token: string) => t.app.inject({ method: 'GET', url: OGC_ITEMS, headers: bearer(token) });
  const matched = async (token: string) => {
    const response = await items(token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { numberMatched: number; features: { id: number }[] };
    return { numberMatched: body.numberMatched, ids: body.features.map((feature) => feature.id).sort() };
  };

  it('matches its organisation’s approved municipalities, less one withdrawn, and nothing once revoked', async () => {
    const facilities = await t.db
      .selectFrom('facility')
      .select('id')
      .where('municipality_id', 'in', ['1103', '1108', '1124', '1127'])
      .execute();
    expect(facilities.map((f) => f.id).sort()).toEqual([STAVANGER.id, SANDNES.id]);
    const { client, token } = await newClient('Rogaland brann kart', ROGALAND_BRANN);
    expect(await matched(token)).toEqual({ numberMatched: 2, ids: [STAVANGER.id, SANDNES.id] });

    const ids = await givenEntries(ROGALAND_BRANN, SANDNES.municipalityId);
    expect(ids.length).toBeGreaterThan(0);
    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/municipality-access/revoke',
      headers: admin,
      payload: { ids },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(await matched(token)).toEqual({ numberMatched: 1, ids: [STAVANGER.id] });

    const search = await t.app.inject({
      method: 'POST',
      url: '/api/v1/facilities/search',
      headers: { ...bearer(token), 'fast-org-number': ROGALAND_BRANN },
      payload: { query: '', hitsToSkip: 0, hitsToReturn: 10 },
    });
    expectErrorBody(search, { status: 403, type: 'ACCESS_DENIED' });

    await t.app.inject({ method: 'POST', url: `/api/v1/admin/api-clients/${client.id}/revoke`, headers: admin });
    const refused = await items(token);
    expectErrorBody(refused, { status: 401, type: 'ACCESS_DENIED' });
    expect(refused.body).not.toContain(String(STAVANGER.id));
  });
});

describe('a person on the feed', () => {
  it('reads their own scope, as at the organisation level', async () => {
    const response = await feed(await t.headersFor('vest.110', VEST_110));
    expect(response.statusCode).toBe(200);
    expect(ours(response.json().ids)).toContain(BERGEN.id);
    expect(ours(response.json().ids)).not.toContain(OSLO.id);
    expectErrorBody(await feed(await t.headersFor('vest.110')), { status: 403, type: 'ACCESS_DENIED' });
  });

  it('answers 401 without a token', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: FEED }), { status: 401, type: 'ACCESS_DENIED' });
  });
});
