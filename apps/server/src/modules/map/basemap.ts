import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { BASEMAP_MAX_ZOOM, BASEMAP_TILE_LAYER, BasemapFeatureKind } from '@fast/contracts';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { REFERENCE_DIR } from '../../reference-dir.ts';

const gzipAsync = promisify(gzip);

interface AdminUnit {
  id: string;
  name: string;
  labelPoint: [number, number];
}

/** Tiles kept ready (gzipped); the rest are cut again from the index when asked for. */
const TILES_KEPT = 2_000;
const EXTENT = 4096;

export interface BasemapTiles {
  /** Changes only with the reference data: one ETag for every tile. */
  etag: string;
  /** The tile as a gzipped Mapbox Vector Tile, or null when nothing lies in it. */
  tile(z: number, x: number, y: number): Promise<Buffer | null>;
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
 * label point for each, whose features carry `kind` (contracts BasemapFeatureKind), cut into
 * vector tiles of one layer (BASEMAP_TILE_LAYER) here, once, the way a tile service serves a
 * basemap. The browser then decodes a few small tiles instead of indexing 2 MB of GeoJSON
 * (106 000 vertices) while the map starts. Counties come first so that they draw below the
 * municipalities' lines.
 */
async function buildBasemap(): Promise<BasemapTiles> {
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
  const hash = createHash('sha256').update(`${BASEMAP_MAX_ZOOM}/${EXTENT}/`).update(JSON.stringify(collection));
  const etag = `"${hash.digest('base64url').slice(0, 27)}"`;
  const index = new GeoJSONVT(collection, { maxZoom: BASEMAP_MAX_ZOOM, extent: EXTENT });
  const kept = new Map<string, Promise<Buffer | null>>();
  return {
    etag,
    tile(z, x, y) {
      const key = `${z}/${x}/${y}`;
      let tile = kept.get(key);
      if (tile) {
        // Most recently used last: the first key is the one to drop.
        kept.delete(key);
      } else {
        const cut = index.getTile(z, x, y);
        tile =
          cut && cut.features.length > 0
            ? gzipAsync(fromGeojsonVt({ [BASEMAP_TILE_LAYER]: cut }, { version: 2, extent: EXTENT }))
            : Promise.resolve(null);
        if (kept.size >= TILES_KEPT) kept.delete(kept.keys().next().value as string);
      }
      kept.set(key, tile);
      return tile;
    },
  };
}

let basemap: Promise<BasemapTiles> | null = null;

/** Built once per process, on first use: the reference data does not change while it runs. */
export function loadBasemap(): Promise<BasemapTiles> {
  basemap ??= buildBasemap().catch((error: unknown) => {
    basemap = null;
    throw error;
  });
  return basemap;
}
