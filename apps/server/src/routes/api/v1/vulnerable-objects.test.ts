import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtectiveZonesResponse, VulnerableObjectCollection, VulnerableWithinResponse } from '@fast/contracts';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import ExcelJS from 'exceljs';
import geographiclib from 'geographiclib-geodesic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../../test/expectations.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { loadReferenceLayer } from '../../../modules/reference-layers/reference-layer-load.service.ts';

const WGS84 = geographiclib.Geodesic.WGS84;
const FIXTURE = join(import.meta.dirname, '../../../../test/fixtures/reference/vulnerable-objects-kristiansand.geojson');
const OBJECTS = (
  JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    features: { id?: string; geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }[];
  }
).features
  .slice(0, 5)
  .map((f) => ({
    sourceId: String(f.properties.sourceId ?? f.id),
    name: String(f.properties.name),
    longitude: f.geometry.coordinates[0],
    latitude: f.geometry.coordinates[1],
  }));
/** Kristiansand's town centre: every fixture object lies within 2.5 km. */
const CENTRE = { latitude: 58.148, longitude: 7.995 };

let t: TestApp;
/** 110 Vest: Vestland's municipalities only, none in Kristiansand; the objects are public all the same. */
let vest: Record<string, string>;

const within = async (body: Record<string, unknown>, headers = vest) =>
  t.app.inject({ method: 'POST', url: '/api/v1/vulnerable-objects/within', headers, payload: body });
