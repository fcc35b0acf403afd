import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  ADDRESS_SERVICE_HEADER,
  PLACE_HINT_HEADER,
  type PlaceCandidate,
  PlaceHint,
  type PlacesResponse,
  POSTAL_CODE_POINT_ATTRIBUTION,
} from '@fast/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../../test/expectations.ts';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { DEMO_USERS } from '../../../demo/demo-users.ts';
import { GeocoderError, kartverketGeocoder } from '../../../modules/places/kartverket-geocoder.ts';
import { foldPlaceText } from '../../../modules/reference/place-text.ts';
import { REFERENCE_DIR } from '../../../reference-dir.ts';

const reference = <T>(file: string) => JSON.parse(readFileSync(join(REFERENCE_DIR, file), 'utf8')) as T;
const POINTS = reference<{ postcode: string; latitude: number; longitude: number }[]>('postal-code-points.json');
const MUNICIPALITIES = reference<{ id: string; name: string; labelPoint: [number, number] }[]>('municipalities.json');

// ---------------------------------------------------------------------------------------------
// A local stand-in for Kartverket's address API (GET /adresser/v1/sok), answering in its shape.

// 'silent': the request is held open and never answered, so a lookup that did not time out would
// never end (the test's own timeout would fail it): no timing is asserted.
type Mode = 'ok' | 'silent' | 'error';
const kartverket = { mode: 'ok' as Mode, requests: [] as URL[] };
const KARTVERKET_ADDRESSES = [
  {
    adressetekst: 'Kaiveien 12B',
    adressenavn: 'Kaiveien',
    nummer: 12,
    bokstav: 'B',
    postnummer: '5363',
    poststed: 'ÅGOTNES',
    kommunenummer: '4626',
    kommunenavn: 'ØYGARDEN',
    representasjonspunkt: { epsg: 'EPSG:4258', lat: 60.40312, lon: 5.01934 },
  },
  {
    adressetekst: 'Kaiveien 14',
    adressenavn: 'Kaiveien',
    nummer: 14,
    bokstav: '',
    postnummer: '5363',
    poststed: 'ÅGOTNES',
    kommunenummer: '4626',
    kommunenavn: 'ØYGARDEN',
    representasjonspunkt: { epsg: 'EPSG:4258', lat: 60.40345, lon: 5.01978 },
  },
  { adressetekst: 'Uten posisjon 1', postnummer: '5363', poststed: 'ÅGOTNES', kommunenummer: '4626' },
];
// A street of many towns, Kartverket's order: Kristiansand (outside vest.110's scope) before Bergen and Voss.
const KARTVERKET_HAVNEVEIEN = [
  ['Havneveien 2', '4612', 'KRISTIANSAND S', '4204', 58.1433, 7.9912],
  ['Havneveien 3', '5003', 'BERGEN', '4601', 60.3951, 5.3182],
  ['Havneveien 4', '5700', 'VOSS', '4621', 60.6281, 6.4149],
].map(([adressetekst, postnummer, poststed, kommunenummer, lat, lon]) => ({
  adressetekst,
  postnummer,
  poststed,
  kommunenummer,
  representasjonspunkt: { epsg: 'EPSG:4258', lat, lon },
}));

function fakeKartverket(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    kartverket.requests.push(url);
    if (url.pathname !== '/adresser/v1/sok') return res.writeHead(404).end();
    if (kartverket.mode === 'error') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"feil"}');
    if (kartverket.mode === 'silent') return;
    const sok = (url.searchParams.get('sok') ?? '').toLowerCase();
    const adresser = sok.includes('kaiveien') ? KARTVERKET_ADDRESSES : sok.includes('havneveien') ? KARTVERKET_HAVNEVEIEN : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        metadata: { side: 0, treffPerSide: 10, totaltAntallTreff: adresser.length, viserFra: 0, viserTil: adresser.length },
        adresser,
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------

