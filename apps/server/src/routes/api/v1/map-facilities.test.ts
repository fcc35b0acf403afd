import { gunzipSync } from 'node:zlib';
import { decodeMapFacility, type MapFacilitiesPage, type MapFacilityTuple, NO_SEARCH_FILTER } from '@fast/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectEachOnce,
  importOsloFacilities,
  insertVolume as insertVolumeInto,
  mapPage,
  pageThroughMap,
  range,
  VOLUME_COUNT,
  VOLUME_FIRST_ID,
} from '../../../../test/map-fixture.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

// The map's facilities: page by page from a snapshot, and those of a search (the other map endpoints: map-*.test.ts).

let t: TestApp;
let vest: Record<string, string>;
let oslo: Record<string, string>;

const page = (headers: Record<string, string>, body: unknown) => mapPage(t, headers, body);
const pageThrough = (headers: Record<string, string>, pageSize: number, between?: (pageIndex: number) => Promise<void>) =>
  pageThroughMap(t, headers, pageSize, between);
const insertVolume = (first: number, count: number) => insertVolumeInto(t.db, first, count);

beforeAll(async () => {
  t = await createTestApp();
  vest = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
  oslo = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
  await importOsloFacilities(t.db);
  await insertVolumeInto(t.db, VOLUME_FIRST_ID, VOLUME_COUNT);
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