const withinOk = async (body: Record<string, unknown>) => {
  const response = await within(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VulnerableWithinResponse;
};
const load = () =>
  loadReferenceLayer(t.db, {
    layer: 'vulnerable-objects',
    path: FIXTURE,
    format: 'geojson',
    dryRun: false,
    fileName: 'sarbare.geojson',
    sizeBytes: 1,
    sha256: 'c'.repeat(64),
    loadedBy: 'Test',
  });

beforeAll(async () => {
  t = await createTestApp();
  vest = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
});
afterAll(async () => t?.close());

describe('POST /api/v1/vulnerable-objects/within', () => {
  it('answers no objects and no layer before the layer is loaded', async () => {
    expect(await withinOk({ ...CENTRE, radiusMeters: 5000 })).toEqual({ objects: [], totalCount: 0, totals: [], layer: null });
  });

  it("lists every object within the radius, nearest first, at GeographicLib's distance and bearing, to anyone signed in", async () => {
    const loaded = await load();
    const answer = await withinOk({ ...CENTRE, radiusMeters: 5000 });
    const expected = OBJECTS.map((o) => {
      const r = WGS84.Inverse(CENTRE.latitude, CENTRE.longitude, o.latitude, o.longitude);
      return { ...o, distanceMeters: Math.round((r.s12 as number) * 10) / 10, bearingDegrees: ((r.azi1 as number) + 360) % 360 };
    }).sort((a, b) => a.distanceMeters - b.distanceMeters);
    expect(answer.objects.map((o) => o.sourceId)).toEqual(expected.map((o) => o.sourceId));
    for (const [i, object] of answer.objects.entries()) {
      const e = expected[i];
      expect(object).toMatchObject({ sourceId: e?.sourceId, name: e?.name, latitude: e?.latitude, longitude: e?.longitude });
      expect(object.distanceMeters).toBe(e?.distanceMeters);
      expect(object.bearingDegrees).toBeCloseTo(e?.bearingDegrees ?? -1, 1);
    }
    expect(answer.totalCount).toBe(5);
    expect(answer.totals).toEqual([
      { kind: 'kindergarten', count: 2, capacity: 134, capacityKnown: 2 },
      { kind: 'school', count: 1, capacity: 412, capacityKnown: 1 },
      { kind: 'care-home', count: 1, capacity: 60, capacityKnown: 1 },
      { kind: 'hospital', count: 1, capacity: 0, capacityKnown: 0 },
    ]);
    expect(answer.layer).toEqual({
      version: loaded.version?.version,
      source: 'Utdanningsdirektoratet (NSR, NBR) og helseinstitusjonene (NLOD)',
      loadedAt: loaded.version?.loaded_at.toISOString(),
    });
  });

  it('leaves out what lies beyond the radius, by the geodesic distance', async () => {
    const all = await withinOk({ ...CENTRE, radiusMeters: 5000 });
    const third = all.objects[2]?.distanceMeters ?? 0;
    const answer = await withinOk({ ...CENTRE, radiusMeters: third - 0.5 });
    expect(answer.objects.map((o) => o.sourceId)).toEqual(all.objects.slice(0, 2).map((o) => o.sourceId));
    expect(answer.totalCount).toBe(2);
  });

  it('needs a token (401) and accepted terms (403), not an organisation', async () => {
    expectErrorBody(await within({ ...CENTRE, radiusMeters: 1000 }, {}), { status: 401, type: 'ACCESS_DENIED' });
    const token = await t.tokenFor('ny.bruker');
    expectErrorBody(await within({ ...CENTRE, radiusMeters: 1000 }, { authorization: `Bearer ${token}` }), {
      status: 403,
      type: 'ACCESS_DENIED',
    });
    const withoutOrganisation = { authorization: vest.authorization ?? '' };
    expect((await within({ ...CENTRE, radiusMeters: 1000 }, withoutOrganisation)).statusCode).toBe(200);
  });

  it('refuses a radius beyond 50 km, a latitude off the globe and unknown fields (400)', async () => {
    expectErrorBody(await within({ ...CENTRE, radiusMeters: 50_001 }), { status: 400, type: 'VALIDATION_ERROR' });
    expectErrorBody(await within({ latitude: 91, longitude: 8, radiusMeters: 10 }), { status: 400, type: 'VALIDATION_ERROR' });
    expectErrorBody(await within({ ...CENTRE, radiusMeters: 10, kind: 'school' }), { status: 400, type: 'VALIDATION_ERROR' });
  });
});

describe('POST /api/v1/vulnerable-objects/inside', () => {
  const inside = (body: Record<string, unknown>, headers = vest) =>
    t.app.inject({ method: 'POST', url: '/api/v1/vulnerable-objects/inside', headers, payload: body });
  /** A rectangle around the centre, `half` degrees each way, as the map draws one. */
  const rectangle = (half: number) => {
    const { latitude: y, longitude: x } = CENTRE;
    return [
      [
        [x - half, y - half],
        [x + half, y - half],
        [x + half, y + half],
        [x - half, y + half],
        [x - half, y - half],
      ],
    ];
  };

  it('lists the objects inside a drawn polygon, and only those, measured from its centre', async () => {
    const polygon = { type: 'Polygon', coordinates: rectangle(0.01) };
    const response = await inside({ polygon });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as VulnerableWithinResponse;
    const expected = OBJECTS.filter((o) => booleanPointInPolygon([o.longitude, o.latitude], polygon as never));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(OBJECTS.length);
    expect(answer.objects.map((o) => o.sourceId).sort()).toEqual(expected.map((o) => o.sourceId).sort());
    expect(answer.totalCount).toBe(expected.length);
    // From the vertices' mean, the map zone's centre: the rectangle's middle.
    for (const object of answer.objects) {
      const r = WGS84.Inverse(CENTRE.latitude, CENTRE.longitude, object.latitude, object.longitude);
      expect(object.distanceMeters).toBeCloseTo(r.s12 as number, 0);
    }
    expect(answer.layer?.source).toBe('Utdanningsdirektoratet (NSR, NBR) og helseinstitusjonene (NLOD)');
    const everything = (await inside({ polygon: { type: 'Polygon', coordinates: rectangle(0.1) } })).json();
    expect(everything.totalCount).toBe(OBJECTS.length);
  });

  it('needs a token (401); refuses a polygon the map cannot draw and a circle (400)', async () => {
    const polygon = { type: 'Polygon', coordinates: rectangle(0.01) };
    expectErrorBody(await inside({ polygon }, {}), { status: 401, type: 'ACCESS_DENIED' });
    const bowtie = [
      [
        [7.9, 58.1],
        [8.1, 58.2],
        [8.1, 58.1],
        [7.9, 58.2],
        [7.9, 58.1],
      ],
    ];
    expectErrorBody(await inside({ polygon: { type: 'Polygon', coordinates: bowtie } }), {
      status: 400,
      type: 'VALIDATION_ERROR',
    });
    expectErrorBody(await inside({ circle: { center: [8, 58.1], radiusMetres: 100 } }), {
      status: 400,
      type: 'VALIDATION_ERROR',
    });
  });
});

describe('GET /api/v1/map/vulnerable-objects', () => {
  it('serves the active layer as GeoJSON points with an ETag, and 304 to it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/map/vulnerable-objects', headers: vest });
    expect(response.statusCode, response.body).toBe(200);
    const collection = response.json() as VulnerableObjectCollection;
    expect(collection.features.map((f) => f.properties.sourceId).sort()).toEqual(OBJECTS.map((o) => o.sourceId).sort());
    for (const o of OBJECTS) {
      const feature = collection.features.find((f) => f.properties.sourceId === o.sourceId);
      expect(feature?.geometry.coordinates).toEqual([o.longitude, o.latitude]);
    }
    const etag = response.headers.etag as string;
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/map/vulnerable-objects',
      headers: { ...vest, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the vulnerable objects in the nearby export', () => {
  it('are a sheet of their own, nearest first, and a line of the about sheet, in the asked language', async () => {
    const sheets = async (lang: 'nb' | 'nn') => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/facilities/nearby/export?lang=${lang}`,
        headers: vest,
        payload: { ...CENTRE, radiusMeters: 1_000 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rowsOf = (sheet: ExcelJS.Worksheet | undefined) => {
        const rows: unknown[][] = [];
        sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
        return rows;
      };
      return workbook.worksheets.map((sheet) => ({ name: sheet.name, rows: rowsOf(sheet) }));
    };
    const within = await withinOk({ ...CENTRE, radiusMeters: 1_000 });
    const [, vulnerable, about] = await sheets('nb');
    expect(vulnerable?.name).toBe('Sårbare objekter');
    expect(vulnerable?.rows[0]?.slice(0, 7)).toEqual(['Avstand (m)', 'Retning', 'Type', 'Navn', 'Adresse', 'Kapasitet', 'Enhet']);
    expect(vulnerable?.rows.slice(1).map((r) => r[9])).toEqual(within.objects.map((o) => o.sourceId));
    expect(vulnerable?.rows.slice(1).map((r) => r[0])).toEqual(within.objects.map((o) => Math.round(o.distanceMeters)));
    const kindergarten = vulnerable?.rows.find((r) => r[9] === 'eks-bhg-2');
    expect(kindergarten?.slice(2, 7)).toEqual([
      'barnehage',
      'Kvadraturen barnehage (eksempel)',
      'Tollbodgata 40, 4611 Kristiansand S',
      60,
      'barn',
    ]);
    const line = about?.rows.find((r) => r[0] === 'Sårbare objekter');
    expect(line?.[1]).toMatch(
      /^Innenfor 1 km: .*barnehage.*\. Utdanningsdirektoratet \(NSR, NBR\) og helseinstitusjonene \(NLOD\), versjon \d+\.$/,
    );
    const [, nn] = await sheets('nn');
    expect(nn?.name).toBe('Sårbare objekt');
    expect(nn?.rows.find((r) => r[9] === 'eks-bhg-2')?.slice(6, 7)).toEqual(['born']);
  });
});

describe('vulnerableInside of POST /api/v1/protective-zones', () => {
  it("lists the objects inside each zone as the zone's polygon holds them", async () => {
    const kindergarten = OBJECTS[0] as (typeof OBJECTS)[number];
    // 40 m south of the kindergarten, the wind from the south: it is in the isolation circle and downwind.
    const spill = WGS84.Direct(kindergarten.latitude, kindergarten.longitude, 180, 40);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/protective-zones',
      headers: vest,
      payload: {
        unNumber: '1017',
        latitude: spill.lat2,
        longitude: spill.lon2,
        spill: 'small',
        fire: false,
        windFromDegrees: 180,
        daylight: 'night',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const zones = response.json() as ProtectiveZonesResponse;
    const inside = (zone: ProtectiveZonesResponse['isolation'] | null) =>
      zone ? OBJECTS.filter((o) => booleanPointInPolygon([o.longitude, o.latitude], zone)).map((o) => o.sourceId) : [];
    expect(zones.vulnerableInside.isolation.objects.map((o) => o.sourceId)).toEqual([kindergarten.sourceId]);
    expect(inside(zones.isolation)).toEqual([kindergarten.sourceId]);
    const downwind = zones.vulnerableInside.protectiveAction?.objects.map((o) => o.sourceId).sort();
    expect(downwind).toEqual(inside(zones.protectiveAction).sort());
    expect(downwind).toContain(kindergarten.sourceId);
    expect(zones.vulnerableInside.protectiveAction?.objects.length).toBeLessThan(OBJECTS.length);
    expect(zones.vulnerableInside.fire).toBeNull();
    expect(zones.vulnerableInside.layer?.source).toMatch(/Utdanningsdirektoratet/);
  });
});
