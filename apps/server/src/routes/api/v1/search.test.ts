import {
  NO_SEARCH_FILTER,
  SEARCH_SORT_PROPERTIES,
  type SearchCriteria,
  type SearchHit,
  type SearchPayload,
  type SearchResponse,
  type SearchSortProperty,
} from '@fast/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { exportColumns } from '../../../modules/search/search-export.service.ts';

const OSLO_ORG = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const VEST_ORG = DEMO_ORGANISATIONS.vest110.organisation_number;
const OSLO_POSITION = { longitude: 10.7522, latitude: 59.9139 };

let t: TestApp;
let oslo: Record<string, string>;
let vest: Record<string, string>;

const propane = [{ type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 2.5, unit: 'tonn' as const }] }];

beforeAll(async () => {
  t = await createTestApp();
  oslo = await t.headersFor('oslo.brann', OSLO_ORG);
  vest = await t.headersFor('vest.110', VEST_ORG);
  await importTestRecords(t.db, [
    facilityRecord(1001, {
      name: 'Propanlager Oslo AS',
      address: { street: 'Storgata 1', postalCode: '0155', postalPlace: 'Oslo' },
      owner: { name: 'Testeier AS', organisationNumber: '910000020', info: null },
      firstSubstanceNotificationOn: '2015-03-02',
      units: propane,
    }),
    facilityRecord(1002, {
      name: 'Ammoniakk Kjøleanlegg',
      address: { street: 'Økernveien 12', postalCode: '0580', postalPlace: 'Oslo' },
      owner: { name: 'Kjøl og Frys AS', organisationNumber: null, info: null },
      majorAccident: 'PARAGRAPH_SIX',
      firstSubstanceNotificationOn: '2018-05-01',
      units: [{ type: 'KULDE', name: null, substances: [{ substance: 'AMMONIAKK', quantity: 12, unit: 'tonn' }] }],
    }),
    facilityRecord(1003, {
      name: 'Ærlig Bensinstasjon',
      address: { street: 'Åsveien 3', postalCode: '0681', postalPlace: 'Oslo' },
      owner: { name: 'Bensin Norge AS', organisationNumber: null, info: null },
      majorAccident: 'PARAGRAPH_NINE',
      firstSubstanceNotificationOn: null,
      units: [
        { type: 'DRIVSTOFF', name: null, substances: [{ substance: 'BENSIN', quantity: 40, unit: 'm3' }] },
        {
          type: 'TANK',
          name: null,
          substances: [
            { substance: 'DIESEL', quantity: 60, unit: 'm3' },
            { substance: 'BENSIN', quantity: 2.5, unit: 'm3' },
          ],
        },
      ],
    }),
    facilityRecord(1004, {
      name: null,
      ownerType: 'PRIVATE_PERSON',
      owner: { name: 'Ola Hansen', organisationNumber: null, info: null },
      address: { street: 'Hyttestien 5', postalCode: '0891', postalPlace: 'Oslo' },
      position: null,
      positionAccuracy: 'UNSPECIFIED',
      firstSubstanceNotificationOn: '2020-01-15',
      units: propane,
    }),
    facilityRecord(1005, {
      name: 'Sprengstofflager Alna',
      explosives: true,
      owner: { name: 'Sprengstoff AS', organisationNumber: null, info: null },
      address: { street: 'Alnaveien 1', postalCode: '0660', postalPlace: 'Oslo' },
      firstSubstanceNotificationOn: '2019-09-09',
      units: [
        {
          type: 'EKSPLOSIVLAGER',
          name: null,
          substances: [{ substance: 'SPRENGSTOFF_A', quantity: 500, unit: 'kg', hazardDivision: '1.1D' }],
        },
      ],
    }),
    facilityRecord(1006, {
      name: 'Rabatt 50% Gass',
      owner: { name: 'Rabattgass AS', organisationNumber: null, info: null },
      address: { street: 'Torggata 50', postalCode: '0181', postalPlace: 'Oslo' },
      firstSubstanceNotificationOn: '2016-06-06',
      units: [{ type: 'FYLLE_GASS', name: null, substances: [{ substance: 'PROPAN', quantity: 9, unit: 'tonn' }] }],
    }),
    facilityRecord(1007, {
      name: 'Lager_nord',
      owner: { name: "O'Brien Lager AS", organisationNumber: null, info: null },
      address: { street: 'Kaia 2', postalCode: '0150', postalPlace: 'Oslo' },
      firstSubstanceNotificationOn: '2017-07-07',
      units: [{ type: 'LAGER', name: null, substances: [{ substance: 'BUTAN', quantity: 300, unit: 'kg' }] }],
    }),
    facilityRecord(1008, {
      name: 'Gartneri Propan',
      owner: { name: 'Alfa Gartneri AS', organisationNumber: null, info: null },
      address: { street: 'Propanveien 8', postalCode: '0668', postalPlace: 'Oslo' },
      majorAccident: 'PARAGRAPH_SIX',
      firstSubstanceNotificationOn: '2021-02-02',
      units: propane,
    }),
    // Bærum: only requested (not given) for Oslo brann- og redningsetat.
    facilityRecord(2001, {
      name: 'Propan Bærum AS',
      address: { street: 'Sandvikaveien 1', postalCode: '1337', postalPlace: 'Sandvika', municipalityId: '3201' },
      position: { longitude: 10.52, latitude: 59.89 },
    }),
    facilityRecord(3001, {
      name: 'Propan Bergen AS',
      address: { street: 'Bryggen 1', postalCode: '5003', postalPlace: 'Bergen', municipalityId: '4601' },
      position: { longitude: 5.324, latitude: 60.397 },
    }),
    facilityRecord(3002, {
      name: 'Ammoniakk Os',
      address: { street: 'Osvegen 1', postalCode: '5200', postalPlace: 'Os', municipalityId: '4624' },
      position: { longitude: 5.47, latitude: 60.19 },
      units: [{ type: 'KULDE', name: null, substances: [{ substance: 'AMMONIAKK', quantity: 3, unit: 'tonn' }] }],
    }),
    facilityRecord(3003, {
      name: 'Alver Gass',
      address: { street: 'Knarvik senter 1', postalCode: '5914', postalPlace: 'Isdalstø', municipalityId: '4631' },
      position: { longitude: 5.22, latitude: 60.55 },
    }),
  ]);
});
afterAll(async () => t?.close());

