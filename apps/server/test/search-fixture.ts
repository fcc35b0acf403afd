import { NO_SEARCH_FILTER, type SearchPayload, type SearchResponse } from '@fast/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { facilityRecord, importTestRecords } from './facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from './test-app.ts';

// What the search endpoints' tests (src/routes/api/v1/search*.test.ts) share.

export const OSLO_ORG = DEMO_ORGANISATIONS.osloBrann.organisation_number;
export const VEST_ORG = DEMO_ORGANISATIONS.vest110.organisation_number;
export const OSLO_POSITION = { longitude: 10.7522, latitude: 59.9139 };
/** The facilities in Oslo, oslo.brann's scope. */
export const OSLO_IDS = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008];

const propane = [{ type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 2.5, unit: 'tonn' as const }] }];

/** Oslo's facilities (1001–1008), one in Bærum (2001, only asked for by oslo.brann) and Vestland's (3001–3003). */
export async function importSearchFacilities(db: Db): Promise<void> {
  await importTestRecords(db, [
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
}

/**
 * The requests of the search tests, as the caller `headers()` (oslo.brann) unless told otherwise:
 * `payload` fills in what a test leaves out, `search` answers the response, `ids` its hits' ids.
 */
export function searchClient(app: () => TestApp, headers: () => Record<string, string>) {
  const payload = (overrides: Partial<SearchPayload> = {}): SearchPayload => ({
    ...NO_SEARCH_FILTER,
    hitsToSkip: 0,
    hitsToReturn: 50,
    ...overrides,
  });

  function post(body: unknown, as = headers(), url = '/api/v1/facilities/search') {
    return app().app.inject({ method: 'POST', url, headers: as, payload: body as string });
  }

  async function search(overrides: Partial<SearchPayload> = {}, as = headers()): Promise<SearchResponse> {
    const response = await post(payload(overrides), as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SearchResponse;
  }

  async function ids(overrides: Partial<SearchPayload> = {}, as = headers()): Promise<number[]> {
    const result = await search(overrides, as);
    expect(result.totalHits).toBe(result.hits.length);
    return result.hits.map((h) => h.id);
  }

  return { payload, post, search, ids };
}

export interface SearchApp {
  t: TestApp;
  /** Headers of oslo.brann and vest.110, terms accepted. */
  oslo: Record<string, string>;
  vest: Record<string, string>;
}

/** The app of a search test file, with the search facilities imported, handed to `ready` before the tests. */
export function setUpSearchApp(ready: (app: SearchApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    ready({ t: app, oslo: await app.headersFor('oslo.brann', OSLO_ORG), vest: await app.headersFor('vest.110', VEST_ORG) });
    await importSearchFacilities(app.db);
  });
  afterAll(async () => app?.close());
}
