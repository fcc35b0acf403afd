import { gunzipSync } from 'node:zlib';
import { BASEMAP_TILE_LAYER } from '@fast/contracts';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestRecords } from '../../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';

// The map's layers besides the facilities: the gas pipelines and the base map's tiles.

let t: TestApp;
let vest: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  vest = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
});

afterAll(async () => {
  await t?.close();
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
