import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UtmZone } from '@fast/contracts';
import type { MultiPolygon, Polygon } from 'geojson';
import { REFERENCE_DIR } from '../../reference-dir.ts';
import { toUtm } from '../facility/coordinates.ts';

type Ring = [number, number][];
interface MunicipalityShape {
  /** [west, south, east, north] in degrees. */
  bbox: [number, number, number, number];
  polygons: Ring[][];
}

let shapes: Promise<MunicipalityShape[]> | undefined;

/** Kartverket's municipality polygons (clipped to the coast), read once per process. */
function municipalityShapes(): Promise<MunicipalityShape[]> {
  shapes ??= readFile(join(REFERENCE_DIR, 'municipalities.geojson'), 'utf8').then((text) => {
    const collection = JSON.parse(text) as { features: { geometry: Polygon | MultiPolygon }[] };
    return collection.features.map(({ geometry }) => {
      const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
      let [west, south, east, north] = [180, 90, -180, -90];
      for (const polygon of polygons)
        for (const [lon, lat] of polygon[0] ?? []) {
          west = Math.min(west, lon);
          east = Math.max(east, lon);
          south = Math.min(south, lat);
          north = Math.max(north, lat);
        }
      return { bbox: [west, south, east, north], polygons };
    });
  });
  return shapes;
}

/** The land outlines (rings in UTM metres) of the municipalities that reach into a square window. */
export async function landInWindow(
  longitude: number,
  latitude: number,
  zone: UtmZone,
  halfSizeM: number,
): Promise<[number, number][][]> {
  // The window in degrees, a little wider than the square so no edge is missed.
  const dLat = (halfSizeM * 1.5) / 111_320;
  const dLon = (halfSizeM * 1.5) / (111_320 * Math.cos((latitude * Math.PI) / 180));
  const rings: [number, number][][] = [];
  for (const shape of await municipalityShapes()) {
    const [w, s, e, n] = shape.bbox;
    if (e < longitude - dLon || w > longitude + dLon || n < latitude - dLat || s > latitude + dLat) continue;
    for (const polygon of shape.polygons)
      for (const ring of polygon)
        rings.push(
          ring.map(([lon, lat]) => {
            const utm = toUtm(lon, lat, zone);
            return [utm.east, utm.north];
          }),
        );
  }
  return rings;
}
