import { gunzipSync } from 'node:zlib';
import { type HazardCard, type MapFacilityPopup, NEARBY_EXPORT_FILE_NAME, NearbyResponse } from '@fast/contracts';
import ExcelJS from 'exceljs';
import geographiclib from 'geographiclib-geodesic';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../../test/expectations.ts';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { AMMONIA_FACILITY_DISTANCES } from '../../../../test/fixtures/erg-2016.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

const WGS84 = geographiclib.Geodesic.WGS84;
// Bergen sentrum (4601) and Oslo (0301).
const BERGEN = { latitude: 60.3929, longitude: 5.3242 };
const OSLO = { latitude: 59.9127, longitude: 10.7461 };
const RADIUS = 2_000;

/** The point at `distance` metres from `from` towards `azimuth` on the WGS84 geodesic. */
function direct(from: { latitude: number; longitude: number }, azimuth: number, distance: number) {
  const r = WGS84.Direct(from.latitude, from.longitude, azimuth, distance);
  return { latitude: r.lat2 as number, longitude: r.lon2 as number };
}

const inBergen = (
  id: number,
  position: { latitude: number; longitude: number },
  extra: Parameters<typeof facilityRecord>[1] = {},
) =>
  facilityRecord(id, {
    name: `Nærhet ${id}`,
    address: { street: `Nærhetsveien ${id}`, postalCode: '5003', postalPlace: 'Bergen', municipalityId: '4601' },
    position,
    ...extra,
  });

type Units = ReturnType<typeof facilityRecord>['units'];
/** One consumer unit storing these substances. */
const consumer = (...substances: Units[number]['substances']): Units => [{ type: 'FORBRUK', name: null, substances }];

// Facilities around the Bergen point: at known geodesic distances and bearings, on both sides of
// the radius, one in Kvam (4622, outside vest.110's scope) inside the circle of 50 km, and Oslo's.
const AROUND = [
  { id: 7001, azimuth: 0, distance: 0 },
  { id: 7002, azimuth: 45, distance: 350 },
  { id: 7003, azimuth: 200, distance: 1_234.5 },
  { id: 7004, azimuth: 100, distance: 800 },
  { id: 7005, azimuth: 300, distance: RADIUS - 0.05 },
  { id: 7006, azimuth: 120, distance: RADIUS + 0.05 },
  { id: 7007, azimuth: 270, distance: 800 }, // the same distance as 7004: the lower id first
  { id: 7008, azimuth: 10, distance: 49_000 },
];

let t: TestApp;
let vest: Record<string, string>;
let oslo: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_USER_PER_MINUTE: '100000', RATE_LIMIT_PER_IP_PER_MINUTE: '100000' });
  await importTestRecords(t.db, [
    ...AROUND.map(({ id, azimuth, distance }) =>
      inBergen(id, direct(BERGEN, azimuth, distance), {
        units: consumer({ substance: 'PROPAN', quantity: 2.5, unit: 'tonn' }, { substance: 'PROPAN', quantity: 500, unit: 'kg' }),
      }),
    ),
    inBergen(7009, direct(BERGEN, 180, 600), {
      explosives: true,
      name: 'Nærhet kruttlager',
      units: [
        {
          type: 'EKSPLOSIVLAGER',
          name: null,
          substances: [{ substance: 'SPRENGSTOFF_A', quantity: 500, unit: 'kg', hazardDivision: '1.1D' }],
        },
      ],
    }),
    facilityRecord(7010, {
      name: 'Nærhet Kvam',
      address: { street: 'Kvamsvegen 1', postalCode: '5600', postalPlace: 'Norheimsund', municipalityId: '4622' },
      position: direct(BERGEN, 90, 30_000),
      // Chlorine's distances are the largest of all: they must not reach a caller who cannot see Kvam.
      units: consumer({ substance: 'KLOR', quantity: 1, unit: 'tonn' }),
    }),
    facilityRecord(7011, { name: 'Nærhet Oslo', position: OSLO }),
    facilityRecord(7012, {
      name: 'Nærhet kjøleanlegg',
      position: direct(OSLO, 90, 300),
      units: consumer({ substance: 'PROPAN', quantity: 2.5, unit: 'tonn' }, { substance: 'AMMONIAKK', quantity: 4, unit: 'm3' }),
    }),
  ]);
  vest = {
    ...(await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number)),
    'content-type': 'application/json',
  };
  oslo = {
    ...(await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number)),
    'content-type': 'application/json',
  };
});
afterAll(async () => t?.close());