const AGOTNES = { latitude: 60.4087, longitude: 5.0102 };
const FACILITIES = [
  {
    id: 8101,
    municipalityId: '4626',
    street: 'Kaiveien 12B',
    postalCode: '5363',
    place: 'Ågotnes',
    name: 'Ågotnes Terminal',
    position: AGOTNES,
  },
  {
    id: 8102,
    municipalityId: '4601',
    street: 'Strandgaten 5',
    postalCode: '5013',
    place: 'Bergen',
    name: 'Bryggen Gassverk',
    position: { latitude: 60.3975, longitude: 5.3185 },
  },
  {
    id: 8103,
    municipalityId: '0301',
    street: 'Lønnhaugen 77',
    postalCode: '0166',
    place: 'Oslo',
    name: 'Hemmelig Oslolager',
    position: { latitude: 59.9127, longitude: 10.7461 },
  },
  {
    id: 8104,
    municipalityId: '1103',
    street: 'Skippergata 9',
    postalCode: '4005',
    place: 'Stavanger',
    name: 'Stavanger Syrefabrikk',
    position: { latitude: 58.97, longitude: 5.7331 },
  },
  {
    id: 8105,
    municipalityId: '4622',
    street: 'Kvamsvegen 3',
    postalCode: '5600',
    place: 'Norheimsund',
    name: 'Kvam Hemmeliganlegg',
    position: { latitude: 60.3705, longitude: 6.1452 },
  },
];

let t: TestApp;
let server: Server;
let vest: Record<string, string>;

beforeAll(async () => {
  server = fakeKartverket();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    GEOCODER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    GEOCODER_TIMEOUT_MS: '300',
    RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
    RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  });
  await importTestRecords(t.db, [
    ...FACILITIES.map((f) =>
      facilityRecord(f.id, {
        name: f.name,
        address: { street: f.street, postalCode: f.postalCode, postalPlace: f.place, municipalityId: f.municipalityId },
        position: f.position,
      }),
    ),
    // Twelve addresses on one street, more than a lookup shows.
    ...Array.from({ length: 12 }, (_, i) =>
      facilityRecord(8201 + i, {
        address: { street: `Sandviksveien ${i + 1}`, postalCode: '5035', postalPlace: 'Bergen', municipalityId: '4601' },
        position: { latitude: 60.405 + i / 10_000, longitude: 5.32 },
      }),
    ),
  ]);
  vest = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
});
// A test that sets another mode leaves it, also when an assertion fails half-way.
afterEach(() => {
  kartverket.mode = 'ok';
});
afterAll(async () => {
  // The requests held open in 'silent' mode would keep it from closing.
  server?.closeAllConnections();
  server?.close();
  await t?.close();
});

/** The list the API answers, and the address service's state from its header. */
async function places(q: string, headers = vest) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/places', query: { q }, headers });
  expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
  const candidates = response.json() as PlacesResponse;
  expect(Array.isArray(candidates), response.body).toBe(true);
  return {
    candidates,
    addressService: response.headers[ADDRESS_SERVICE_HEADER.toLowerCase()],
    hint: response.headers[PLACE_HINT_HEADER.toLowerCase()],
  };
}

const labels = (answer: { candidates: PlacesResponse }) => answer.candidates.map((c) => `${c.kind}:${c.label}`);

describe('GET /api/v1/places: coordinates', () => {
  it('answers a coordinate with its municipality, in any notation', async () => {
    for (const q of [
      '60.3913, 5.3221',
      "60°23.478'N 5°19.326'E",
      '60°23\'28.7"N 5°19\'19.6"E',
      '32V 296803 6696176',
      '32VKM9680396176',
    ]) {
      const { candidates, addressService } = await places(q);
      expect(candidates, q).toHaveLength(1);
      expect(candidates[0]).toMatchObject({ kind: 'coordinate', municipality: { id: '4601', name: 'Bergen' } });
      expect(addressService).toBe('off');
    }
    const utm = (await places('sone 33 -33077 6729785')).candidates[0];
    expect(utm?.latitude).toBeCloseTo(60.35095, 6);
    expect(utm?.longitude).toBeCloseTo(5.3166538, 6);
  });
  it('says the zone is missing from a UTM easting and northing without one, in either order', async () => {
    for (const q of ['6700000 300000', '300000 6700000', '296803, 6696176', 'Ø 296803 N 6696176']) {
      const answer = await places(q);
      expect(answer.candidates, q).toEqual([]);
      expect(answer.hint, q).toBe(PlaceHint.UTM_ZONE_MISSING);
    }
    // With its zone it is a coordinate; other texts that find nothing get no hint.
    const withZone = await places('32V 300000 6700000');
    expect(withZone.candidates).toHaveLength(1);
    expect(withZone.hint).toBeUndefined();
    for (const q of ['Finnesikkeveien 99', '123 456', '60 5']) expect((await places(q)).hint, q).toBeUndefined();
  });

  it('answers a coordinate outside Norway with no municipality', async () => {
    const { candidates } = await places('40.7128, -74.006');
    expect(candidates).toEqual([
      {
        kind: 'coordinate',
        label: '40,712800° N 74,006000° V (WGS84)',
        latitude: 40.7128,
        longitude: -74.006,
        municipality: null,
      },
    ]);
  });
});

