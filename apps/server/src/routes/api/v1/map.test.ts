import { gunzipSync } from 'node:zlib';
import {
  BASEMAP_TILE_LAYER,
  decodeMapFacility,
  haversineMetres,
  type MapFacilitiesPage,
  type MapFacilityTuple,
  type MapZoneResult,
  NO_SEARCH_FILTER,
} from '@fast/contracts';
import { VectorTile } from '@mapbox/vector-tile';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

const BAERUM = { municipalityId: '3201', postalCode: '1337', postalPlace: 'Sandvika' };
// Bergen's volume set: ids 1 000 001 … 1 025 000, spread over the city centre.
const VOLUME_FIRST_ID = 1_000_001;
const VOLUME_COUNT = 25_000;

let t: TestApp;
let vest: Record<string, string>;
let oslo: Record<string, string>;

/** Inserts the volume set straight in SQL: 25 000 imports would take minutes and test nothing more. */
async function insertVolume(first: number, count: number) {
  await sql`
    insert into facility (id, name, owner_type, owner_name, street_address, postal_code, postal_place, municipality_id,
      longitude, latitude, position_accuracy, major_accident, is_explosives, status, registered_on, updated_on,
      primary_unit_type_id, record_hash)
    select i, 'Volumanlegg ' || i, 'BUSINESS', 'Volum AS', 'Strandkaien ' || (i % 90 + 1), '5003', 'Bergen', '4601',
      5.30 + (i % 500) * 0.0001, 60.38 + ((i / 500) % 100) * 0.0001, 'EXACT',
      case when i % 97 = 0 then 'PARAGRAPH_NINE' when i % 89 = 0 then 'PARAGRAPH_SIX' else 'NOT_AFFECTED' end,
      i % 50 = 0, 'ACTIVE', date '2020-01-01', date '2024-01-01', 1 + i % 11, 'volume'
    from generate_series(${first}::int, ${first + count - 1}::int) as i`.execute(t.db);
}

async function page(headers: Record<string, string>, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/v1/map/facilities', headers, payload: body as object });
}

/** Pages through a snapshot from its first page on; `between` runs after each page. */
async function pageThrough(
  headers: Record<string, string>,
  pageSize: number,
  between: (pageIndex: number) => Promise<void> = async () => {},
): Promise<{ pages: MapFacilitiesPage[]; ids: number[] }> {
  const pages: MapFacilitiesPage[] = [];
  let body: { pageSize: number; pitId?: string; continueFrom?: number } = { pageSize };
  for (;;) {
    const response = await page(headers, body);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<MapFacilitiesPage>();
    pages.push(result);
    if (!result.hasMoreResults) break;
    expect(result.continueFrom).not.toBeNull();
    await between(pages.length - 1);
    body = { pageSize, pitId: result.pitId, continueFrom: result.continueFrom ?? 0 };
  }
  return { pages, ids: pages.flatMap((p) => p.facilities.map((f) => f[0])) };
}

function expectEachOnce(ids: number[], expected: number[]) {
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
}

const range = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i);