const nearbyResponse = Compile(NearbyResponse);

async function nearby(headers: Record<string, string>, payload: unknown) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/facilities/nearby', headers, payload: payload as object });
  const body: unknown = response.json();
  // The answer is written with JSON.stringify, not from its schema: every answer of these tests
  // must be exactly the schema's, no property more (the presenter is the allow-list).
  if (response.statusCode === 200) expect([...nearbyResponse.Errors(body)]).toEqual([]);
  return { status: response.statusCode, body: body as NearbyResponse };
}

describe('POST /api/v1/facilities/nearby', () => {
  it('lists every facility of the scope within the radius, nearest first, with geodesic distances and bearings', async () => {
    const { status, body } = await nearby(vest, { ...BERGEN, radiusMeters: RADIUS });
    expect(status).toBe(200);
    expect(body.center).toMatchObject(BERGEN);
    expect(body.radiusMeters).toBe(RADIUS);
    expect(body.facilities.map((f) => f.id)).toEqual([7001, 7002, 7009, 7004, 7007, 7003, 7005]);
    expect(body.totalCount).toBe(7);
    for (const facility of body.facilities) {
      const control = WGS84.Inverse(BERGEN.latitude, BERGEN.longitude, facility.latitude, facility.longitude);
      expect(Math.abs(facility.distanceMeters - (control.s12 as number)), `facility ${facility.id}`).toBeLessThanOrEqual(0.5);
      if (facility.distanceMeters > 0) {
        const bearing = ((control.azi1 as number) + 360) % 360;
        expect(Math.abs(facility.bearingDegrees - bearing), `facility ${facility.id}`).toBeLessThan(0.06);
      }
    }
    const byId = new Map(body.facilities.map((f) => [f.id, f]));
    expect(byId.get(7002)?.distanceMeters).toBeCloseTo(350, 1);
    expect(byId.get(7002)?.bearingDegrees).toBeCloseTo(45, 1);
    expect(byId.get(7003)?.bearingDegrees).toBeCloseTo(200, 1);
  });

  it('gzips the answer for a client that accepts it, and sends the workbook as it is', async () => {
    const payload = { ...BERGEN, radiusMeters: 50_000 };
    const plain = await t.app.inject({ method: 'POST', url: '/api/v1/facilities/nearby', headers: vest, payload });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = { ...vest, 'accept-encoding': 'gzip, deflate, br' };
    const zipped = await t.app.inject({ method: 'POST', url: '/api/v1/facilities/nearby', headers: gzip, payload });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    const workbook = await t.app.inject({ method: 'POST', url: '/api/v1/facilities/nearby/export', headers: gzip, payload });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-encoding']).toBeUndefined();
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps the radius exactly: 5 cm inside is in, 5 cm outside is out', async () => {
    const { body } = await nearby(vest, { ...BERGEN, radiusMeters: RADIUS });
    const ids = body.facilities.map((f) => f.id);
    expect(ids).toContain(7005);
    expect(ids).not.toContain(7006);
    const wider = await nearby(vest, { ...BERGEN, radiusMeters: RADIUS + 0.1 });
    expect(wider.body.facilities.map((f) => f.id)).toContain(7006);
  });

  it('measures up to 50 km within half a metre of GeographicLib', async () => {
    const { body } = await nearby(vest, { ...BERGEN, radiusMeters: 50_000 });
    const far = body.facilities.find((f) => f.id === 7008);
    const control = WGS84.Inverse(BERGEN.latitude, BERGEN.longitude, far?.latitude ?? 0, far?.longitude ?? 0);
    expect(Math.abs((far?.distanceMeters ?? 0) - (control.s12 as number))).toBeLessThanOrEqual(0.5);
    expect(far?.distanceMeters).toBeCloseTo(49_000, 0);
  });

  it('shows what the list needs of each facility and the totals by substance group', async () => {
    const { body } = await nearby(vest, { ...BERGEN, radiusMeters: 1_000 });
    const first = body.facilities[0];
    expect(first).toMatchObject({
      id: 7001,
      name: 'Nærhet 7001',
      privatePerson: false,
      address: { street: 'Nærhetsveien 7001', postalCode: '5003', postalPlace: 'Bergen' },
      municipality: { id: '4601', name: 'Bergen' },
      distanceMeters: 0,
      majorAccident: 'NOT_AFFECTED',
      explosives: false,
    });
    expect(first?.substances).toEqual([
      { name: 'Propan', nameNn: 'Propan', unNumber: '1978', quantity: 2.5, unit: 'tonn' },
      { name: 'Propan', nameNn: 'Propan', unNumber: '1978', quantity: 500, unit: 'kg' },
    ]);
    expect(body.facilities.find((f) => f.id === 7009)?.explosives).toBe(true);
    // 7001, 7002, 7004 and 7007 store 2.5 t and 500 kg of propane each; 7009 500 kg of explosives.
    expect(body.substanceTotals.map((g) => [g.name, g.tonnes, g.facilityCount])).toEqual([
      ['Brannfarlig gass', 12, 4],
      ['Eksplosiver', 0.5, 1],
    ]);
  });

  it("carries each facility's largest hazard distances, as the map popup has them", async () => {
    const { body } = await nearby(oslo, { ...OSLO, radiusMeters: 1_000 });
    expect(body.facilities.map((f) => f.id)).toEqual([7011, 7012]);
    const [propane, cooling] = body.facilities;
    for (const f of body.facilities) {
      const popup = await t.app.inject({ method: 'GET', url: `/api/v1/map/facilities/${f.id}`, headers: oslo });
      expect(f.hazardDistances, `facility ${f.id}`).toEqual((popup.json() as MapFacilityPopup).hazardDistances);
    }
    // Propane: guide 115's immediate isolation, large-spill evacuation (downwind) and fire isolation (ERG 2016).
    const propaneNamed = { unNumber: '1978', name: 'Propan', nameNn: 'Propan', edition: '2016' };
    expect(propane?.hazardDistances).toEqual({
      isolation: { metres: 100, ...propaneNamed, table: 'guide', allDirections: true },
      evacuation: { metres: 800, ...propaneNamed, table: 'guide', allDirections: false },
      fire: { metres: 1600, ...propaneNamed, table: 'guide', allDirections: true },
    });
    // The nurse tank's row of the card is where the facility's figures come from.
    const ammonia = (await t.app.inject({ method: 'GET', url: '/api/v1/substances/1005', headers: oslo })).json() as HazardCard;
    const nurseTank = ammonia.figures?.table3?.find((r) => r.container === 'agricultural-nurse-tank');
    expect(nurseTank).toMatchObject({ isolationM: 60, night: { low: 1300 }, day: { low: 500 } });
    expect(cooling?.hazardDistances).toEqual(AMMONIA_FACILITY_DISTANCES);
    expect(cooling?.hazardDistances.evacuation?.dayMetres).toBeLessThan(cooling?.hazardDistances.evacuation?.metres ?? 0);
  });

  it('gives explosives their guide’s distances, and no distances from outside the scope', async () => {
    const { body } = await nearby(vest, { ...BERGEN, radiusMeters: 50_000 });
    // Dynamite (1.1D): ERG guide 112, 500 m isolation and 800 m evacuation in all directions.
    const dynamite = {
      unNumber: '0081',
      name: 'Sprengstoff type A (dynamitt)',
      nameNn: 'Sprengstoff type A (dynamitt)',
      edition: '2016',
      allDirections: true,
      table: 'guide',
    };
    expect(body.facilities.find((f) => f.id === 7009)?.hazardDistances).toEqual({
      isolation: { metres: 500, ...dynamite },
      evacuation: { metres: 800, ...dynamite },
      fire: { metres: 1600, ...dynamite },
    });
    // Kvam's chlorine (outside 110 Vest's scope, inside the circle) sets nothing for anyone listed.
    const setters = body.facilities.flatMap((f) => [
      f.hazardDistances.isolation,
      f.hazardDistances.evacuation,
      f.hazardDistances.fire,
    ]);
    expect(setters.filter((s) => s !== null).every((s) => s?.unNumber === '1978' || s?.unNumber === '0081')).toBe(true);
  });

  it('answers only what the caller may see, whatever the point', async () => {
    // Kvam (4622) is inside 50 km of Bergen but not in 110 Vest's scope.
    const wide = await nearby(vest, { ...BERGEN, radiusMeters: 50_000 });
    expect(wide.body.facilities.map((f) => f.id)).not.toContain(7010);
    expect(wide.body.totalCount).toBe(9);
    // A point in Kvam: nothing of Kvam's, Bergen's within reach.
    const inKvam = await nearby(vest, { ...direct(BERGEN, 90, 30_000), radiusMeters: 100 });
    expect(inKvam.body).toMatchObject({ totalCount: 0, facilities: [], substanceTotals: [] });
    // Oslo's fire service sees none of Bergen, only Oslo.
    expect((await nearby(oslo, { ...BERGEN, radiusMeters: 50_000 })).body.totalCount).toBe(0);
    expect((await nearby(oslo, { ...OSLO, radiusMeters: 100 })).body.facilities.map((f) => f.id)).toEqual([7011]);
    // A point at the pole or on the antimeridian is answered, empty.
    expect((await nearby(vest, { latitude: 90, longitude: 0, radiusMeters: 50_000 })).body.totalCount).toBe(0);
    expect((await nearby(vest, { latitude: 0, longitude: 180, radiusMeters: 50_000 })).body.totalCount).toBe(0);
  });

  it('describes the centre: its municipality, its local UTM, WGS84 and MGRS, as the incident screen shows them', async () => {
    // Control values as the web's point-position test has them (PROJ's cs2cs, EPSG:25832).
    const point = { latitude: 59.9139, longitude: 10.7522 };
    const { status, body } = await nearby(oslo, { ...point, radiusMeters: 100 });
    expect(status).toBe(200);
    expect(body.center).toEqual({
      ...point,
      municipality: { id: '0301', name: 'Oslo' },
      attribution: null,
      positions: { utm: { zone: 32, text: '32V 597980 6643119' }, wgs84: '59.913900, 10.752200', mgrs: '32V NM 97979 43118' },
    });
    // The municipality is public reference data, not the caller's scope: 110 Vest sees Oslo's name too.
    expect((await nearby(vest, { ...point, radiusMeters: 100 })).body.center.municipality).toEqual({ id: '0301', name: 'Oslo' });
    // Tromsø is in Troms: zone 35, though west of 24°E.
    const tromso = await nearby(vest, { latitude: 69.6492, longitude: 18.9553, radiusMeters: 100 });
    expect(tromso.body.center.municipality?.id).toBe('5501');
    expect(tromso.body.center.positions.utm).toEqual({ zone: 35, text: '35W 188547 7747296' });
  });

  it('credits Erik Bolstad’s postal code points when the centre is a postal code’s point, and only then', async () => {
    const places = await t.app.inject({ method: 'GET', url: '/api/v1/places', query: { q: '5003' }, headers: vest });
    const postcode = (places.json() as { kind: string; latitude: number; longitude: number; attribution?: unknown }[]).find(
      (c) => c.kind === 'postalCode',
    );
    expect(postcode?.attribution).toBeDefined();
    // As the screen asks: the point from its URL, written to six decimals.
    const point = { latitude: Number(postcode?.latitude.toFixed(6)), longitude: Number(postcode?.longitude.toFixed(6)) };
    const { body } = await nearby(vest, { ...point, radiusMeters: 300 });
    expect(body.center.attribution).toEqual(postcode?.attribution);
    expect(body.center.municipality).toEqual({ id: '4601', name: 'Bergen' });
    // A metre away (1e-5° of latitude) it is no longer the postal code's point.
    const beside = await nearby(vest, { ...point, latitude: point.latitude + 1e-5, radiusMeters: 300 });
    expect(beside.body.center.attribution).toBeNull();
  });

  it('has no municipality for a point at sea outside Norway, and the UTM zone of its longitude', async () => {
    // In the North Sea, west of Utsira.
    const { body } = await nearby(oslo, { latitude: 59.3, longitude: 3.9, radiusMeters: 500 });
    expect(body.center.municipality).toBeNull();
    expect(body.center.attribution).toBeNull();
    // Zone 32 by its longitude (west of 12°E); MGRS's grid zone 32V reaches west to 3°E as well.
    expect(body.center.positions).toEqual({
      utm: { zone: 32, text: '32V 209730 6584577' },
      wgs84: '59.300000, 3.900000',
      mgrs: '32V KL 09729 84577',
    });
    // Beyond 84°N MGRS is not defined: an empty text.
    const polar = await nearby(oslo, { latitude: 89.5, longitude: 10, radiusMeters: 500 });
    expect(polar.body.center.positions.mgrs).toBe('');
    expect(polar.body.center.municipality).toBeNull();
  });

  it('refuses bad input with the error body', async () => {
    const bad = [
      { ...BERGEN, radiusMeters: 0 },
      { ...BERGEN, radiusMeters: -5 },
      { ...BERGEN, radiusMeters: 50_001 },
      { ...BERGEN, radiusMeters: '500' },
      { latitude: 91, longitude: 5, radiusMeters: 500 },
      { latitude: -90.5, longitude: 5, radiusMeters: 500 },
      { latitude: 60, longitude: 181, radiusMeters: 500 },
      { latitude: 60, longitude: 5 },
      { longitude: 5, radiusMeters: 500 },
      { latitude: 60, radiusMeters: 500 },
      { ...BERGEN, radiusMeters: 500, extra: 1 },
      {},
      [],
    ];
    for (const payload of bad) {
      for (const url of ['/api/v1/facilities/nearby', '/api/v1/facilities/nearby/export']) {
        const response = await t.app.inject({ method: 'POST', url, headers: vest, payload: payload as object });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expectErrorBody(response, { type: 'VALIDATION_ERROR' });
      }
    }
  });
});

