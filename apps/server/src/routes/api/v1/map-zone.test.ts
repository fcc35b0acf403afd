import { haversineMetres, type MapZoneResult } from '@fast/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { importOsloFacilities } from '../../../../test/map-fixture.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

// A facility's popup on the map and the zones drawn on it.

let t: TestApp;
let vest: Record<string, string>;
let oslo: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  vest = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
  oslo = await t.headersFor('oslo.brann', DEMO_ORGANISATIONS.osloBrann.organisation_number);
  await importOsloFacilities(t.db);
});

afterAll(async () => {
  await t?.close();
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