beforeAll(async () => {
  t = await createTestApp();
  vest = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
  oslo = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
  await importTestRecords(t.db, [
    facilityRecord(101, {
      name: 'Oslo propan',
      majorAccident: 'PARAGRAPH_NINE',
      position: { longitude: 10.752219, latitude: 59.913868 },
    }),
    facilityRecord(102, { name: 'Oslo uten posisjon', position: null }),
    facilityRecord(103, {
      name: 'Bærum lager',
      address: { ...BAERUM, street: 'Sandviksveien 1' },
      position: { longitude: 10.52, latitude: 59.89 },
    }),
    facilityRecord(104, {
      name: 'Oslo sprengstoff',
      explosives: true,
      units: [
        {
          type: 'EKSPLOSIVLAGER',
          name: null,
          substances: [{ substance: 'SPRENGSTOFF_A', quantity: 500, unit: 'kg', hazardDivision: '1.1D' }],
        },
      ],
      position: { longitude: 10.76, latitude: 59.92 },
    }),
  ]);
  await insertVolume(VOLUME_FIRST_ID, VOLUME_COUNT);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/map/facilities', () => {
  it('pages 25 000 facilities in pages of 10 000, each exactly once, in one snapshot', async () => {
    const { pages, ids } = await pageThrough(vest, 10_000);
    expect(pages.map((p) => p.facilities.length)).toEqual([10_000, 10_000, 5_000]);
    expect(pages.map((p) => p.continueFrom)).toEqual([10_000, 20_000, null]);
    expect(pages.map((p) => p.hasMoreResults)).toEqual([true, true, false]);
    expect(new Set(pages.map((p) => p.pitId)).size).toBe(1);
    expect(pages.every((p) => p.totalCount === VOLUME_COUNT)).toBe(true);
    expectEachOnce(ids, range(VOLUME_FIRST_ID, VOLUME_COUNT));
  });

  it('keeps the snapshot while another transaction inserts, updates and deletes facilities between pages', async () => {
    const before = range(VOLUME_FIRST_ID, VOLUME_COUNT);
    const { ids, pages } = await pageThrough(vest, 10_000, async (index) => {
      await t.db.transaction().execute(async (trx) => {
        // Not yet delivered: deleted, or moved out of the caller's scope.
        await trx
          .deleteFrom('facility')
          .where('id', '>=', VOLUME_FIRST_ID + 20_000 + index * 100)
          .where('id', '<', VOLUME_FIRST_ID + 20_050 + index * 100)
          .execute();
        await trx
          .updateTable('facility')
          .set({ municipality_id: '0301' })
          .where('id', '=', VOLUME_FIRST_ID + 24_000 + index)
          .execute();
        // Already delivered: its new version must not come again.
        await trx
          .updateTable('facility')
          .set({ name: 'Endret' })
          .where('id', '=', VOLUME_FIRST_ID + index)
          .execute();
      });
      await insertVolume(2_000_001 + index * 1_000, 1_000);
    });
    expect(pages).toHaveLength(3);
    expectEachOnce(ids, before);

    // A new snapshot sees the changes: 2 × 50 deleted, 2 moved out, 2 × 1 000 inserted.
    const fresh = await pageThrough(vest, 10_000);
    expect(fresh.ids).toHaveLength(VOLUME_COUNT - 100 - 2 + 2_000);
    expect(new Set(fresh.ids).size).toBe(fresh.ids.length);
    expect(fresh.ids).not.toContain(VOLUME_FIRST_ID + 20_000);
    expect(fresh.ids).toContain(2_000_001);

    // Put the set back for the other tests.
    await t.db.deleteFrom('facility').where('id', '>=', 2_000_001).execute();
    await t.db
      .updateTable('facility')
      .set({ municipality_id: '4601' })
      .where('id', '>=', VOLUME_FIRST_ID)
      .where('municipality_id', '=', '0301')
      .execute();
    for (const index of [0, 1]) await insertVolume(VOLUME_FIRST_ID + 20_000 + index * 100, 50);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'takes the snapshot at one instant even while a concurrent transaction commits in the middle (PostgreSQL)',
    async () => {
      // A second connection deletes and inserts and commits while the snapshot's first page is
      // being taken: the snapshot holds either all of it or none of it, never a mix.
      const pending = t.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('facility')
          .where('id', '>=', VOLUME_FIRST_ID)
          .where('id', '<', VOLUME_FIRST_ID + 10)
          .execute();
        await sql`select pg_sleep(0.05)`.execute(trx);
      });
      const [{ ids }] = await Promise.all([pageThrough(vest, 10_000), pending]);
      const deleted = range(VOLUME_FIRST_ID, 10).filter((id) => ids.includes(id)).length;
      expect([0, 10]).toContain(deleted);
      expect(new Set(ids).size).toBe(ids.length);
      await insertVolume(VOLUME_FIRST_ID, 10);
    },
  );

  it('sends compact tuples with rounded coordinates and only facilities of the scope with a position', async () => {
    const { ids, pages } = await pageThrough(oslo, 10_000);
    expectEachOnce(ids, [101, 104]);
    const facilities = pages.flatMap((p) => p.facilities);
    const propane = facilities.find((f) => f[0] === 101) as MapFacilityTuple;
    expect(propane).toEqual([101, 10.75222, 59.91387, 'Oslo propan', 2, 0, 1]);
    expect(decodeMapFacility(propane)).toMatchObject({ majorAccident: 'PARAGRAPH_NINE', explosives: false, unitTypeId: 1 });
    const explosives = facilities.find((f) => f[0] === 104) as MapFacilityTuple;
    expect(decodeMapFacility(explosives)).toMatchObject({ explosives: true, unitTypeId: 12 });
  });

  it('never gives a user a facility outside their municipalities (pending access does not count)', async () => {
    const { ids } = await pageThrough(oslo, 1);
    expect(ids).not.toContain(103);
    expect(ids.every((id) => id < VOLUME_FIRST_ID)).toBe(true);
    const vestIds = (await pageThrough(vest, 10_000)).ids;
    expect(vestIds.some((id) => id < VOLUME_FIRST_ID)).toBe(false);
    const none = await page(await t.headersFor('uten.tilgang', DEMO_ORGANISATIONS.hallingdalBrann.organisation_number), {
      pageSize: 10,
    });
    expect(none.json()).toMatchObject({ facilities: [], hasMoreResults: false, continueFrom: null, totalCount: 0 });
  });

  it('pages with odd page sizes across block edges', async () => {
    const { pages, ids } = await pageThrough(vest, 2_345);
    expect(pages).toHaveLength(Math.ceil(VOLUME_COUNT / 2_345));
    expectEachOnce(ids, range(VOLUME_FIRST_ID, VOLUME_COUNT));
    const first = await page(vest, { pageSize: 3 });
    const { pitId } = first.json<MapFacilitiesPage>();
    const again = await page(vest, { pageSize: 3, pitId, continueFrom: 999 });
    expect(again.json<MapFacilitiesPage>().facilities.map((f) => f[0])).toEqual([
      1_000_001 + 999,
      1_000_001 + 1_000,
      1_000_001 + 1_001,
    ]);
  });

  it('answers 400 to a bad pageSize, pitId or continueFrom', async () => {
    const first = (await page(vest, { pageSize: 10 })).json<MapFacilitiesPage>();
    const bad: unknown[] = [
      {},
      { pageSize: 0 },
      { pageSize: 10_001 },
      { pageSize: '10' },
      { pageSize: 1.5 },
      { pageSize: 10, pitId: 'not-a-uuid' },
      // The uuid format's urn form, which PostgreSQL's uuid type does not read.
      { pageSize: 10, pitId: `urn:uuid:${first.pitId}` },
      { pageSize: 10, pitId: '6f1c1f5e-8d0f-4a43-9a4b-0c3e5f0b1a2c' },
      { pageSize: 10, continueFrom: 10 },
      { pageSize: 10, pitId: null, continueFrom: 10 },
      { pageSize: 10, pitId: first.pitId, continueFrom: -1 },
      { pageSize: 10, pitId: first.pitId, continueFrom: VOLUME_COUNT + 1 },
      { pageSize: 10, pitId: first.pitId, continueFrom: '10' },
      { pageSize: 10, extra: true },
    ];
    for (const body of bad) {
      const response = await page(vest, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().type).toBe('VALIDATION_ERROR');
    }
    // null is leaving a continuation field out: a new snapshot's first page, or a page from the start.
    const fresh = await page(vest, { pageSize: 10, pitId: null, continueFrom: null });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<MapFacilitiesPage>().pitId).not.toBe(first.pitId);
    const restarted = await page(vest, { pageSize: 10, pitId: first.pitId, continueFrom: null });
    expect(restarted.json<MapFacilitiesPage>().facilities).toEqual(first.facilities);
    // The last position is valid: an empty last page.
    const end = await page(vest, { pageSize: 10, pitId: first.pitId, continueFrom: VOLUME_COUNT });
    expect(end.json()).toMatchObject({ facilities: [], hasMoreResults: false, continueFrom: null });
  });

  it('refuses another user’s, another organisation’s and an expired pitId', async () => {
    const mine = (await page(vest, { pageSize: 10 })).json<MapFacilitiesPage>();
    const next = { pageSize: 10, pitId: mine.pitId, continueFrom: 10 };
    const foreign = await page(oslo, next);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/pitId/);

    const rogaland = await t.headersFor('statsforvalter.rogaland', DEMO_ORGANISATIONS.statsforvalterRogaland.organisation_number);
    const theirs = (await page(rogaland, { pageSize: 10 })).json<MapFacilitiesPage>();
    const otherOrg = await t.headersFor('statsforvalter.rogaland', DEMO_ORGANISATIONS.rogalandBrann.organisation_number);
    expect((await page(otherOrg, { pageSize: 10, pitId: theirs.pitId, continueFrom: 0 })).statusCode).toBe(400);

    await t.db
      .updateTable('map_snapshot')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('pit_id', '=', mine.pitId)
      .execute();
    const expired = await page(vest, next);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().type).toBe('VALIDATION_ERROR');
  });

  it('ends a snapshot when the caller’s scope changes', async () => {
    const rogaland = await t.headersFor('statsforvalter.rogaland', DEMO_ORGANISATIONS.rogalandBrann.organisation_number);
    const first = (await page(rogaland, { pageSize: 1 })).json<MapFacilitiesPage>();
    const user = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'statsforvalter.rogaland')
      .executeTakeFirstOrThrow();
    const removed = await t.db
      .deleteFrom('municipality_access')
      .where('user_id', '=', user.id)
      .where('organisation_number', '=', DEMO_ORGANISATIONS.rogalandBrann.organisation_number)
      .where('municipality_id', '=', '1103')
      .returningAll()
      .execute();
    const after = await page(rogaland, { pageSize: 1, pitId: first.pitId, continueFrom: 0 });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toMatch(/Tilgangene dine er endret/);
    await t.db
      .insertInto('municipality_access')
      .values(
        removed.map((r) => ({
          user_id: r.user_id,
          organisation_number: r.organisation_number,
          municipality_id: r.municipality_id,
          given: r.given,
        })),
      )
      .execute();
  });

  it('keeps at most four snapshots per caller', async () => {
    const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'oslo.brann').executeTakeFirstOrThrow();
    for (let i = 0; i < 6; i++) await page(oslo, { pageSize: 1 });
    const { n } = await t.db
      .selectFrom('map_snapshot')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(4);
  });

  it('shares a snapshot’s facilities between callers of the same municipalities until the register changes', async () => {
    const contentOf = async (pitId: string) =>
      (await t.db.selectFrom('map_snapshot').select('content_id').where('pit_id', '=', pitId).executeTakeFirstOrThrow())
        .content_id;
    // Another user, of another organisation, given exactly vest.110's municipalities.
    const [vestUser, twinUser] = await Promise.all(
      ['vest.110', 'uten.tilgang'].map((username) =>
        t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow(),
      ),
    );
    const hallingdal = DEMO_ORGANISATIONS.hallingdalBrann.organisation_number;
    const vestMunicipalities = await t.db
      .selectFrom('municipality_access')
      .select('municipality_id')
      .where('user_id', '=', vestUser?.id ?? '')
      .where('organisation_number', '=', DEMO_ORGANISATIONS.vest110.organisation_number)
      .where('given', '=', true)
      .execute();
    await t.db
      .insertInto('municipality_access')
      .values(
        vestMunicipalities.map((m) => ({
          user_id: twinUser?.id ?? '',
          organisation_number: hallingdal,
          municipality_id: m.municipality_id,
          given: true,
        })),
      )
      .execute();
    const twin = await t.headersFor('uten.tilgang', hallingdal);

    const mine = (await page(vest, { pageSize: 10 })).json<MapFacilitiesPage>();
    const theirs = (await page(twin, { pageSize: 10 })).json<MapFacilitiesPage>();
    expect(theirs.pitId).not.toBe(mine.pitId);
    expect(await contentOf(theirs.pitId)).toBe(await contentOf(mine.pitId));
    expect(theirs.facilities).toEqual(mine.facilities);
    // Shared facilities, not a shared pitId: each still refuses the other's.
    expect((await page(twin, { pageSize: 10, pitId: mine.pitId, continueFrom: 10 })).statusCode).toBe(400);
    // Other municipalities, another content.
    const osloPit = (await page(oslo, { pageSize: 10 })).json<MapFacilitiesPage>().pitId;
    expect(await contentOf(osloPit)).not.toBe(await contentOf(mine.pitId));

    // A changed register: the next snapshot is taken anew and has the change; the open one has not.
    await t.db.updateTable('facility').set({ name: 'Omdøpt' }).where('id', '=', VOLUME_FIRST_ID).execute();
    const after = (await page(twin, { pageSize: 10 })).json<MapFacilitiesPage>();
    expect(await contentOf(after.pitId)).not.toBe(await contentOf(mine.pitId));
    expect(after.facilities[0]?.[3]).toBe('Omdøpt');
    const before = (await page(vest, { pageSize: 10, pitId: mine.pitId, continueFrom: 0 })).json<MapFacilitiesPage>();
    const name = mine.facilities[0]?.[3] ?? null;
    expect(name).not.toBe('Omdøpt');
    expect(before.facilities[0]?.[3]).toBe(name);

    await t.db.updateTable('facility').set({ name }).where('id', '=', VOLUME_FIRST_ID).execute();
    await t.db
      .deleteFrom('municipality_access')
      .where('user_id', '=', twinUser?.id ?? '')
      .where('organisation_number', '=', hallingdal)
      .execute();
  });

  it('takes one snapshot for callers of the same municipalities who arrive at once', async () => {
    // A changed register: no content to share yet, so the first caller takes one and the others wait for it.
    await t.db.updateTable('facility').set({ name: sql`name` }).where('id', '=', VOLUME_FIRST_ID).execute();
    const before = await t.db.selectFrom('map_snapshot_content').select('content_id').execute();
    const pages = await Promise.all(Array.from({ length: 6 }, () => page(vest, { pageSize: 10 })));
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(pages.map((p) => p.json<MapFacilitiesPage>().pitId)).size).toBe(6);
    const taken = await t.db
      .selectFrom('map_snapshot_content')
      .select('content_id')
      .where(
        'content_id',
        'not in',
        before.length > 0 ? before.map((c) => c.content_id) : ['00000000-0000-0000-0000-000000000000'],
      )
      .execute();
    expect(taken).toHaveLength(1);
  });

  it('gzips a page for a client that accepts it: under 20 bytes per facility, the page of the plain answer, the caller’s own pitId', async () => {
    const gzip = { ...vest, 'accept-encoding': 'gzip' };
    const read = (response: { rawPayload: Buffer }) =>
      JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as MapFacilitiesPage;
    const response = await page(gzip, { pageSize: 10_000 });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const raw = response.rawPayload;
    const body = read(response);
    expect(body.facilities).toHaveLength(10_000);
    expect(raw.length / 10_000).toBeLessThan(20);

    // Another snapshot of the same facilities: the page's facilities are compressed once, the
    // envelope is each caller's own.
    const again = read(await page(gzip, { pageSize: 10_000 }));
    expect(again.pitId).not.toBe(body.pitId);
    expect(again.facilities).toEqual(body.facilities);
    for (const continueFrom of [0, 10_000, 20_000]) {
      const next = { pageSize: 10_000, pitId: again.pitId, continueFrom };
      const zipped = await page(gzip, next);
      expect(read(zipped)).toEqual((await page(vest, next)).json());
    }
  });
});

