import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { REFERENCE_DIR } from '../../reference-dir.ts';

type BBox = [number, number, number, number];

interface MunicipalityShape {
  feature: Feature<Polygon | MultiPolygon>;
  bbox: BBox;
}

/** The municipality polygons of the reference data, for point-in-municipality checks. */
export interface MunicipalityGeometry {
  /** True when the point lies inside the municipality's (display) polygon. */
  contains(municipalityId: string, longitude: number, latitude: number): boolean;
  bbox(municipalityId: string): BBox | undefined;
  /** The municipality whose polygon holds the point (boxes first, then the polygons in them); null outside them all. */
  municipalityAt(longitude: number, latitude: number): string | null;
  /** Mainland Norway and its sea areas: the union of the county boxes with a small margin. */
  insideNorway(longitude: number, latitude: number): boolean;
}

function bboxOf(geometry: Polygon | MultiPolygon): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  for (const ring of rings) {
    for (const [x, y] of ring) {
      if (x === undefined || y === undefined) continue;
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    }
  }
  return box;
}

// 0.05° ≈ 3–5 km: positions on islets and skerries that the display polygons dropped still count.
const NORWAY_MARGIN = 0.05;

let cached: Promise<MunicipalityGeometry> | undefined;

/** Loaded once per process: the GeoJSON is 1.3 MB and every import and generator run needs it. */
export function loadMunicipalityGeometry(): Promise<MunicipalityGeometry> {
  cached ??= load();
  return cached;
}

async function load(): Promise<MunicipalityGeometry> {
  const collection = JSON.parse(await readFile(join(REFERENCE_DIR, 'municipalities.geojson'), 'utf8')) as FeatureCollection<
    Polygon | MultiPolygon,
    { id: string; name: string }
  >;
  const counties = JSON.parse(await readFile(join(REFERENCE_DIR, 'counties.json'), 'utf8')) as { bbox: BBox }[];
  const shapes = new Map<string, MunicipalityShape>();
  for (const feature of collection.features) {
    shapes.set(feature.properties.id, { feature, bbox: bboxOf(feature.geometry) });
  }
  const countyBoxes = counties.map((c) => c.bbox);
  const inside = (shape: MunicipalityShape, longitude: number, latitude: number) => {
    const [minX, minY, maxX, maxY] = shape.bbox;
    if (longitude < minX || longitude > maxX || latitude < minY || latitude > maxY) return false;
    return booleanPointInPolygon([longitude, latitude], shape.feature);
  };
  return {
    contains(municipalityId, longitude, latitude) {
      const shape = shapes.get(municipalityId);
      return shape !== undefined && inside(shape, longitude, latitude);
    },
    municipalityAt(longitude, latitude) {
      for (const [id, shape] of shapes) if (inside(shape, longitude, latitude)) return id;
      return null;
    },
    bbox: (municipalityId) => shapes.get(municipalityId)?.bbox,
    insideNorway(longitude, latitude) {
      return countyBoxes.some(
        ([minX, minY, maxX, maxY]) =>
          longitude >= minX - NORWAY_MARGIN &&
          longitude <= maxX + NORWAY_MARGIN &&
          latitude >= minY - NORWAY_MARGIN &&
          latitude <= maxY + NORWAY_MARGIN,
      );
    },
  };
}
