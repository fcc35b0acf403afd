import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { BasemapFeatureKind } from '@fast/contracts';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { REFERENCE_DIR } from '../../db/seed/reference-data.ts';

const gzipAsync = promisify(gzip);

interface AdminUnit {
  id: string;
  name: string;
  labelPoint: [number, number];
}

export interface Basemap {
  json: string;
  gzipped: Buffer;
  etag: string;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(join(REFERENCE_DIR, file), 'utf8')) as T;
}

const withKind = (features: Feature[], kind: BasemapFeatureKind): Feature[] =>
  features.map((f) => ({
    type: 'Feature',
    properties: { kind, id: f.properties?.id, name: f.properties?.name },
    geometry: f.geometry,
  }));

const labels = (units: AdminUnit[], kind: BasemapFeatureKind): Feature[] =>
  units.map((u) => ({
    type: 'Feature',
    properties: { kind, id: u.id, name: u.name },
    geometry: { type: 'Point', coordinates: u.labelPoint } satisfies Geometry,
  }));

/**
 * The offline basemap: Kartverket's county and municipality polygons of the reference data and a
 * label point for each, as one GeoJSON FeatureCollection whose features carry `kind` (contracts
 * BasemapFeatureKind). Counties come first so that they draw below the municipalities' lines.
 */
async function buildBasemap(): Promise<Basemap> {
  const [counties, municipalities, countyUnits, municipalityUnits] = await Promise.all([
    readJson<FeatureCollection>('counties.geojson'),
    readJson<FeatureCollection>('municipalities.geojson'),
    readJson<AdminUnit[]>('counties.json'),
    readJson<AdminUnit[]>('municipalities.json'),
  ]);
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: [
      ...withKind(counties.features, BasemapFeatureKind.COUNTY),
      ...withKind(municipalities.features, BasemapFeatureKind.MUNICIPALITY),
      ...labels(countyUnits, BasemapFeatureKind.COUNTY_LABEL),
      ...labels(municipalityUnits, BasemapFeatureKind.MUNICIPALITY_LABEL),
    ],
  };
  const json = JSON.stringify(collection);
  return {
    json,
    gzipped: await gzipAsync(json, { level: 9 }),
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  };
}

let basemap: Promise<Basemap> | null = null;

/** Built once per process, on first use: the reference data does not change while it runs. */
export function loadBasemap(): Promise<Basemap> {
  basemap ??= buildBasemap().catch((error: unknown) => {
    basemap = null;
    throw error;
  });
  return basemap;
}
