import { OGC_CRS_LIST, OgcCrs } from '@fast/contracts';
import { validationError } from '../../errors.ts';
import { utmProjection } from '../position/utm.ts';

/**
 * The answer's coordinate reference systems (OGC API – Features Part 2). Positions are stored in
 * WGS84 and taken as ETRS89 (EUREF89), as modules/position/utm.ts does: the two differ by well
 * under the register's accuracy. Axis order is each CRS's own: CRS84 is longitude, latitude;
 * EPSG:4258 is latitude, longitude; the UTM zones are easting, northing.
 */

/** [longitude, latitude] (WGS84) → the CRS's axes, in its axis order. */
export type Project = (longitude: number, latitude: number) => [number, number];
/** The CRS's axes → [longitude, latitude]. */
type Unproject = (first: number, second: number) => [number, number];

const UTM_ZONE: Partial<Record<OgcCrs, number>> = {
  [OgcCrs.EPSG_25832]: 32,
  [OgcCrs.EPSG_25833]: 33,
  [OgcCrs.EPSG_25835]: 35,
};

const millimetres = (metres: number) => Math.round(metres * 1000) / 1000;

/** A CRS URI the service serves (also its `[EPSG:n]` safe-CURIE form), or a 400. */
export function parseCrs(value: string | undefined, parameter: string): OgcCrs {
  if (value === undefined) return OgcCrs.CRS84;
  const curie = /^\[?(EPSG|OGC):([0-9A-Z.]+)\]?$/i.exec(value);
  const uri = curie
    ? curie[1]?.toUpperCase() === 'OGC'
      ? OgcCrs.CRS84
      : `http://www.opengis.net/def/crs/EPSG/0/${curie[2]}`
    : value.replace(/^https:/, 'http:');
  const known = OGC_CRS_LIST.find((crs) => crs === uri);
  if (!known)
    throw validationError(`Ugyldig ${parameter}: koordinatsystemet støttes ikke. Bruk ett av ${OGC_CRS_LIST.join(', ')}.`);
  return known;
}

function isProjected(crs: OgcCrs): boolean {
  return UTM_ZONE[crs] !== undefined;
}

export function projection(crs: OgcCrs): Project {
  const zone = UTM_ZONE[crs];
  if (zone !== undefined) {
    const forward = utmProjection(zone).forward;
    return (longitude, latitude) => {
      const [east, north] = forward([longitude, latitude]) as [number, number];
      return [millimetres(east), millimetres(north)];
    };
  }
  if (crs === OgcCrs.EPSG_4258) return (longitude, latitude) => [latitude, longitude];
  return (longitude, latitude) => [longitude, latitude];
}

function unprojection(crs: OgcCrs): Unproject {
  const zone = UTM_ZONE[crs];
  if (zone !== undefined) {
    const inverse = utmProjection(zone).inverse;
    return (east, north) => inverse([east, north]) as [number, number];
  }
  if (crs === OgcCrs.EPSG_4258) return (latitude, longitude) => [longitude, latitude];
  return (longitude, latitude) => [longitude, latitude];
}

/** A bounding box as the database filters on it (WGS84 degrees), and the exact test where it is not one. */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
  /** The box as asked, [minx, miny, maxx, maxy] in its CRS's axes, and WGS84 into those axes. */
  rect: [number, number, number, number];
  project: Project;
  /** Whether the degrees above are only the box's envelope (a box in a projected CRS): `rect` then decides. */
  envelope: boolean;
}

/** Whether a WGS84 position lies in the box as asked. */
export function boxContains(box: LonLatBox, longitude: number, latitude: number): boolean {
  const [x, y] = box.project(longitude, latitude);
  const [minX, minY, maxX, maxY] = box.rect;
  return x >= minX && x <= maxX && y >= minY && y <= maxY;
}

/** Whether the line through these WGS84 positions meets the box as asked (Liang–Barsky clipping in the box's axes). */
export function boxMeetsLine(box: LonLatBox, line: readonly (readonly [number, number])[]): boolean {
  const [minX, minY, maxX, maxY] = box.rect;
  const points = line.map(([lon, lat]) => box.project(lon, lat));
  if (points.length === 1) return boxContains(box, line[0]?.[0] ?? Number.NaN, line[0]?.[1] ?? Number.NaN);
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i - 1] as [number, number];
    const [x2, y2] = points[i] as [number, number];
    const dx = x2 - x1;
    const dy = y2 - y1;
    let t0 = 0;
    let t1 = 1;
    let meets = true;
    for (const [p, q] of [
      [-dx, x1 - minX],
      [dx, maxX - x1],
      [-dy, y1 - minY],
      [dy, maxY - y1],
    ] as const) {
      if (p === 0) {
        if (q < 0) meets = false;
      } else {
        const t = q / p;
        if (p < 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
      }
    }
    if (meets && t0 <= t1) return true;
  }
  return false;
}

const EDGE_STEPS = 16;

/**
 * `bbox` (minx,miny,maxx,maxy in `crs`'s axis order) as WGS84 degrees. A box in a UTM zone is
 * not one in degrees: its edges are walked to find its envelope in degrees (a little widened, as
 * an edge bulges between the steps), and `contains` tells what is exactly inside.
 */
export function parseBbox(text: string, crs: OgcCrs): LonLatBox {
  const values = text.split(',').map((v) => (/^\s*-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?\s*$/.test(v) ? Number(v) : Number.NaN));
  if (values.length === 6) throw validationError('Ugyldig bbox: tjenesten har ingen høyde; oppgi fire tall.');
  const [minX, minY, maxX, maxY] = values;
  if (
    values.length !== 4 ||
    minX === undefined ||
    minY === undefined ||
    maxX === undefined ||
    maxY === undefined ||
    values.some((v) => !Number.isFinite(v)) ||
    minY > maxY ||
    // A box across the antimeridian (CRS84 allows it) has no Norwegian facility in it.
    minX > maxX
  ) {
    throw validationError('Ugyldig bbox: oppgi fire tall, minx,miny,maxx,maxy.');
  }
  if (!isProjected(crs)) {
    const [west, south] = unprojection(crs)(minX, minY);
    const [east, north] = unprojection(crs)(maxX, maxY);
    if (south < -90 || north > 90 || west < -180 || east > 180) throw validationError('Ugyldig bbox: utenfor jordkloden.');
    return { west, south, east, north, rect: [minX, minY, maxX, maxY], project: projection(crs), envelope: false };
  }
  const toLonLat = unprojection(crs);
  const corners: [number, number][] = [];
  for (let i = 0; i <= EDGE_STEPS; i++) {
    const x = minX + ((maxX - minX) * i) / EDGE_STEPS;
    const y = minY + ((maxY - minY) * i) / EDGE_STEPS;
    corners.push(toLonLat(x, minY), toLonLat(x, maxY), toLonLat(minX, y), toLonLat(maxX, y));
  }
  const longitudes = corners.map(([lon]) => lon);
  const latitudes = corners.map(([, lat]) => lat);
  if ([...longitudes, ...latitudes].some((v) => !Number.isFinite(v))) throw validationError('Ugyldig bbox: utenfor sonen.');
  const margin = 0.01;
  return {
    west: Math.max(-180, Math.min(...longitudes) - margin),
    south: Math.max(-90, Math.min(...latitudes) - margin),
    east: Math.min(180, Math.max(...longitudes) + margin),
    north: Math.min(90, Math.max(...latitudes) + margin),
    rect: [minX, minY, maxX, maxY],
    project: projection(crs),
    envelope: true,
  };
}
