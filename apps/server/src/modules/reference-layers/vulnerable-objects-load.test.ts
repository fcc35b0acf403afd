import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { toUtm } from '../position/utm.ts';
import { activeVersion, rollBackVersion } from './layer-versions.repository.ts';
import { type LayerLoad, loadReferenceLayer } from './reference-layer-load.service.ts';
import { featureLines } from './vulnerable-objects-file.ts';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/reference');
const GEOJSON = join(FIXTURES, 'vulnerable-objects-kristiansand.geojson');
const CSV = join(FIXTURES, 'vulnerable-objects-kristiansand.csv');

interface FixtureFeature {
  id?: string;
  geometry: { type: string; coordinates: [number, number] };
  properties: Record<string, string | number | null>;
}
const FEATURES = (JSON.parse(readFileSync(GEOJSON, 'utf8')) as { features: FixtureFeature[] }).features;
/** The first five features are the objects; the rest are refused, one reason each. */
const OBJECTS = FEATURES.slice(0, 5);
const KIND = {
  kindergarten: 'kindergarten',
  barnehage: 'kindergarten',
  skole: 'school',
  'care-home': 'care-home',
  sykehus: 'hospital',
};

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db.deleteFrom('reference_layer_version').execute();
});

const load = (path: string, options: Partial<LayerLoad> = {}) =>
  loadReferenceLayer(t.db, {
    layer: 'vulnerable-objects',
    path,
    format: path.endsWith('.csv') ? 'csv' : 'geojson',
    dryRun: false,
    fileName: 'sarbare.geojson',
    sizeBytes: 1,
    sha256: 'b'.repeat(64),
    loadedBy: 'Test Admin',
    ...options,
  });

const activeRows = async () => {
  const version = await activeVersion(t.db, 'vulnerable-objects');
  if (!version) return [];
  return t.db.selectFrom('vulnerable_object').selectAll().where('version_id', '=', version.id).orderBy('source_id').execute();
};

describe(`the vulnerable-objects layer on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('loads a GeoJSON file: every object field by field, kinds in English or Norwegian', async () => {
    const result = await load(GEOJSON);
    expect(result).toMatchObject({ read: 11, loaded: 5, invalid: 6, skipped: 0 });
    expect(result.version).toMatchObject({ version: 1, state: 'active', row_count: 5 });
    const rows = new Map((await activeRows()).map((row) => [row.source_id, row]));
    expect(rows.size).toBe(5);
    for (const feature of OBJECTS) {
      const sourceId = String(feature.properties.sourceId ?? feature.id);
      expect(rows.get(sourceId), sourceId).toEqual({
        version_id: result.version?.id,
        source_id: sourceId,
        kind: KIND[feature.properties.kind as keyof typeof KIND],
        name: feature.properties.name,
        address: feature.properties.address,
        municipality_id: '4204',
        capacity: feature.properties.capacity === null ? null : Number(feature.properties.capacity),
        latitude: feature.geometry.coordinates[1],
        longitude: feature.geometry.coordinates[0],
      });
    }
  });

  it("reports each refused feature by the line it starts on, with the reason's code", async () => {
    const result = await load(GEOJSON, { dryRun: true });
    const lines = featureLines(readFileSync(GEOJSON, 'utf8'));
    expect(lines).toHaveLength(FEATURES.length);
    expect(result.invalidRows).toEqual([
      { line: lines[5], reasons: [{ code: 'notAPoint', params: { type: 'LineString' } }] },
      { line: lines[6], reasons: [{ code: 'unknownKind', params: { value: 'bensinstasjon' } }] },
      { line: lines[7], reasons: [{ code: 'duplicateId', params: { value: 'eks-bhg-2' } }] },
      { line: lines[8], reasons: [{ code: 'outsideNorway', params: { latitude: 57.05, longitude: 9.92 } }] },
      { line: lines[9], reasons: [{ code: 'notANumber', params: { column: 'capacity', value: 'mange' } }] },
      { line: lines[10], reasons: [{ code: 'missingValue', params: { column: 'name' } }] },
    ]);
    // The file's own lines: each feature starts with `{` on the line the scan names.
    const text = readFileSync(GEOJSON, 'utf8').split('\n');
    for (const line of lines) expect(text[line - 1]?.trim()).toBe('{');
  });

  it('writes nothing in a dry run', async () => {
    const result = await load(GEOJSON, { dryRun: true });
    expect(result).toMatchObject({ loaded: 5, version: null });
    expect(await activeVersion(t.db, 'vulnerable-objects')).toBeNull();
    expect(await t.db.selectFrom('vulnerable_object').select('source_id').execute()).toEqual([]);
  });

  it('loads the CSV with UTM positions: each object within 2 cm of its GeoJSON twin', async () => {
    const result = await load(CSV);
    expect(result).toMatchObject({ read: 7, loaded: 5, invalid: 2 });
    expect(result.invalidRows).toEqual([
      { line: 7, reasons: [{ code: 'unsupportedCrs', params: { value: '4326' } }] },
      { line: 8, reasons: [{ code: 'wrongFieldCount', params: { expected: 8, actual: 3 } }] },
    ]);
    const rows = new Map((await activeRows()).map((row) => [row.source_id, row]));
    for (const feature of OBJECTS) {
      const row = rows.get(String(feature.properties.sourceId ?? feature.id));
      const [longitude, latitude] = feature.geometry.coordinates;
      const expected = toUtm(longitude, latitude, 32);
      const actual = toUtm(row?.longitude ?? 0, row?.latitude ?? 0, 32);
      expect(Math.abs(actual.east - expected.east)).toBeLessThan(0.02);
      expect(Math.abs(actual.north - expected.north)).toBeLessThan(0.02);
    }
  });

  it('refuses a file that is not the layer, a zip, or one with nothing to load, and keeps the active version', async () => {
    await load(GEOJSON);
    await expect(load(join(FIXTURES, 'matrikkelen-adresse-kristiansand.csv'))).rejects.toThrow(/mangler kolonner/);
    await expect(load(GEOJSON, { format: 'zip' })).rejects.toThrow(/GeoJSON- eller CSV-fil/);
    await expect(load(join(FIXTURES, 'README.md'), { format: 'geojson' })).rejects.toThrow(/ikke gyldig JSON/);
    expect((await activeVersion(t.db, 'vulnerable-objects'))?.version).toBe(1);
    expect(await activeRows()).toHaveLength(5);
  });

  it('replaces the layer whole and rolls back one step', async () => {
    await load(GEOJSON);
    await load(CSV);
    expect((await activeVersion(t.db, 'vulnerable-objects'))?.version).toBe(2);
    expect(await rollBackVersion(t.db, 'vulnerable-objects')).toMatchObject({ version: 1 });
    expect(await activeRows()).toHaveLength(5);
    await load(CSV);
    // The third load gave up version 1 (the previous before it), its rows by the cascade.
    const versions = await t.db.selectFrom('vulnerable_object').select('version_id').distinct().execute();
    expect(versions).toHaveLength(2);
  });
});

describe('featureLines', () => {
  it('follows strings and nesting, and only the top-level features array', () => {
    const json = '{"a": "[{", "features": [\n{"x": {"features": [{}]}},\n\n {"y": "}\\"]"}\n], "z": [{}]}';
    expect(featureLines(json)).toEqual([2, 4]);
  });
});
