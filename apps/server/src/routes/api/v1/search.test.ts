import {
  SEARCH_SORT_PROPERTIES,
  type SearchCriteria,
  type SearchHit,
  type SearchResponse,
  type SearchSortProperty,
} from '@fast/contracts';
import { describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { OSLO_IDS, searchClient, setUpSearchApp } from '../../../../test/search-fixture.ts';
import { DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

// The search and its criteria (the export of a search: search-export.test.ts).

let t: TestApp;
let oslo: Record<string, string>;
let vest: Record<string, string>;

setUpSearchApp((app) => {
  ({ t, oslo, vest } = app);
});

const { payload, post, search, ids } = searchClient(
  () => t,
  () => oslo,
);

describe(`POST /api/v1/facilities/search (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('fills what a payload leaves out: no text, no filter, the first page of 10', async () => {
    const answer = async (body: object) => {
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as SearchResponse;
    };
    expect(await answer({})).toEqual(await search({ hitsToReturn: 10 }));
    expect(await answer({ query: 'propan' })).toEqual(await search({ query: 'propan', hitsToReturn: 10 }));
    expect((await answer({ hitsToReturn: 3 })).hits.map((h) => h.id)).toEqual(OSLO_IDS.slice(0, 3));
  });

  it('answers every facility in scope, by id, without text or filters, with what the table shows', async () => {
    const result = await search();
    expect(result.totalHits).toBe(8);
    expect(result.hits.map((h) => h.id)).toEqual(OSLO_IDS);
    expect(result.hits[2]).toEqual({
      id: 1003,
      privatePerson: false,
      name: 'Ærlig Bensinstasjon',
      address: { street: 'Åsveien 3', postalCode: '0681', postalPlace: 'Oslo' },
      municipality: { id: '0301', name: 'Oslo' },
      firstSubstanceNotificationOn: null,
      client: 'Bensin Norge AS',
      majorAccident: 'PARAGRAPH_NINE',
      facilityUnitTypes: [
        { id: 3, description: 'Drivstoffanlegg' },
        { id: 4, description: 'Tankanlegg' },
      ],
      hasValidCoordinates: true,
    } satisfies SearchHit);
    const privatePerson = result.hits.find((h) => h.id === 1004);
    expect(privatePerson).toMatchObject({ privatePerson: true, name: null, hasValidCoordinates: false, client: 'Ola Hansen' });
  });

  describe('free text', () => {
    it('matches the facility id exactly, not as a prefix', async () => {
      expect(await ids({ query: '1002' })).toEqual([1002]);
      expect(await ids({ query: '100' })).toEqual([]);
    });

    it('finds as you type (a prefix), ignoring case', async () => {
      expect(await ids({ query: 'prop', orderBy: { property: 'id', direction: 'ASC' } })).toEqual([1001, 1008]);
      expect(await ids({ query: 'sTORgata' })).toEqual([1001]);
    });

    it('needs every word to match', async () => {
      expect(await ids({ query: 'propan gartneri' })).toEqual([1008]);
      expect(await ids({ query: 'propan oslo', orderBy: { property: 'id', direction: 'ASC' } })).toEqual([1001, 1008]);
      expect(await ids({ query: 'propan bensin' })).toEqual([]);
    });

    it('matches address, postal code and place', async () => {
      expect(await ids({ query: 'Torggata 50' })).toEqual([1006]);
      expect(await ids({ query: '0580' })).toEqual([1002]);
      expect(await ids({ query: 'Bergen' }, vest)).toEqual([3001]);
      expect(await ids({ query: 'Storgata 1, Oslo' })).toEqual([1001]);
    });

    it('tolerates a typo in words of five letters or more, not in shorter ones', async () => {
      expect(await ids({ query: 'Amoniakk' })).toEqual([1002]);
      expect(await ids({ query: 'amoniak kjøleanleg' })).toEqual([1002]);
      expect(await ids({ query: 'Kaja' })).toEqual([]);
    });

    it('tolerates one edit in words of five letters or more, a transposition included (Damerau), not two', async () => {
      const byId = { orderBy: { property: 'id', direction: 'ASC' } } as const;
      // Two letters swapped: at the end, in the middle, at the start, and in a word of five letters.
      expect(await ids({ query: 'propna', ...byId })).toEqual([1001, 1008]);
      expect(await ids({ query: 'Storgaat' })).toEqual([1001]);
      expect(await ids({ query: 'gartnrei' })).toEqual([1008]);
      expect(await ids({ query: 'rpopan', ...byId })).toEqual([1001, 1008]);
      // "Lager" inside a word too, as every word of the free text is a substring.
      expect(await ids({ query: 'lagre', ...byId })).toEqual([1001, 1005, 1007]);
      // A wrong, a missing and an extra letter in a word of five letters.
      expect(await ids({ query: 'Ærlug' })).toEqual([1003]);
      expect(await ids({ query: 'Økernvein' })).toEqual([1002]);
      expect(await ids({ query: 'Ærrlig' })).toEqual([1003]);
      // Two edits are not one; a word of four letters is taken as typed.
      expect(await ids({ query: 'porpna' })).toEqual([]);
      expect(await ids({ query: 'Olso' })).toEqual([]);
      // Within the caller's scope, as every search.
      expect(await ids({ query: 'propna' }, vest)).toEqual([3001]);
    });

    it('decides typo tolerance from the caller’s own facilities: a word elsewhere in the register changes nothing', async () => {
      // "Bensinstasjn" occurs as typed only in Bergen, outside Oslo's scope. Were it looked for in the
      // whole register, Oslo's near match would vanish, and tell Oslo that Bergen has the word.
      await importTestRecords(t.db, [
        facilityRecord(3090, {
          name: 'Bensinstasjn Laksevåg',
          address: { street: 'Kaien 2', postalCode: '5163', postalPlace: 'Laksevåg', municipalityId: '4601' },
          position: { longitude: 5.29, latitude: 60.39 },
        }),
      ]);
      try {
        expect(await ids({ query: 'Bensinstasjn' })).toEqual([1003]);
        expect(await ids({ query: 'Bensinstasjn' }, vest)).toEqual([3090]);
      } finally {
        await t.db.deleteFrom('facility').where('id', '=', 3090).execute();
      }
    });

    it('treats æ, ø, å as typed and as ae, oe, aa', async () => {
      for (const query of ['Ærlig', 'ærlig', 'aerlig', 'AERLIG', 'Åsveien', 'aasveien']) {
        expect(await ids({ query }), query).toEqual([1003]);
      }
      for (const query of ['Økernveien', 'oekernveien', 'kjøleanlegg', 'kjoeleanlegg']) {
        expect(await ids({ query }), query).toEqual([1002]);
      }
    });

    it('puts the best matches first without a sort, and follows the sort when there is one', async () => {
      // "Gartneri Propan" has the whole word, "Propanlager" only its beginning.
      expect(await ids({ query: 'propan' })).toEqual([1008, 1001]);
      // null is no sort, as leaving it out is.
      expect(await ids({ query: 'propan', orderBy: null })).toEqual([1008, 1001]);
      expect(await ids({ query: 'propan', orderBy: { property: 'id', direction: 'ASC' } })).toEqual([1001, 1008]);
    });

    it('takes SQL and LIKE metacharacters literally: never a match-everything, never an error', async () => {
      expect(await ids({ query: '50%' })).toEqual([1006]);
      expect(await ids({ query: 'lager_nord' })).toEqual([1007]);
      // Only the facilities whose text holds the character itself.
      expect(await ids({ query: '%' })).toEqual([1006]);
      expect(await ids({ query: '_' })).toEqual([1007]);
      for (const query of [
        '%%',
        '__',
        '%_%',
        'lager%nord',
        'lager_%',
        "'",
        '\\',
        '\\%',
        "'; drop table facility; --",
        '" or 1=1 --',
        '*',
        '.*',
      ]) {
        expect(await ids({ query }), query).toEqual([]);
      }
      const count = await t.db
        .selectFrom('facility')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(12);
    });

    it('refuses a query longer than 200 characters', async () => {
      const response = await post(payload({ query: 'a'.repeat(10_000) }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
      expect(await ids({ query: `propan ${'x'.repeat(150)}` })).toEqual([]);
    });
  });

  describe('filters', () => {
    it('filters by facility unit type, any of several, including units after the first', async () => {
      expect(await ids({ facilityObjects: [9] })).toEqual([1002]);
      expect(await ids({ facilityObjects: [3, 9] })).toEqual([1002, 1003]);
      expect(await ids({ facilityObjects: [4] })).toEqual([1003]);
    });

    it('filters by county: no municipality codes is the whole county, codes are those municipalities', async () => {
      expect(await ids({ counties: [{ id: '03', municipalityCodes: [] }] })).toEqual(OSLO_IDS);
      expect(await ids({ counties: [{ id: '46', municipalityCodes: ['4601'] }] }, vest)).toEqual([3001]);
      expect(await ids({ counties: [{ id: '46', municipalityCodes: ['4601', '4624'] }] }, vest)).toEqual([3001, 3002]);
      expect(await ids({ counties: [{ id: '46', municipalityCodes: [] }] }, vest)).toEqual([3001, 3002, 3003]);
    });

    it('filters by substance group: no substance ids is the whole group; groups are ORed', async () => {
      expect(await ids({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }] })).toEqual([1001, 1004, 1006, 1007, 1008]);
      expect(await ids({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [3] }] })).toEqual([1007]);
      expect(await ids({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [1, 3] }] })).toEqual([
        1001, 1004, 1006, 1007, 1008,
      ]);
      expect(
        await ids({
          substanceGroups: [
            { substanceGroupId: 2, substanceIds: [] },
            { substanceGroupId: 4, substanceIds: [16] },
          ],
        }),
      ).toEqual([1002, 1003]);
      expect(await ids({ substanceGroups: [{ substanceGroupId: 7, substanceIds: [] }] })).toEqual([1005]);
    });

    it('filters by major-accident relation, any of several', async () => {
      expect(await ids({ majorAccidentRelations: ['PARAGRAPH_SIX'] })).toEqual([1002, 1008]);
      expect(await ids({ majorAccidentRelations: ['PARAGRAPH_SIX', 'PARAGRAPH_NINE'] })).toEqual([1002, 1003, 1008]);
      expect(await ids({ majorAccidentRelations: ['NOT_AFFECTED'] })).toEqual([1001, 1004, 1005, 1006, 1007]);
    });

    it('ANDs the filter kinds and the free text', async () => {
      expect(
        await ids({
          query: 'propan',
          substanceGroups: [{ substanceGroupId: 1, substanceIds: [] }],
          majorAccidentRelations: ['PARAGRAPH_SIX'],
        }),
      ).toEqual([1008]);
      expect(await ids({ facilityObjects: [1], majorAccidentRelations: ['PARAGRAPH_SIX'] })).toEqual([1008]);
      expect(await ids({ counties: [{ id: '03', municipalityCodes: ['0301'] }], facilityObjects: [9] })).toEqual([1002]);
      expect(await ids({ facilityObjects: [9], majorAccidentRelations: ['PARAGRAPH_NINE'] })).toEqual([]);
      expect(
        await ids({
          query: 'oslo',
          facilityObjects: [1, 2, 5],
          counties: [{ id: '03', municipalityCodes: [] }],
          substanceGroups: [{ substanceGroupId: 1, substanceIds: [1] }],
          majorAccidentRelations: ['NOT_AFFECTED'],
        }),
      ).toEqual([1001, 1004, 1006]);
    });
  });

  describe('scope', () => {
    it('never answers a facility outside the caller’s municipalities, whatever the payload asks for', async () => {
      expect(await ids({ query: 'propan', orderBy: { property: 'id', direction: 'ASC' } })).toEqual([1001, 1008]);
      expect(await ids({ query: '2001' })).toEqual([]);
      expect(await ids({ query: '3001' })).toEqual([]);
      expect(await ids({ counties: [{ id: '32', municipalityCodes: ['3201'] }] })).toEqual([]);
      expect(await ids({ counties: [{ id: '46', municipalityCodes: [] }] })).toEqual([]);
      expect(await ids({}, vest)).toEqual([3001, 3002, 3003]);
      expect(await ids({ query: '1001' }, vest)).toEqual([]);
    });

    it('answers nothing to an organisation without access, and refuses callers without an organisation or token', async () => {
      const none = await t.headersFor('uten.tilgang', DEMO_ORGANISATIONS.hallingdalBrann.organisation_number);
      expect(await search({}, none)).toEqual({ totalHits: 0, hits: [] });
      const withoutOrganisation = await t.headersFor('ny.bruker');
      expect((await post(payload(), withoutOrganisation)).statusCode).toBe(403);
      expect((await post(payload(), {})).statusCode).toBe(401);
    });
  });

  describe('sorting', () => {
    // The server's order: Norwegian letters after z, case and accents ignored, empty values last in
    // both directions, then the id ascending.
    const textKey = (v: string | null) =>
      v === null
        ? null
        : v
            .replace(/[ÆæØøÅå]/g, (c) => ({ æ: '{', ø: '|', å: '}' })[c.toLowerCase()] ?? c)
            .normalize('NFD')
            .replace(/\p{M}/gu, '')
            .toLowerCase();
    const RANK = { NOT_AFFECTED: 0, PARAGRAPH_SIX: 1, PARAGRAPH_NINE: 2 };
    const keyOf: Record<SearchSortProperty, (h: SearchHit) => string | number | boolean | null> = {
      privatePerson: (h) => h.privatePerson,
      id: (h) => h.id,
      name: (h) => textKey(h.name),
      address: (h) => textKey(h.address.street),
      municipality: (h) => textKey(h.municipality.name),
      firstSubstanceNotificationOn: (h) => h.firstSubstanceNotificationOn,
      client: (h) => textKey(h.client),
      majorAccident: (h) => RANK[h.majorAccident],
      facilityUnitTypes: (h) => textKey(h.facilityUnitTypes[0]?.description ?? null),
    };
    function expectedOrder(hits: SearchHit[], property: SearchSortProperty, direction: 'ASC' | 'DESC') {
      const key = keyOf[property];
      return [...hits]
        .sort((a, b) => {
          const ka = key(a);
          const kb = key(b);
          if (ka === null || kb === null) return ka === kb ? a.id - b.id : ka === null ? 1 : -1;
          if (ka === kb) return a.id - b.id;
          const less = ka < kb ? -1 : 1;
          return direction === 'ASC' ? less : -less;
        })
        .map((h) => h.id);
    }

    for (const property of SEARCH_SORT_PROPERTIES) {
      it(`sorts by ${property} both ways with the id as tiebreak`, async () => {
        const all = (await search()).hits;
        for (const direction of ['ASC', 'DESC'] as const) {
          expect(await ids({ orderBy: { property, direction } }), direction).toEqual(expectedOrder(all, property, direction));
        }
      });
    }

    it('orders names the Norwegian way (æ, ø, å after z), empty names last both ways', async () => {
      expect(await ids({ orderBy: { property: 'name', direction: 'ASC' } })).toEqual([
        1002, 1008, 1007, 1001, 1006, 1005, 1003, 1004,
      ]);
      expect(await ids({ orderBy: { property: 'name', direction: 'DESC' } })).toEqual([
        1003, 1005, 1006, 1001, 1007, 1008, 1002, 1004,
      ]);
    });

    it('orders by date with facilities without one last', async () => {
      const asc = [1001, 1006, 1007, 1002, 1005, 1004, 1008, 1003];
      expect(await ids({ orderBy: { property: 'firstSubstanceNotificationOn', direction: 'ASC' } })).toEqual(asc);
      expect(await ids({ orderBy: { property: 'firstSubstanceNotificationOn', direction: 'DESC' } })).toEqual([
        1008, 1004, 1005, 1002, 1007, 1006, 1001, 1003,
      ]);
    });

    it('orders by municipality name', async () => {
      const order = { property: 'municipality', direction: 'ASC' } as const;
      expect(await ids({ orderBy: order }, vest)).toEqual([3003, 3001, 3002]);
      expect(await ids({ orderBy: { ...order, direction: 'DESC' } }, vest)).toEqual([3002, 3001, 3003]);
    });
  });

  describe('paging', () => {
    it('pages through the results: first, last, beyond the end, and a count-only page', async () => {
      const first = await search({ hitsToReturn: 3 });
      expect(first.totalHits).toBe(8);
      expect(first.hits.map((h) => h.id)).toEqual([1001, 1002, 1003]);
      const last = await search({ hitsToSkip: 6, hitsToReturn: 3 });
      expect(last).toMatchObject({ totalHits: 8 });
      expect(last.hits.map((h) => h.id)).toEqual([1007, 1008]);
      expect(await search({ hitsToSkip: 8, hitsToReturn: 3 })).toEqual({ totalHits: 8, hits: [] });
      expect(await search({ hitsToSkip: 1000, hitsToReturn: 50 })).toEqual({ totalHits: 8, hits: [] });
      expect(await search({ hitsToReturn: 0 })).toEqual({ totalHits: 8, hits: [] });
      const sorted = await search({ hitsToSkip: 2, hitsToReturn: 2, orderBy: { property: 'name', direction: 'DESC' } });
      expect(sorted.hits.map((h) => h.id)).toEqual([1006, 1001]);
    });
  });

  describe('bad input', () => {
    const bad: [string, unknown][] = [
      ['a negative hitsToSkip', payload({ hitsToSkip: -1 })],
      ['hitsToReturn over 50', payload({ hitsToReturn: 51 })],
      ['a fractional hitsToReturn', payload({ hitsToReturn: 2.5 })],
      ['an unknown sort property', { ...payload(), orderBy: { property: 'password', direction: 'ASC' } }],
      ['an unknown sort direction', { ...payload(), orderBy: { property: 'name', direction: 'UP' } }],
      ['a number as query', { ...payload(), query: 42 }],
      ['a string as facility type', { ...payload(), facilityObjects: ['1'] }],
      ['a bare string as counties', { ...payload(), counties: '03' }],
      ['a malformed county id', payload({ counties: [{ id: '3', municipalityCodes: [] }] })],
      ['an unknown major-accident relation', { ...payload(), majorAccidentRelations: ['PARAGRAPH_TEN'] }],
      ['an unknown field', { ...payload(), sql: 'select 1' }],
      ['an unknown facility type', payload({ facilityObjects: [99] })],
      ['an unknown county', payload({ counties: [{ id: '99', municipalityCodes: [] }] })],
      ['a municipality outside its county', payload({ counties: [{ id: '03', municipalityCodes: ['4601'] }] })],
      ['an unknown municipality', payload({ counties: [{ id: '03', municipalityCodes: ['0399'] }] })],
      ['an unknown substance group', payload({ substanceGroups: [{ substanceGroupId: 99, substanceIds: [] }] })],
      ['a substance outside its group', payload({ substanceGroups: [{ substanceGroupId: 1, substanceIds: [9] }] })],
      ['a query of 10 000 characters', payload({ query: 'å'.repeat(10_000) })],
    ];
    for (const [what, body] of bad) {
      it(`answers 400 VALIDATION_ERROR to ${what}`, async () => {
        const response = await post(body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
      });
    }

    it('answers 400 to a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/facilities/search',
        headers: { ...oslo, 'content-type': 'application/json' },
        payload: '{"query": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    });
  });
});

describe('GET /api/v1/facilities/search/criteria', () => {
  it('lists the facility unit types and the substance groups with their substances', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/facilities/search/criteria', headers: oslo });
    expect(response.statusCode).toBe(200);
    const criteria = response.json() as SearchCriteria;
    expect(criteria.facilityTypes).toHaveLength(13);
    expect(criteria.facilityTypes[9]).toEqual({
      id: 10,
      description: 'Rørledning / distribusjonsnett',
      descriptionNn: 'Røyrleidning / distribusjonsnett',
    });
    expect(criteria.substanceGroups.map((g) => g.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(criteria.substanceGroups[0]).toMatchObject({ name: 'Brannfarlig gass', nameNn: 'Brannfarleg gass' });
    expect(criteria.substanceGroups[0]?.substances[0]).toEqual({ id: 1, name: 'Propan', nameNn: 'Propan', unNumber: '1978' });
    expect(criteria.substanceGroups.flatMap((g) => g.substances)).toHaveLength(33);
  });

  it('is for signed-in users with an organisation', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/facilities/search/criteria' })).statusCode).toBe(401);
  });
});
