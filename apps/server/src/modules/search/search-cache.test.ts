import { NO_SEARCH_FILTER, type SearchPayload, type SearchResponse } from '@fast/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../test/test-app.ts';
import { createSearchResultCache } from './search-cache.ts';

const OSLO_ORG = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const VEST_ORG = DEMO_ORGANISATIONS.vest110.organisation_number;
const BERGEN = { street: 'Kaiveien 12', postalCode: '5347', postalPlace: 'Ågotnes', municipalityId: '4626' };
const BERGEN_POSITION = { longitude: 5.0218, latitude: 60.4102 };

let t: TestApp;
let oslo: Record<string, string>;
let vest: Record<string, string>;

const search = (query: string, overrides: Partial<SearchPayload> = {}): SearchPayload => ({
  ...NO_SEARCH_FILTER,
  query,
  hitsToSkip: 0,
  hitsToReturn: 50,
  orderBy: { property: 'id', direction: 'ASC' },
  ...overrides,
});

async function hits(headers: Record<string, string>, payload: SearchPayload) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/facilities/search', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as SearchResponse;
  return { total: body.totalHits, ids: body.hits.map((h) => h.id), hits: body.hits };
}

const version = async () => (await sql<{ version: number }>`select version from register_version`.execute(t.db)).rows[0]?.version;

beforeAll(async () => {
  t = await createTestApp();
  oslo = await t.headersFor('oslo.brann', OSLO_ORG);
  vest = await t.headersFor('vest.110', VEST_ORG);
  await importTestRecords(t.db, [
    facilityRecord(7001, { name: 'Hurtiglager Grorud' }),
    facilityRecord(7002, { name: 'Hurtiglager Ågotnes', address: BERGEN, position: BERGEN_POSITION }),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('the search result cache', () => {
  it('is on by default without a read replica, and off with SEARCH_CACHE_MB=0', async () => {
    expect(t.app.searchCache !== null).toBe(t.config.readReplica === null);
    const off = await createTestApp({ SEARCH_CACHE_MB: '0' });
    try {
      expect(off.app.searchCache).toBeNull();
    } finally {
      await off.close();
    }
  });

  it('computes a search once per version and caller, and once for callers asking at the same moment', async () => {
    const cache = createSearchResultCache(1024 * 1024);
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { totalHits: runs, hits: [] };
    };
    const osloScope = { userId: 'u1', organisationNumber: OSLO_ORG };
    const [a, b] = await Promise.all([
      cache.answer(t.db, osloScope, ['propan'], compute),
      cache.answer(t.db, osloScope, ['propan'], compute),
    ]);
    expect([a.totalHits, b.totalHits, runs]).toEqual([1, 1, 1]);
    expect((await cache.answer(t.db, osloScope, ['propan'], compute)).totalHits).toBe(1);
    // Another search, another user, the same user for another organisation: each its own answer.
    await cache.answer(t.db, osloScope, ['diesel'], compute);
    await cache.answer(t.db, { userId: 'u2', organisationNumber: OSLO_ORG }, ['propan'], compute);
    await cache.answer(t.db, { userId: 'u1', organisationNumber: VEST_ORG }, ['propan'], compute);
    expect(runs).toBe(4);
    // A failed computation is not kept.
    await expect(
      cache.answer(t.db, osloScope, ['feil'], async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect((await cache.answer(t.db, osloScope, ['feil'], compute)).totalHits).toBe(5);
    // Any write to the register: computed again.
    await t.db.updateTable('facility').set({ name: 'Hurtiglager Grorud' }).where('id', '=', 7001).execute();
    expect((await cache.answer(t.db, osloScope, ['propan'], compute)).totalHits).toBe(6);
  });

  it.each([
    ['facility', sql`update facility set owner_name = owner_name where id = 7001`],
    ['facility_unit', sql`update facility_unit set name = name where facility_id = 7001`],
    ['stored_substance', sql`update stored_substance set quantity = quantity where facility_id = 7001`],
    ['municipality', sql`update municipality set display_name = display_name where id = '0301'`],
    ['municipality_access', sql`update municipality_access set given = given where municipality_id = '0301'`],
  ])('counts the register version up on a write to %s', async (_table, write) => {
    const before = await version();
    await write.execute(t.db);
    expect(await version()).toBeGreaterThan(before ?? Number.POSITIVE_INFINITY);
  });

  it('answers a search again with what an import added, changed and a delete removed', async () => {
    const payload = search('hurtiglager');
    expect((await hits(oslo, payload)).ids).toEqual([7001]);
    expect((await hits(oslo, payload)).ids).toEqual([7001]);

    await importTestRecords(t.db, [facilityRecord(7003, { name: 'Hurtiglager Alnabru' })]);
    expect((await hits(oslo, payload)).ids.sort()).toEqual([7001, 7003]);

    // The substances changed: a search by substance follows (the facility's arrays, by trigger).
    const propane = search('', { substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }] });
    const before = await hits(oslo, propane);
    expect(before.ids).toContain(7003);
    await importTestRecords(t.db, [
      facilityRecord(7003, {
        name: 'Hurtiglager Alnabru',
        units: [{ type: 'TANK', name: null, substances: [{ substance: 'DIESEL', quantity: 30, unit: 'm3' }] }],
        updatedOn: '2026-11-24',
      }),
    ]);
    const after = await hits(oslo, propane);
    expect(after.ids).not.toContain(7003);
    expect(after.total).toBe(before.total - 1);

    await t.db.deleteFrom('facility').where('id', '=', 7003).execute();
    expect((await hits(oslo, payload)).ids).toEqual([7001]);
  });

  it('shows a renamed municipality by its new name', async () => {
    const payload = search('hurtiglager grorud');
    expect((await hits(oslo, payload)).hits[0]?.municipality.name).toBe('Oslo');
    await t.db.updateTable('municipality').set({ display_name: 'Oslo kommune' }).where('id', '=', '0301').execute();
    try {
      expect((await hits(oslo, payload)).hits[0]?.municipality.name).toBe('Oslo kommune');
    } finally {
      await t.db.updateTable('municipality').set({ display_name: 'Oslo' }).where('id', '=', '0301').execute();
    }
  });

  it("never answers one caller with another's scope, nor with access withdrawn", async () => {
    const payload = search('hurtiglager');
    expect((await hits(oslo, payload)).ids).toEqual([7001]);
    expect((await hits(vest, payload)).ids).toEqual([7002]);
    expect((await hits(oslo, payload)).ids).toEqual([7001]);

    const withdraw = (given: boolean) =>
      t.db
        .updateTable('municipality_access')
        .set({ given })
        .where('organisation_number', '=', OSLO_ORG)
        .where('municipality_id', '=', '0301')
        .execute();
    await withdraw(false);
    try {
      expect(await hits(oslo, payload)).toMatchObject({ total: 0, ids: [] });
    } finally {
      await withdraw(true);
    }
    expect((await hits(oslo, payload)).ids).toEqual([7001]);
  });
});