describe('GET /api/v1/places: addresses, postal codes, municipalities, facilities', () => {
  it('finds an address of the scope as it is typed, æøå, case and accents ignored', async () => {
    for (const q of [
      'Kaiv',
      'Kaiveien 12',
      'kaiveien 12b',
      'KAIVEIEN 12 B',
      'Kaiveien 12, Ågotnes',
      'kaiveien 12 agotnes',
      'Kaivéien 12 Aagotnes',
      '5363 kai',
    ]) {
      const [first] = (await places(q)).candidates;
      expect(first, q).toEqual({
        kind: 'address',
        label: 'Kaiveien 12B, 5363 Ågotnes',
        ...AGOTNES,
        municipality: { id: '4626', name: 'Øygarden' },
      });
    }
  });

  it('finds it at every step of typing it, also where a lone letter after a number could be a house letter', async () => {
    // The register's own addresses only: Kartverket's stand-in would answer any "kaiveien".
    kartverket.mode = 'error';
    const typed = 'Kaiveien 12B, 5363 Ågotnes';
    for (let end = 4; end <= typed.length; end++) {
      const q = typed.slice(0, end);
      expect(labels(await places(q)), q).toContain('address:Kaiveien 12B, 5363 Ågotnes');
    }
    for (const q of ['Kaiveien 12, Å', 'Kaiveien 12, Ågo', 'Kaiveien 12B, 5363 Å', 'kaiveien 12 b 5363 å']) {
      expect((await places(q)).candidates[0]?.label, q).toBe('Kaiveien 12B, 5363 Ågotnes');
    }
    expect(labels(await places('5363 Å'))).toContain('postalCode:5363 Ågotnes');
  });

  it('places a postal code by Erik Bolstad’s points with their attribution, never at a facility', async () => {
    const [first] = (await places('5363')).candidates;
    const point = POINTS.find((p) => p.postcode === '5363');
    expect(first).toEqual({
      kind: 'postalCode',
      label: '5363 Ågotnes',
      latitude: point?.latitude,
      longitude: point?.longitude,
      municipality: { id: '4626', name: 'Øygarden' },
      attribution: POSTAL_CODE_POINT_ATTRIBUTION,
    });
    expect(first?.latitude).not.toBe(AGOTNES.latitude);
    expect((await places('Ågotnes')).candidates.some((c) => c.kind === 'postalCode' && c.label === '5363 Ågotnes')).toBe(true);
  });

  it('places a postal code the points lack at its municipality’s label point, without attribution', async () => {
    const son = MUNICIPALITIES.find((m) => m.id === '3216');
    const [first] = (await places('1553')).candidates;
    expect(first).toEqual({
      kind: 'postalCode',
      label: '1553 Son',
      latitude: son?.labelPoint[1],
      longitude: son?.labelPoint[0],
      municipality: { id: '3216', name: son?.name },
    });
  });

  it('finds municipalities by name at their label points, the exact name first', async () => {
    const bergen = MUNICIPALITIES.find((m) => m.id === '4601');
    const { candidates } = await places('Bergen');
    expect(candidates[0]).toEqual({
      kind: 'municipality',
      label: 'Bergen',
      latitude: bergen?.labelPoint[1],
      longitude: bergen?.labelPoint[0],
      municipality: { id: '4601', name: 'Bergen' },
    });
    expect(labels(await places('oygard'))).toContain('municipality:Øygarden');
    expect(labels(await places('Guovdageaidnu'))).toContain('municipality:Kautokeino');
    // Two municipalities of one name: both, each by its display name and number.
    const heroy = (await places('Herøy')).candidates.filter((c) => c.kind === 'municipality');
    expect(heroy.map((c) => [c.label, c.municipality?.id])).toEqual([
      ['Herøy (Møre og Romsdal)', '1515'],
      ['Herøy (Nordland)', '1818'],
    ]);
    expect(labels(await places('valer')).filter((l) => l.startsWith('municipality:'))).toEqual([
      'municipality:Våler (Østfold)',
      'municipality:Våler (Innlandet)',
    ]);
  });

  it('finds a facility of the scope by name or id', async () => {
    const byName = (await places('bryggen gass')).candidates.find((c) => c.kind === 'facility');
    expect(byName).toEqual({
      kind: 'facility',
      label: 'Bryggen Gassverk (8102), Strandgaten 5, 5013 Bergen',
      latitude: 60.3975,
      longitude: 5.3185,
      municipality: { id: '4601', name: 'Bergen' },
      facilityId: 8102,
    });
    expect((await places('8102')).candidates[0]).toEqual(byName);
    // æøå typed as a, o, a or spelt out: the same name.
    for (const q of ['agotnes term', 'Aagotnes Terminal', 'ÅGOTNES T']) {
      expect((await places(q)).candidates.find((c) => c.kind === 'facility')?.facilityId, q).toBe(8101);
    }
  });

  it('gives at most ten candidates, best first', async () => {
    for (const q of ['s', 'sa', 'ber', '5', 'veien']) expect((await places(q)).candidates.length, q).toBeLessThanOrEqual(10);
    const { candidates } = await places('sandviksveien');
    expect(candidates).toHaveLength(10);
    expect(candidates.map((c) => c.label).slice(0, 3)).toEqual([
      'Sandviksveien 1, 5035 Bergen',
      'Sandviksveien 2, 5035 Bergen',
      'Sandviksveien 3, 5035 Bergen',
    ]);
  });
});