describe('POST /api/v1/facilities/nearby/export', () => {
  it('exports the same facilities nearest first with distance and direction, explosives left out, and logs it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/facilities/nearby/export',
      headers: vest,
      payload: { ...BERGEN, radiusMeters: RADIUS },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${NEARBY_EXPORT_FILE_NAME}"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet?.getRow(1).values as unknown[];
    expect(header.slice(1, 5)).toEqual(['Avstand (m)', 'Retning', 'Privatperson/virksomhet', 'Anleggs-ID']);
    const rows: unknown[][] = [];
    sheet?.eachRow((row, index) => {
      if (index > 1) rows.push((row.values as unknown[]).slice(1, 5));
    });
    expect(rows).toEqual([
      [0, 'N', 'Virksomhet', 7001],
      [350, 'NØ', 'Virksomhet', 7002],
      [800, 'Ø', 'Virksomhet', 7004],
      [800, 'V', 'Virksomhet', 7007],
      [1235, 'S', 'Virksomhet', 7003],
      [2000, 'NV', 'Virksomhet', 7005],
    ]);
    const logged = await t.db
      .selectFrom('access_log')
      .select(['action', 'facility_ids'])
      .orderBy('occurred_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.action).toBe('EXPORT');
    expect([...logged.facility_ids].sort()).toEqual([7001, 7002, 7003, 7004, 7005, 7007]);
  });

  async function exportRows(query: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/facilities/nearby/export${query}`,
      headers: oslo,
      payload: { ...OSLO, radiusMeters: 1_000 },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet?.name, header: rows[0] ?? [], rows: rows.slice(1) };
  }

  it('ends each row with the largest hazard distances, worded in the asked language (read back)', async () => {
    const nb = await exportRows('');
    expect(nb.name).toBe('Anlegg i nærheten');
    expect(nb.header.slice(-3)).toEqual([
      'Største isolasjonsavstand (m)',
      'Største evakueringsavstand (m)',
      'Evakueringsavstand om dagen (m)',
    ]);
    const listed = (await nearby(oslo, { ...OSLO, radiusMeters: 1_000 })).body.facilities;
    expect(nb.rows.map((r) => r[3])).toEqual(listed.map((f) => f.id));
    const hazardCells = (r: unknown[]) => [r[18] ?? null, r[19] ?? null, r[20] ?? null];
    expect(nb.rows.map(hazardCells)).toEqual(
      listed.map(({ hazardDistances: { isolation, evacuation } }) => [
        isolation?.metres ?? null,
        evacuation?.metres ?? null,
        evacuation?.dayMetres ?? null,
      ]),
    );

    const nn = await exportRows('?lang=nn');
    expect(nn.name).toBe('Anlegg i nærleiken');
    expect(nn.header.slice(0, 3)).toEqual(['Avstand (m)', 'Retning', 'Privatperson/verksemd']);
    expect(nn.header.slice(-4)).toEqual([
      'Stoff (samla mengd)',
      'Største isolasjonsavstand (m)',
      'Største evakueringsavstand (m)',
      'Evakueringsavstand om dagen (m)',
    ]);
    expect(nn.rows[1]?.slice(0, 4)).toEqual([300, 'Ø', 'Verksemd', 7012]);
    expect(nn.rows[1]?.[12]).toBe('Ikkje omfatta');
    expect(nn.rows[1]?.[17]).toBe('Propan 2,5 tonn; Ammoniakk, vassfri 4 m3');
    expect(nn.rows.map(hazardCells)).toEqual(nb.rows.map(hazardCells));
  });

  /** The workbook's last sheet (after the facilities and the vulnerable objects) as label → value. */
  async function aboutSheet(headers: Record<string, string>, payload: object, query = '') {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/facilities/nearby/export${query}`, headers, payload });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(3);
    const sheet = workbook.worksheets[2];
    const lines = new Map<string, string>();
    sheet?.eachRow((row) => {
      const [label, value] = (row.values as unknown[]).slice(1);
      lines.set(String(label), String(value));
    });
    return { name: sheet?.name, lines };
  }

  it('says in its last sheet which point and radius the distances are from, how many, when and from which sources', async () => {
    const { name, lines } = await aboutSheet(vest, { ...BERGEN, radiusMeters: RADIUS });
    expect(name).toBe('Om uttrekket');
    // Local UTM in Bergen's county's zone, 32; the MGRS reference to the metre has the same
    // metres modulo 100 km (Bergen lies in MGRS zone 32V too): two notations that must agree.
    const utm = lines.get('Punktet, UTM sone 32 (EUREF89)');
    const mgrsText = lines.get('Punktet, MGRS') ?? '';
    expect(utm).toMatch(/^32V \d{6} \d{7}$/);
    const [, east = '', north = ''] = utm?.split(' ') ?? [];
    expect(mgrsText).toMatch(/^32V [A-Z]{2} \d{5} \d{5}$/);
    const [, , mgrsEast = '', mgrsNorth = ''] = mgrsText.split(' ');
    expect(Math.abs(Number(east.slice(-5)) - Number(mgrsEast))).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(north.slice(-5)) - Number(mgrsNorth))).toBeLessThanOrEqual(1);
    expect(lines.get('Punktet, WGS84 desimalgrader')).toBe('60.392900, 5.324200');
    expect(lines.get('Punktet, WGS84 grader og minutter')).toBe('60° 23,574′ N  5° 19,452′ Ø');
    expect(lines.get('Kommunen punktet ligger i')).toBe('Bergen');
    expect(lines.get('Radius')).toBe('2 km');
    // Seven inside (the list's totalCount), the explosives store among them left out.
    expect(lines.get('Anlegg innenfor radiusen')).toBe('7');
    expect(lines.get('Anlegg i uttrekket')).toBe('6 (1 eksplosivanlegg er holdt utenfor)');
    expect(lines.get('Hentet fra FAST')).toMatch(/^\d{2}\.\d{2}\.\d{4} kl\. \d{2}:\d{2}\. Registeret kan ha endret seg siden\.$/);
    expect(lines.get('Kilder')).toBe('Kommunegrenser: © Kartverket');
    expect(lines.get('Sårbare objekter')).toBe('Sårbare objekter (skoler, barnehager, sykehjem, sykehus) er ikke lastet inn.');
  });

  it('credits Erik Bolstad’s postal code points when the point is a postal code’s, in Nynorsk too', async () => {
    const places = await t.app.inject({ method: 'GET', url: '/api/v1/places', query: { q: '5003' }, headers: vest });
    const postcode = (places.json() as { kind: string; latitude: number; longitude: number; attribution?: unknown }[]).find(
      (c) => c.kind === 'postalCode',
    );
    expect(postcode?.attribution).toBeDefined();
    // As the screen asks: the point from its URL, written to six decimals.
    const point = { latitude: Number(postcode?.latitude.toFixed(6)), longitude: Number(postcode?.longitude.toFixed(6)) };
    const { name, lines } = await aboutSheet(vest, { ...point, radiusMeters: 300 }, '?lang=nn');
    expect(name).toBe('Om uttrekket');
    expect(lines.get('Kommunen punktet ligg i')).toBe('Bergen');
    expect(lines.get('Kjelder')).toBe(
      'Kommunegrenser: © Kartverket. Postnummerdata frå Erik Bolstad (http://www.erikbolstad.no/postnummer/)',
    );
  });

  it('says when the point lies outside every municipality, and gives the zone of its longitude', async () => {
    // In the North Sea, west of Utsira: no municipality, zone 32 (its longitude, west of 12°E).
    const { lines } = await aboutSheet(oslo, { latitude: 59.3, longitude: 3.9, radiusMeters: 500 });
    expect(lines.get('Kommunen punktet ligger i')).toBe(
      'Ingen: punktet ligger utenfor kommunegrensene (på sjøen eller utenfor Norge)',
    );
    expect(lines.get('Punktet, UTM sone 32 (EUREF89)')).toMatch(/^32V /);
    expect(lines.get('Anlegg i uttrekket')).toBe('0');
    // Near the pole, where MGRS is not defined: the other notations, and no MGRS line.
    const polar = await aboutSheet(oslo, { latitude: 89.5, longitude: 10, radiusMeters: 500 });
    expect(polar.lines.get('Punktet, WGS84 desimalgrader')).toBe('89.500000, 10.000000');
    expect(polar.lines.has('Punktet, MGRS')).toBe(false);
  });
});
