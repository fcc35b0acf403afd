import type { NearbyRequest } from '@fast/contracts';
import type { SearchReference } from '../catalogue/search-reference.ts';
import { type BBox, type CircleQuery, type GroupAmounts, type GroupSum, sumGroups } from './facilities-in-circle.repository.ts';
import type { GroupTotalRow } from './facility-summaries.repository.ts';

/**
 * The facilities in a circle, as the nearby list and the protective zones ask the database for
 * them (findCircleCandidates): the box and thresholds of the question, and the sums per substance
 * group of what is found inside.
 */

// The shortest degree of latitude on WGS84 (at the equator) and the longest parallel degree at
// the equator: a box from them holds every point within the radius, with a margin for rounding.
const MIN_METRES_PER_DEGREE_LATITUDE = 110_574;
const EQUATOR_METRES_PER_DEGREE_LONGITUDE = 111_319;
const MARGIN = 1.01;

/** A longitude/latitude box that certainly holds the geodesic circle (the index's prefilter). */
export function circleBox(latitude: number, longitude: number, radiusMeters: number): BBox {
  const dLat = (radiusMeters / MIN_METRES_PER_DEGREE_LATITUDE) * MARGIN;
  const south = Math.max(-90, latitude - dLat);
  const north = Math.min(90, latitude + dLat);
  const poleward = Math.max(Math.abs(south), Math.abs(north));
  // Near a pole (or a circle around it) the box takes every longitude.
  if (poleward >= 89) return [-180, south, 180, north];
  const dLon = (radiusMeters / (EQUATOR_METRES_PER_DEGREE_LONGITUDE * Math.cos((poleward * Math.PI) / 180))) * MARGIN;
  if (dLon >= 180) return [-180, south, 180, north];
  // Facilities are in Norway, far from the antimeridian: a box that would cross it is cut at it.
  return [Math.max(-180, longitude - dLon), south, Math.min(180, longitude + dLon), north];
}

/**
 * Haversine on the mean sphere is within 0.6 % of the WGS84 geodesic (the earth's radii of
 * curvature lie between 6 335 and 6 400 km): with a 1 % margin it decides what is certainly
 * inside or outside, and orders, at a tenth of the cost; GeographicLib measures what it cannot
 * decide and everything that is shown.
 */
export const HAVERSINE_MARGIN = 0.01;

// The database's haversine and the app's may differ in the last bits (another libm): whatever
// either could put on the other side of a threshold is measured in the app.
const SQL_TOLERANCE = 1e-9;
// The geodesic is within 0.6 % of haversine, so nothing beyond 1.05 × the haversine of the
// limit-th nearest (plus a metre) can be listed, nor extend the list in placeWithin.
const REACH_FACTOR = 1.05;

/** What the database is asked for the circle of `request`, when the nearest `limit` are listed. */
export function circleQuery({ latitude, longitude, radiusMeters }: NearbyRequest, limit: number): CircleQuery {
  return {
    latitude,
    longitude,
    box: circleBox(latitude, longitude, radiusMeters),
    outerMetres: radiusMeters * (1 + HAVERSINE_MARGIN) * (1 + SQL_TOLERANCE),
    innerMetres: radiusMeters * (1 - HAVERSINE_MARGIN) * (1 - SQL_TOLERANCE),
    limit,
    reachFactor: REACH_FACTOR,
  };
}

/**
 * Sums per substance group with what each facility stores added (slot g - 1 is group g). The
 * database's sums are of doubles too; what is shown is rounded to 0.001.
 */
export function addGroupAmounts(sums: readonly GroupSum[], facilities: readonly GroupAmounts[]): GroupSum[] {
  const stored = facilities.flatMap(({ cubicMetres, tonnes }) =>
    cubicMetres.flatMap((volume, slot) =>
      volume === null ? [] : [{ groupId: slot + 1, cubicMetres: volume, tonnes: tonnes[slot] ?? 0, facilities: 1 }],
    ),
  );
  return sumGroups([...sums, ...stored]);
}

/** Group sums with the groups' names, as the zone and nearby presenters read them. */
export function namedGroupTotals(totals: readonly GroupSum[], reference: SearchReference): GroupTotalRow[] {
  const group = new Map(reference.rows.groups.map((g) => [g.id, g]));
  return totals.map((t) => ({
    group_id: t.groupId,
    name_nb: group.get(t.groupId)?.name_nb ?? String(t.groupId),
    name_nn: group.get(t.groupId)?.name_nn ?? String(t.groupId),
    cubic_metres: t.cubicMetres,
    tonnes: t.tonnes,
    facility_count: t.facilities,
  }));
}