describe('GET /api/v1/places: the scope', () => {
  it('lists the caller’s own municipalities first, keeping the ranking within each group (vest.110)', async () => {
    // Kartverket ranks Kristiansand first; vest.110's area (Bergen, Voss) comes before it.
    const answer = await places('Havneveien');
    expect(labels(answer)).toEqual([
      'address:Havneveien 3, 5003 Bergen',
      'address:Havneveien 4, 5700 Voss',
      'address:Havneveien 2, 4612 Kristiansand S',
    ]);
    // A place of the scope typed exactly is still first.
    expect(labels(await places('Voss'))[0]).toBe('municipality:Voss');
  });

  it('never shows an address, a name or an id of a facility outside the caller’s scope, for every demo user', async () => {
    let checked = 0;
    for (const user of DEMO_USERS) {
      for (const { organisation_number } of user.organisations) {
        const headers = await t.headersFor(user.username, organisation_number);
        const scope = new Set(
          (
            await t.db
              .selectFrom('municipality_access as a')
              .innerJoin('app_user as u', 'u.id', 'a.user_id')
              .select('a.municipality_id')
              .where('u.username', '=', user.username)
              .where('a.organisation_number', '=', organisation_number)
              .where('a.given', '=', true)
              .execute()
          ).map((r) => r.municipality_id),
        );
        for (const facility of FACILITIES) {
          const visible = scope.has(facility.municipalityId);
          for (const q of [facility.street, `${facility.street}, ${facility.place}`, facility.name, String(facility.id)]) {
            const { candidates } = await places(q, headers);
            // What would give the facility away: its id, its name, or its position (Kartverket's
            // public address of the same street is no leak; the register's position would be).
            const leaks = candidates.filter(
              (c: PlaceCandidate) =>
                c.facilityId === facility.id ||
                c.label.includes(facility.name) ||
                (c.latitude === facility.position.latitude && c.longitude === facility.position.longitude),
            );
            if (visible) {
              expect(leaks.length, `${user.username} should find ${q}`).toBeGreaterThan(0);
            } else {
              // Kartverket's addresses are public; the fake knows none of these streets.
              expect(leaks, `${user.username}/${organisation_number} must not find ${q}`).toEqual([]);
              expect(JSON.stringify(candidates).includes(facility.name), `${user.username}: ${q}`).toBe(false);
            }
            for (const c of candidates) {
              const ofRegister = FACILITIES.some(
                (f) => c.latitude === f.position.latitude && c.longitude === f.position.longitude,
              );
              if (c.kind === 'facility' || ofRegister) {
                expect(c.municipality && scope.has(c.municipality.id), `${user.username}: ${c.label}`).toBe(true);
              }
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5 * 4 * 5);
  });

  it('refuses a user without an organisation as every data endpoint does', async () => {
    const headers = await t.headersFor('ny.bruker');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/places', query: { q: 'Kaiveien' }, headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/v1/places: Kartverket’s address API', () => {
  it('merges its addresses after the register’s, once each', async () => {
    kartverket.mode = 'ok';
    kartverket.requests = [];
    const answer = await places('Kaiveien 12');
    expect(answer.addressService).toBe('ok');
    expect(labels(answer).slice(0, 2)).toEqual(['address:Kaiveien 12B, 5363 Ågotnes', 'address:Kaiveien 14, 5363 Ågotnes']);
    expect(answer.candidates[0]).toMatchObject(AGOTNES);
    expect(answer.candidates[1]).toEqual({
      kind: 'address',
      label: 'Kaiveien 14, 5363 Ågotnes',
      latitude: 60.40345,
      longitude: 5.01978,
      municipality: { id: '4626', name: 'Øygarden' },
    });
    const [request] = kartverket.requests;
    expect(request?.searchParams.get('sok')).toBe('Kaiveien 12');
    expect(request?.searchParams.get('treffPerSide')).toBe('10');
    expect(request?.searchParams.get('utkoordsys')).toBe('4258');
  });

  it('answers with the offline candidates when it times out, and says so', async () => {
    kartverket.mode = 'silent';
    const answer = await places('Kaiveien 12');
    expect(answer.addressService).toBe('unavailable');
    expect(labels(answer)).toEqual(['address:Kaiveien 12B, 5363 Ågotnes']);
  });

  it('answers with the offline candidates when it fails, and says so', async () => {
    kartverket.mode = 'error';
    const answer = await places('Kaiveien 12');
    expect(answer.addressService).toBe('unavailable');
    expect(labels(answer)).toEqual(['address:Kaiveien 12B, 5363 Ågotnes']);
  });

  it('is not asked for what is no address: a coordinate, a postal code', async () => {
    kartverket.requests = [];
    await places('60.3913, 5.3221');
    await places('5363');
    expect(kartverket.requests).toEqual([]);
  });

  it('fails with a clear error on a timeout, an error status and another shape', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const geocoder = kartverketGeocoder({ url, timeoutMs: 200 });
    kartverket.mode = 'silent';
    await expect(geocoder.search('Kaiveien', 10)).rejects.toThrow(
      new GeocoderError('Kartverkets adressesøk svarte ikke innen 200 ms.'),
    );
    kartverket.mode = 'error';
    await expect(geocoder.search('Kaiveien', 10)).rejects.toThrow(
      new GeocoderError('Kartverkets adressesøk svarte med status 500.'),
    );
    kartverket.mode = 'ok';
    await expect(kartverketGeocoder({ url: `${url}/feil`, timeoutMs: 200 }).search('Kaiveien', 10)).rejects.toThrow(
      'Kartverkets adressesøk svarte med status 404.',
    );
    expect(await geocoder.search('Kaiveien', 10)).toEqual([
      { label: 'Kaiveien 12B, 5363 Ågotnes', latitude: 60.40312, longitude: 5.01934, municipalityId: '4626' },
      { label: 'Kaiveien 14, 5363 Ågotnes', latitude: 60.40345, longitude: 5.01978, municipalityId: '4626' },
    ]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(kartverketGeocoder({ url: closedUrl, timeoutMs: 200 }).search('Kaiveien', 10)).rejects.toThrow(GeocoderError);
  });
});

describe('GET /api/v1/places: bad input', () => {
  it('refuses empty, too long and control-character input with the error body', async () => {
    const bad = [
      '',
      '   ',
      'x'.repeat(201),
      'Kai\u0007veien',
      'Kai\u001bveien',
      '\u007f',
      'Kai\u0085veien',
      'Kai\nveien',
      'Kai\tveien',
      'a\u0000b',
    ];
    for (const q of bad) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/places', query: { q }, headers: vest });
      expect(response.statusCode, JSON.stringify(q)).toBe(400);
      expectErrorBody(response, { type: 'VALIDATION_ERROR' });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/places', headers: vest });
    expect(missing.statusCode).toBe(400);
    expect((await places('x'.repeat(200))).candidates).toEqual([]);
  });

  it('answers any text with candidates or a 400, never an error of its own', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 220 }), fc.string({ unit: 'binary', maxLength: 40 })), async (q) => {
        const response = await t.app.inject({ method: 'GET', url: '/api/v1/places', query: { q }, headers: vest });
        expect([200, 400], `${JSON.stringify(q)}: ${response.body}`).toContain(response.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});

describe('place text', () => {
  it('is folded by the app as the database folds it', async () => {
    const samples = [
      'Kaiveien 12 B',
      'ÆRØ Ålesund Øvre',
      'Bærum',
      'Sjøgata 3a',
      'Kirke allé 12C',
      'Čáhcesuolu',
      'Guovdageaidnu',
      'Straße 5',
      'Øvre Årdal-veien 1/2',
      'AAGOTNES',
      "O'Brien",
    ];
    for (const sample of samples) {
      const row = await sql<{ folded: string }>`select fast_address_search(${sample}, null, null) as folded`.execute(t.db);
      expect(` ${foldPlaceText(sample)}`, sample).toBe(row.rows[0]?.folded);
    }
  });
});
