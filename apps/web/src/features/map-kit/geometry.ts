import { EARTH_RADIUS_METRES, haversineMetres } from '@fast/contracts';

/** A [longitude, latitude] position in WGS84. */
export type LonLat = [number, number];

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The length of a line along the earth's surface, in metres. */
export function lineLengthMetres(line: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += haversineMetres(line[i - 1] as LonLat, line[i] as LonLat);
  return total;
}

/**
 * The area enclosed by a ring on the sphere, in square metres (the spherical-excess sum of
 * Chamberlain and Duquette, as used by most web maps). Exact enough for any zone a user draws.
 */
export function ringAreaSquareMetres(ring: readonly LonLat[]): number {
  const n = ring.length;
  if (n < 4) return 0;
  let total = 0;
  for (let i = 0; i < n - 1; i++) {
    const [lon1, lat1] = ring[i] as LonLat;
    const [lon2, lat2] = ring[i + 1] as LonLat;
    total += toRadians(lon2 - lon1) * (2 + Math.sin(toRadians(lat1)) + Math.sin(toRadians(lat2)));
  }
  return Math.abs((total * EARTH_RADIUS_METRES * EARTH_RADIUS_METRES) / 2);
}

/** A polygon's area: its outline less its holes. */
export function polygonAreaSquareMetres(rings: readonly (readonly LonLat[])[]): number {
  const [outer, ...holes] = rings;
  if (!outer) return 0;
  return Math.max(0, ringAreaSquareMetres(outer) - holes.reduce((sum, hole) => sum + ringAreaSquareMetres(hole), 0));
}

/** The point at `distance` metres from `from` in the direction `bearing` (degrees from north). */
export function destination([lon, lat]: LonLat, distance: number, bearing: number): LonLat {
  const delta = distance / EARTH_RADIUS_METRES;
  const theta = toRadians(bearing);
  const phi1 = toRadians(lat);
  const lambda1 = toRadians(lon);
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
  const lambda2 =
    lambda1 + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
  return [(((lambda2 * 180) / Math.PI + 540) % 360) - 180, (phi2 * 180) / Math.PI];
}

/** A geodesic circle as a closed ring of `steps` points, each exactly `radius` metres from the centre. */
export function circleRing(center: LonLat, radius: number, steps = 64): LonLat[] {
  const ring: LonLat[] = [];
  // Nine decimals (0.1 mm): the precision terra-draw accepts for a feature's coordinates.
  const round = (value: number) => Math.round(value * 1e9) / 1e9;
  for (let i = 0; i < steps; i++) {
    const [lon, lat] = destination(center, radius, (360 * i) / steps);
    ring.push([round(lon), round(lat)]);
  }
  ring.push(ring[0] as LonLat);
  return ring;
}

/**
 * The centre and radius of a drawn circle, from its ring: the middle of its extent (a geodesic
 * circle's north and south points lie on its centre's meridian, its east and west points
 * symmetric about it) and the vertices' mean distance from that. Read from the geometry, so that
 * it holds after the circle was moved or resized.
 */
export function circleOfRing(ring: readonly LonLat[]): { center: LonLat; radius: number } {
  const vertices = ring.length > 1 ? ring.slice(0, -1) : ring;
  const [west, south, east, north] = boundsOf(vertices) ?? [0, 0, 0, 0];
  const center: LonLat = [(west + east) / 2, (south + north) / 2];
  const radius = vertices.reduce((sum, vertex) => sum + haversineMetres(center, vertex), 0) / Math.max(1, vertices.length);
  return { center, radius };
}

/** The bounding box [west, south, east, north] of positions. */
export function boundsOf(points: Iterable<LonLat>): [number, number, number, number] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lon, lat] of points) {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return west <= east ? [west, south, east, north] : null;
}