describe('POST /api/v1/map/facilities/filtered', () => {
  const base = { ...NO_SEARCH_FILTER, hitsToSkip: 0, hitsToReturn: 0 };

  /** Every hit of a search, page by page as the search screen asks for them. */
  async function searchAll(
    headers: Record<string, string>,
    filter: object,
  ): Promise<{ id: number; hasValidCoordinates: boolean }[]> {
    const hits: { id: number; hasValidCoordinates: boolean }[] = [];
    for (let skip = 0; ; skip += 50) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/facilities/search',
        headers,
        payload: { ...base, ...filter, hitsToSkip: skip, hitsToReturn: 50 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ totalHits: number; hits: { id: number; hasValidCoordinates: boolean }[] }>();
      hits.push(...body.hits);
      if (skip + 50 >= body.totalHits) return hits;
    }
  }

  it('answers exactly the search’s facilities that have coordinates, in scope', async () => {
    const cases: [Record<string, string>, object][] = [
      [oslo, { query: '' }],
      [oslo, { query: 'oslo' }],
      [oslo, { counties: [{ id: '03', municipalityCodes: [] }], substanceGroups: [{ substanceGroupId: 7, substanceIds: [] }] }],
      [oslo, { counties: [{ id: '32', municipalityCodes: [] }] }],
      [vest, { majorAccidentRelations: ['PARAGRAPH_NINE'] }],
      [vest, { query: 'volumanlegg 1000', facilityObjects: [2, 3] }],
    ];
    for (const [headers, filter] of cases) {
      const expected = (await searchAll(headers, filter)).filter((h) => h.hasValidCoordinates).map((h) => h.id);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/map/facilities/filtered',
        headers,
        payload: { ...base, ...filter, hitsToReturn: 10 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ facilities: MapFacilityTuple[]; totalCount: number }>();
      const ids = body.facilities.map((f) => f[0]);
      expectEachOnce(ids, expected);
      expect(body.totalCount).toBe(ids.length);
    }
    const some = await t.app.inject({
      method: 'POST',
      url: '/api/v1/map/facilities/filtered',
      headers: vest,
      payload: { ...base, majorAccidentRelations: ['PARAGRAPH_NINE'] },
    });
    expect(some.json().totalCount).toBeGreaterThan(100);
  });

  it('answers 400 to a bad search payload', async () => {
    for (const body of [
      { ...base, extra: true },
      { ...base, facilityObjects: [999] },
      { ...base, query: 5 },
      { ...base, majorAccidentRelations: ['X'] },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/map/facilities/filtered',
        headers: oslo,
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('takes a payload that leaves fields out as no filter: {} is every facility of the scope with a position', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/map/facilities/filtered', headers: oslo, payload });
    const all = await post({});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual((await post(base)).json());
  });
});

describe('GET /api/v1/map/facilities/{id}', () => {
  it('answers the popup of a facility in scope and 404 outside it', async () => {
    const propane = { unNumber: '1978', name: 'Propan', nameNn: 'Propan', edition: '2016' };
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/map/facilities/101', headers: oslo });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 101,
      name: 'Oslo propan',
      privatePerson: false,
      address: { street: 'Storgata 1', postalCode: '0155', postalPlace: 'Oslo' },
      municipality: { id: '0301', name: 'Oslo' },
      majorAccident: 'PARAGRAPH_NINE',
      explosives: false,
      longitude: 10.752219,
      latitude: 59.913868,
      // Propane's guide (115, ERG 2016): isolate 100 m, protect downwind 800 m on a large spill, 1 600 m in fire.
      hazardDistances: {
        isolation: { metres: 100, ...propane, table: 'guide', allDirections: true },
        evacuation: { metres: 800, ...propane, table: 'guide', allDirections: false },
        fire: { metres: 1600, ...propane, table: 'guide', allDirections: true },
      },
    });
    for (const [id, headers] of [
      [103, oslo],
      [101, vest],
      [102, oslo],
      [999_999, oslo],
    ] as const) {
      const outside = await t.app.inject({ method: 'GET', url: `/api/v1/map/facilities/${id}`, headers });
      expect(outside.statusCode, String(id)).toBe(404);
      expect(outside.json().type).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/map/facilities/abc', headers: oslo })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/map/zone', () => {
  const center: [number, number] = [10.7522, 59.9139];
  // Points due north of the centre at known distances (1° latitude ≈ 111 195 m on the mean sphere).
  const north = (metres: number): [number, number] => [center[0], center[1] + metres / 111_194.93];
  const zoneIds = [201, 202, 203, 204, 205];

  beforeAll(async () => {
    const at = ([longitude, latitude]: [number, number]) => ({ longitude, latitude });
    await importTestRecords(t.db, [
      facilityRecord(201, { name: 'Sentrum', position: at(center) }),
      facilityRecord(202, {
        name: 'Nær kanten',
        position: at(north(990)),
        units: [
          { type: 'TANK', name: null, substances: [{ substance: 'DIESEL', quantity: 20_000, unit: 'liter' }] },
          { type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 1_500, unit: 'kg' }] },
        ],
      }),
      facilityRecord(203, { name: 'Utenfor', position: at(north(1_010)) }),
      facilityRecord(204, {
        name: 'Øst',
        position: at([center[0] + 0.005, center[1]]),
        units: [{ type: 'TANK', name: null, substances: [{ substance: 'DIESEL', quantity: 30, unit: 'm3' }] }],
      }),
      facilityRecord(205, { name: 'Langt unna', position: at([center[0] + 0.1, center[1]]) }),
    ]);
  });

  afterAll(async () => {
    await t.db.deleteFrom('facility').where('id', 'in', zoneIds).execute();
  });

  const zone = async (headers: Record<string, string>, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v1/map/zone', headers, payload: body as object });

  it('lists exactly the facilities within a circle’s radius, nearest first, with totals by substance group', async () => {
    const response = await zone(oslo, { circle: { center, radiusMetres: 1000 } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<MapZoneResult>();
    // Independently: which facilities lie within 1000 m by haversine.
    const positions: Record<number, [number, number]> = {
      101: [10.752219, 59.913868],
      104: [10.76, 59.92],
      201: center,
      202: north(990),
      203: north(1010),
      204: [center[0] + 0.005, center[1]],
      205: [center[0] + 0.1, center[1]],
    };
    const inside = Object.entries(positions)
      .filter(([, p]) => haversineMetres(center, p) <= 1000)
      .map(([id]) => Number(id))
      .sort((a, b) => a - b);
    expect(result.facilities.map((f) => f.id).sort((a, b) => a - b)).toEqual(inside);
    expect(result.facilities[0]?.id).toBe(201);
    expect(inside).toContain(202);
    expect(inside).not.toContain(203);
    expect(result.totalCount).toBe(inside.length);
    const distances = result.facilities.map((f) => f.distanceMetres);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(result.facilities.find((f) => f.id === 202)?.distanceMetres).toBeCloseTo(990, 0);

    const diesel = result.substanceTotals.find((s) => s.name === 'Diesel og fyringsoljer');
    expect(diesel).toMatchObject({ cubicMetres: 20 + 30, tonnes: 0, facilityCount: 2, nameNn: 'Diesel og fyringsoljer' });
    const gas = result.substanceTotals.find((s) => s.name === 'Brannfarlig gass');
    // Every default test facility stores 2.5 t of propane; 202 stores 1 500 kg.
    const defaultPropane = inside.filter((id) => [101, 201].includes(id)).length * 2.5;
    expect(gas?.tonnes).toBeCloseTo(defaultPropane + 1.5, 6);
  });

  it('exports exactly the zone’s list, explosives facilities left out, and logs the export', async () => {
    const body = { circle: { center, radiusMetres: 1000 } };
    const listed = (await zone(oslo, body)).json<MapZoneResult>().facilities;
    expect(listed.some((f) => f.explosives)).toBe(true);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/map/zone/export', headers: oslo, payload: body });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('anlegg-i-sone.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const ids: number[] = [];
    sheet?.eachRow((row, number) => {
      if (number > 1) ids.push(Number(row.getCell(2).value));
    });
    expect(ids).toEqual(listed.filter((f) => !f.explosives).map((f) => f.id));
    const log = await t.db.selectFrom('access_log').select(['action', 'facility_ids']).where('action', '=', 'EXPORT').execute();
    expect(log.at(-1)?.facility_ids).toEqual(ids);
  });

  it('lists the facilities inside a polygon, not those in its hole, and never outside the scope', async () => {
    const square = (d: number): [number, number][] => [
      [center[0] - d, center[1] - d],
      [center[0] + d, center[1] - d],
      [center[0] + d, center[1] + d],
      [center[0] - d, center[1] + d],
      [center[0] - d, center[1] - d],
    ];
    const withHole = await zone(oslo, { polygon: { type: 'Polygon', coordinates: [square(0.02), square(0.001)] } });
    expect(withHole.statusCode, withHole.body).toBe(200);
    const ids = withHole.json<MapZoneResult>().facilities.map((f) => f.id);
    expect(ids).toContain(202);
    expect(ids).toContain(204);
    expect(ids).not.toContain(201);
    expect(ids).not.toContain(205);

    const vestResult = await zone(vest, { polygon: { type: 'Polygon', coordinates: [square(0.5)] } });
    expect(vestResult.json<MapZoneResult>()).toMatchObject({ facilities: [], totalCount: 0, substanceTotals: [] });
    const baerum = await zone(oslo, { circle: { center: [10.52, 59.89], radiusMetres: 500 } });
    expect(baerum.json<MapZoneResult>().totalCount).toBe(0);
  });

  it('answers 400 to a malformed zone', async () => {
    for (const body of [
      {},
      { circle: { center, radiusMetres: 0 } },
      { circle: { center, radiusMetres: 1_000_000 } },
      { circle: { center: [200, 60], radiusMetres: 10 } },
      { polygon: { type: 'Polygon', coordinates: [[center, center, center]] } },
      { polygon: { type: 'Polygon', coordinates: [[center, center, center, center]] } },
      { polygon: { type: 'LineString', coordinates: [center, center] } },
      { circle: { center, radiusMetres: 10 }, polygon: { type: 'Polygon', coordinates: [] } },
    ]) {
      const response = await zone(oslo, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().type).toBe('VALIDATION_ERROR');
    }
  });
});

// Issue 41, item 10: a drawn polygon is read as the map shows it only where it is one simple
// shape away from the antimeridian and the poles; anything else is a clear 400, never a guess.
describe('POST /api/v1/map/zone on the sphere', () => {
  beforeAll(async () => {
    // Øygarden, in 110 Vest's scope.
    await importTestRecords(t.db, [
      facilityRecord(211, {
        name: 'Sture',
        position: { longitude: 4.87, latitude: 60.61 },
        address: { municipalityId: '4626', postalCode: '5337', postalPlace: 'Rong' },
      }),
    ]);
  });
  afterAll(async () => {
    await t.db.deleteFrom('facility').where('id', '=', 211).execute();
  });

  const refused = async (coordinates: [number, number][][]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/map/zone',
      headers: vest,
      payload: { polygon: { type: 'Polygon', coordinates } },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', reference: expect.any(String) });
    return (response.json() as { message: string }).message;
  };

  it('refuses a polygon across the antimeridian instead of reading it as a band round the earth', async () => {
    const message = await refused([
      [
        [179, 60],
        [-179, 60],
        [-179, 61],
        [179, 61],
        [179, 60],
      ],
    ]);
    expect(message).toMatch(/datolinjen/);
  });

  it('refuses a polygon round a pole (and beyond what the map shows) with what is wrong', async () => {
    expect(
      await refused([
        [
          [0, 80],
          [120, 80],
          [-120, 80],
          [0, 80],
        ],
      ]),
    ).toMatch(/rundt Nordpolen/);
    expect(
      await refused([
        [
          [10, -70],
          [130, -70],
          [-110, -70],
          [10, -70],
        ],
      ]),
    ).toMatch(/rundt Sydpolen/);
    expect(
      await refused([
        [
          [0, 86],
          [10, 86],
          [10, 88],
          [0, 86],
        ],
      ]),
    ).toMatch(/nærmere polen/);
  });

  it('refuses a polygon whose edges cross (a bow tie), and one that folds back on itself', async () => {
    expect(
      await refused([
        [
          [4, 60],
          [6, 61],
          [6, 60],
          [4, 61],
          [4, 60],
        ],
      ]),
    ).toMatch(/krysser hverandre/);
    // A hole that pokes out of its outline.
    expect(
      await refused([
        [
          [4, 60],
          [6, 60],
          [6, 61],
          [4, 61],
          [4, 60],
        ],
        [
          [5, 60.5],
          [7, 60.5],
          [7, 60.7],
          [5, 60.5],
        ],
      ]),
    ).toMatch(/krysser hverandre/);
  });

  it('still takes an ordinary polygon there, and finds what lies inside', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/map/zone',
      headers: vest,
      payload: {
        polygon: {
          type: 'Polygon',
          coordinates: [
            [
              [4.5, 60.4],
              [5.2, 60.4],
              [5.2, 60.8],
              [4.5, 60.8],
              [4.5, 60.4],
            ],
          ],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MapZoneResult>().facilities.map((f) => f.id)).toEqual([211]);
  });
});

describe('GET /api/v1/map/gaspipes', () => {
  it('answers a FeatureCollection with pressure classes, an ETag and 304 while unchanged', async () => {
    await importTestRecords(t.db, [
      {
        recordType: 'gasPipeline',
        id: 'TEST-HT-01',
        name: 'Kårstø–Bokn',
        owner: 'Testgass AS',
        pressureClass: 'HIGH',
        mopBar: 46.4,
        material: 'Stål',
        diameterMm: 300,
        yearBuilt: 2003,
        substance: 'NATURAL_GAS',
        geometry: {
          type: 'LineString',
          coordinates: [
            [5.524, 59.274],
            [5.44, 59.225],
          ],
        },
      },
    ]);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/map/gaspipes', headers: vest });
    expect(response.statusCode).toBe(200);
    const etag = response.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.json()).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'TEST-HT-01',
          properties: {
            id: 'TEST-HT-01',
            name: 'Kårstø–Bokn',
            owner: 'Testgass AS',
            pressureClass: 'HIGH',
            substance: 'NATURAL_GAS',
            maximumOperatingPressureBar: 46.4,
            diameterMm: 300,
            material: 'Stål',
            yearBuilt: 2003,
          },
          geometry: {
            type: 'LineString',
            coordinates: [
              [5.524, 59.274],
              [5.44, 59.225],
            ],
          },
        },
      ],
    });
    const cached = await t.app.inject({
      method: 'GET',
      url: '/api/v1/map/gaspipes',
      headers: { ...vest, 'if-none-match': String(etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    await importTestRecords(t.db, [
      {
        recordType: 'gasPipeline',
        id: 'TEST-LT-01',
        name: 'Sandnes lavtrykk',
        owner: 'Testgass AS',
        pressureClass: 'LOW',
        mopBar: 0.1,
        material: 'PE',
        diameterMm: 110,
        yearBuilt: 2012,
        substance: 'BIOGAS',
        geometry: {
          type: 'LineString',
          coordinates: [
            [5.73, 58.85],
            [5.74, 58.86],
          ],
        },
      },
    ]);
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/map/gaspipes',
      headers: { ...vest, 'if-none-match': String(etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().features.map((f: { properties: { pressureClass: string } }) => f.properties.pressureClass)).toEqual([
      'HIGH',
      'LOW',
    ]);
  });

  it('needs the organisation level like every data endpoint', async () => {
    const token = await t.tokenFor('vest.110');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/map/gaspipes',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/map/gaspipes' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/map/basemap/{z}/{x}/{y}', () => {
  /** The tile's features by kind and the names of its labels. */
  function readTile(body: Buffer) {
    const layer = new VectorTile(new PbfReader(body)).layers[BASEMAP_TILE_LAYER];
    const features = Array.from({ length: layer?.length ?? 0 }, (_, i) => layer?.feature(i).properties ?? {});
    const count = (kind: string) => features.filter((f) => f.kind === kind).length;
    return { count, names: features.filter((f) => String(f.kind).endsWith('label')).map((f) => f.name) };
  }
  /** The tile at zoom z that holds a position (web mercator). */
  function tileAt(z: number, longitude: number, latitude: number) {
    const n = 2 ** z;
    const rad = (latitude * Math.PI) / 180;
    return {
      x: Math.floor(((longitude + 180) / 360) * n),
      y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
    };
  }

  it('is public, gzipped, cacheable and holds the boundaries and label points of Kartverket’s data', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/map/basemap/0/0/0',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const world = readTile(gunzipSync(response.rawPayload));
    expect([world.count('county'), world.count('county-label'), world.count('municipality-label')]).toEqual([15, 15, 357]);
    // At the whole world's scale the smallest municipalities are under a pixel and left out.
    expect(world.count('municipality')).toBeGreaterThan(250);

    // Deeper, a tile holds what lies in it: Oslo's, not Bergen's.
    const oslo = tileAt(10, 10.75, 59.91);
    const deep = await t.app.inject({ method: 'GET', url: `/api/v1/map/basemap/10/${oslo.x}/${oslo.y}` });
    expect(deep.statusCode).toBe(200);
    const { names, count } = readTile(deep.rawPayload);
    expect(count('municipality')).toBeGreaterThan(0);
    expect(names).toContain('Oslo');
    expect(names).not.toContain('Bergen');

    const cached = await t.app.inject({
      method: 'GET',
      url: '/api/v1/map/basemap/0/0/0',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('answers 204 for a tile with nothing in it and 400 for one that does not exist', async () => {
    const ocean = tileAt(6, -40, 30);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/map/basemap/6/${ocean.x}/${ocean.y}` })).statusCode).toBe(204);
    for (const url of [
      '/api/v1/map/basemap/2/4/0',
      '/api/v1/map/basemap/2/0/4',
      '/api/v1/map/basemap/13/0/0',
      '/api/v1/map/basemap/a/0/0',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().type).toBe('VALIDATION_ERROR');
    }
  });
});