const payload = (overrides: Partial<SearchPayload> = {}): SearchPayload => ({
  ...NO_SEARCH_FILTER,
  hitsToSkip: 0,
  hitsToReturn: 50,
  ...overrides,
});

function post(body: unknown, headers = oslo, url = '/api/v1/facilities/search') {
  return t.app.inject({ method: 'POST', url, headers, payload: body as string });
}

async function search(overrides: Partial<SearchPayload> = {}, headers = oslo): Promise<SearchResponse> {
  const response = await post(payload(overrides), headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
}

async function ids(overrides: Partial<SearchPayload> = {}, headers = oslo): Promise<number[]> {
  const result = await search(overrides, headers);
  expect(result.totalHits).toBe(result.hits.length);
  return result.hits.map((h) => h.id);
}

const OSLO_IDS = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008];

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

describe('POST /api/v1/facilities/search/export', () => {
  async function exportWorkbook(overrides: Partial<SearchPayload>, headers = oslo, query = '') {
    const { totalHits } = await search(overrides, headers);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/facilities/search/export${query}`,
      headers,
      payload: { ...payload(overrides), hitsToSkip: 0, hitsToReturn: totalHits },
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no worksheet');
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return { response, totalHits, sheet, header: rows[0] ?? [], rows: rows.slice(1) };
  }

  it('words the workbook in Nynorsk when asked (?lang=nn), and answers 400 for a language it does not have', async () => {
    const { header, rows, sheet } = await exportWorkbook({}, oslo, '?lang=nn');
    expect(sheet.name).toBe('Anlegg');
    expect(header).toEqual(exportColumns('nn').map((c) => c.header));
    expect(header.slice(0, 3)).toEqual(['Privatperson/verksemd', 'Anleggs-ID', 'Namn']);
    expect(header[9]).toBe('Anleggseigar');
    expect(header[15]).toBe('Stoff (samla mengd)');
    const propane = rows[0] ?? [];
    expect(propane[0]).toBe('Verksemd');
    expect(propane[10]).toBe('Ikkje omfatta');
    expect(propane[14]).toBe('Eksakt posisjon');
    const petrol = rows[2] ?? [];
    expect(petrol[10]).toBe('Tryggleiksrapportpliktig etter § 9');
    expect(petrol[11]).toBe('Drivstoffanlegg, Tankanlegg');
    expect(petrol[15]).toBe('Bensin 42,5 m3; Diesel / fyringsolje 60 m3');
    // Bokmål is the default and ?lang=nb says it again.
    expect((await exportWorkbook({}, oslo, '?lang=nb')).header).toEqual(exportColumns('nb').map((c) => c.header));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/facilities/search/export?lang=en',
      headers: oslo,
      payload: { ...payload({}), hitsToSkip: 0, hitsToReturn: 10 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });

  it('streams anlegg.xlsx with Norwegian headers, one row per facility, explosives left out', async () => {
    const { response, totalHits, header, rows, sheet } = await exportWorkbook({});
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="anlegg.xlsx"');
    expect(header).toEqual(exportColumns('nb').map((c) => c.header));
    expect(header.slice(0, 4)).toEqual(['Privatperson/virksomhet', 'Anleggs-ID', 'Navn', 'Adresse']);
    expect(rows).toHaveLength(totalHits - 1);
    expect(rows.map((r) => r[1])).toEqual([1001, 1002, 1003, 1004, 1006, 1007, 1008]);

    const propane = rows[0] ?? [];
    expect(propane.slice(0, 8)).toEqual([
      'Virksomhet',
      1001,
      'Propanlager Oslo AS',
      'Storgata 1',
      '0155',
      'Oslo',
      '0301',
      'Oslo',
    ]);
    // A real date (an Excel serial shown as dd.MM.yyyy), not text.
    expect(propane[8]).toEqual(new Date(Date.UTC(2015, 2, 2)));
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('dd.mm.yyyy');
    expect(propane.slice(9, 16)).toEqual([
      'Testeier AS',
      'Ikke omfattet',
      'Forbruksanlegg',
      OSLO_POSITION.latitude,
      OSLO_POSITION.longitude,
      'Eksakt posisjon',
      'Propan 2,5 tonn',
    ]);
    const petrol = rows[2] ?? [];
    expect(petrol[8] ?? null).toBeNull();
    expect(petrol[10]).toBe('Sikkerhetsrapportpliktig etter § 9');
    expect(petrol[11]).toBe('Drivstoffanlegg, Tankanlegg');
    expect(petrol[15]).toBe('Bensin 42,5 m3; Diesel / fyringsolje 60 m3');
    const privatePerson = rows[3] ?? [];
    expect(privatePerson[0]).toBe('Privatperson');
    expect(privatePerson[12] ?? null).toBeNull();
  });

  it('exports the search as filtered and sorted, never outside the scope, and logs it', async () => {
    const before = await t.db
      .selectFrom('access_log')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('last'))
      .executeTakeFirstOrThrow();
    const sorted = await exportWorkbook({
      query: 'propan',
      orderBy: { property: 'name', direction: 'ASC' },
    });
    expect(sorted.rows.map((r) => r[1])).toEqual([1008, 1001]);

    const explosivesOnly = await exportWorkbook({ substanceGroups: [{ substanceGroupId: 7, substanceIds: [] }] });
    expect(explosivesOnly.totalHits).toBe(1);
    expect(explosivesOnly.rows).toEqual([]);
    expect(explosivesOnly.header).toEqual(exportColumns('nb').map((c) => c.header));

    const vestland = await exportWorkbook({ counties: [{ id: '03', municipalityCodes: [] }] }, vest);
    expect(vestland.rows).toEqual([]);
    const own = await exportWorkbook({}, vest);
    expect(own.rows.map((r) => r[1])).toEqual([3001, 3002, 3003]);

    const log = await t.db
      .selectFrom('access_log')
      .selectAll()
      .where('action', '=', 'EXPORT')
      .where('id', '>', Number(before.last))
      .orderBy('id')
      .execute();
    expect(log.map((l) => [l.organisation_number, l.facility_ids])).toEqual([
      [OSLO_ORG, [1008, 1001]],
      [OSLO_ORG, []],
      [VEST_ORG, []],
      [VEST_ORG, [3001, 3002, 3003]],
    ]);
    expect(JSON.parse(log[0]?.detail ?? '{}')).toMatchObject({ query: 'propan' });
  });

  it('takes a body that leaves fields out ({} is the whole scope; the defaults: search-defaults.test.ts)', async () => {
    const whole = await exportWorkbook({});
    const response = await post({}, oslo, '/api/v1/facilities/search/export');
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]?.rowCount ?? 0) - 1).toBe(whole.rows.length);
    expect(whole.rows.length).toBeGreaterThan(5);
  });

  it('refuses bad payloads like the search', async () => {
    const response = await post({ ...payload(), hitsToSkip: -1 }, oslo, '/api/v1/facilities/search/export');
    expect(response.statusCode).toBe(400);
    const unknown = await post(payload({ facilityObjects: [99] }), oslo, '/api/v1/facilities/search/export');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });
});
