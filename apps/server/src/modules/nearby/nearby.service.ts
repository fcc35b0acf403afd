import { type FacilityHazardDistances, haversineMetres, NEARBY_MAX_FACILITIES, type NearbyRequest } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { searchReference } from '../catalogue/search-reference.ts';
import {
  findCircleCandidates,
  type GroupSum,
  type MeasuredRow,
  type PositionRow,
} from '../facility/facilities-in-circle.repository.ts';
import { addGroupAmounts, circleQuery, HAVERSINE_MARGIN, namedGroupTotals } from '../facility/facilities-in-circle.ts';
import { hazardDistancesOf } from '../facility/facility-hazard-distances.ts';
import type { GroupTotalRow } from '../facility/facility-summaries.repository.ts';
import { geodesicInverse } from '../geodesy/geodesic.ts';
import type { Scope } from '../identity/identity.ts';
import { findNearbyListing, type NearbyListingRow } from './nearby.repository.ts';
import { describePoint, type NearbyPoint } from './nearby-point.ts';

export type PlacedFacility<Row extends PositionRow = PositionRow> = Row & {
  distanceMeters: number;
  bearingDegrees: number;
};

/** A candidate and its haversine distance from the centre. */
export interface Approximated<Row extends PositionRow> {
  row: Row;
  approximate: number;
}

/**
 * The candidates that can be inside by haversine (within its margin of the radius), nearest first
 * by it (ties by id): measured and sorted once, for both the listing's superset
 * (listingCandidates) and the geodesic test (placeWithin).
 */
export function byHaversine<Row extends PositionRow>(
  candidates: readonly Row[],
  { latitude, longitude, radiusMeters }: NearbyRequest,
): Approximated<Row>[] {
  const outer = radiusMeters * (1 + HAVERSINE_MARGIN);
  const near: Approximated<Row>[] = [];
  for (const row of candidates) {
    const approximate = haversineMetres([longitude, latitude], [row.longitude, row.latitude]);
    if (approximate <= outer) near.push({ row, approximate });
  }
  return near.sort((a, b) => a.approximate - b.approximate || a.row.id - b.row.id);
}

export interface Placed<Row extends PositionRow> {
  /** Every facility inside the radius (nearest first by haversine). */
  inside: Row[];
  /** The nearest `limit` of them with geodesic distance and bearing, nearest first (ties by id). */
  nearest: PlacedFacility<Row>[];
}

/** The geodesic test over byHaversine's candidates: which lie within the radius, and the nearest of them. */
export function placeWithin<Row extends PositionRow>(
  near: readonly Approximated<Row>[],
  request: NearbyRequest,
  limit: number,
): Placed<Row> {
  const { latitude, longitude, radiusMeters } = request;
  const measured = new Map<number, PlacedFacility<Row>>();
  const measure = (row: Row): PlacedFacility<Row> => {
    let placed = measured.get(row.id);
    if (!placed) {
      placed = { ...row, ...geodesicInverse(latitude, longitude, row.latitude, row.longitude) };
      measured.set(row.id, placed);
    }
    return placed;
  };
  const certainlyInside = radiusMeters * (1 - HAVERSINE_MARGIN);
  const inside = near.filter(
    ({ row, approximate }) => approximate <= certainlyInside || measure(row).distanceMeters <= radiusMeters,
  );
  const nearest = inside.slice(0, limit).map(({ row }) => measure(row));
  // A facility beyond the first `limit` by haversine can still be nearer than the farthest of them
  // (or as near, with a lower id); a millimetre more for rounding at tiny distances.
  const farthest = nearest.reduce((max, f) => Math.max(max, f.distanceMeters), 0);
  for (const { row, approximate } of inside.slice(limit)) {
    if (approximate > farthest * (1 + HAVERSINE_MARGIN) + 0.001) break;
    nearest.push(measure(row));
  }
  nearest.sort((a, b) => a.distanceMeters - b.distanceMeters || a.id - b.id);
  return { inside: inside.map(({ row }) => row), nearest: nearest.slice(0, limit) };
}

export interface Within {
  /** How many facilities are inside the radius. */
  count: number;
  /** The nearest `limit` of them with geodesic distance and bearing, nearest first (ties by id). */
  nearest: PlacedFacility<MeasuredRow>[];
  /** What all of them store, per substance group (ascending). */
  totals: GroupSum[];
}

type Candidates = Awaited<ReturnType<typeof findCircleCandidates>>;

/** What the database finds for the circle: the rows to measure, and what is certainly inside but not listed. */
async function circleCandidates(db: Db, scope: Scope, request: NearbyRequest, limit: number): Promise<Candidates> {
  return findCircleCandidates(db, scope, circleQuery(request, limit));
}

/** The geodesic test over the database's candidates, and the counts and sums with what it put inside. */
function withinOf(
  near: readonly Approximated<MeasuredRow>[],
  { certain }: Candidates,
  request: NearbyRequest,
  limit: number,
): Within {
  const { inside, nearest } = placeWithin(near, request, limit);
  // Those near the edge that the geodesic test put inside; the rest inside the database counted.
  const edge = inside.flatMap((f) => (f.amounts ? [f.amounts] : []));
  return { count: certain.count + edge.length, nearest, totals: addGroupAmounts(certain.totals, edge) };
}

/**
 * The scope's facilities within the radius, nearest first, and what they store: the database sorts
 * out by haversine what is certainly outside, and what is certainly inside but too far to be
 * listed (counted and summed only); the geodesic test (placeWithin) decides the rest, exactly as
 * it would over every candidate in the box, and adds what those inside store to the sums.
 */
export async function facilitiesWithin(db: Db, scope: Scope, request: NearbyRequest, limit: number): Promise<Within> {
  const candidates = await circleCandidates(db, scope, request, limit);
  return withinOf(byHaversine(candidates.measured, request), candidates, request, limit);
}

/**
 * The candidates that can be among placeWithin's nearest `limit`, found by haversine alone: a
 * superset, so that their details can be read while the geodesic test runs. When the limit-th
 * nearest is certainly inside, nothing is nearer by the geodesic than its haversine × (1 + margin),
 * nor listed beyond that × (1 + margin) again (as placeWithin extends its list); otherwise the
 * whole circle is few enough to read.
 */
export function listingCandidates(
  near: readonly Approximated<PositionRow>[],
  { radiusMeters }: NearbyRequest,
  limit: number,
): number[] {
  const last = near[limit - 1]?.approximate;
  const reach =
    last === undefined || last >= radiusMeters * (1 - HAVERSINE_MARGIN)
      ? Number.POSITIVE_INFINITY
      : last * (1 + HAVERSINE_MARGIN) ** 2 + 0.001;
  const ids: number[] = [];
  for (const { row, approximate } of near) {
    if (approximate > reach) break;
    ids.push(row.id);
  }
  return ids;
}

export interface NearbyResult {
  request: NearbyRequest;
  /** The centre's municipality, source and notations. */
  point: NearbyPoint;
  /** How many facilities are inside. */
  count: number;
  /** The listed ones (the nearest NEARBY_MAX_FACILITIES), in that order, with what the list shows. */
  listed: (PlacedFacility<MeasuredRow> & { detail: NearbyListingRow; hazardDistances: FacilityHazardDistances })[];
  totals: GroupTotalRow[];
}

/** POST /api/v1/facilities/nearby: the facilities around a point and what they store. */
export async function nearbyFacilities(db: Db, scope: Scope, request: NearbyRequest): Promise<NearbyResult> {
  const [candidates, reference, point] = await Promise.all([
    circleCandidates(db, scope, request, NEARBY_MAX_FACILITIES),
    searchReference(db),
    describePoint(request.latitude, request.longitude),
  ]);
  // The details' statement leaves first; the geodesic test (1–3 ms at 500 facilities) runs while
  // the database reads them.
  const near = byHaversine(candidates.measured, request);
  const listing = findNearbyListing(db, scope, listingCandidates(near, request, NEARBY_MAX_FACILITIES));
  // Awaited below; a failure that comes before then (a broken connection fails at once) must not
  // count as unhandled, which would end the process.
  listing.catch(() => {});
  await new Promise(setImmediate);
  const { count, nearest: first, totals } = withinOf(near, candidates, request, NEARBY_MAX_FACILITIES);
  const detailOf = new Map((await listing).map((d) => [d.id, d]));
  const details = first.flatMap((f) => detailOf.get(f.id) ?? []);
  const hazards = await hazardDistancesOf(
    db,
    details.map((d) => [d.id, d.substances]),
    reference,
  );
  const none = { isolation: null, evacuation: null, fire: null };
  const listed = first.flatMap((f) => {
    const detail = detailOf.get(f.id);
    // Gone or moved out of the scope since the positions were read: left out, never shown.
    return detail ? [{ ...f, detail, hazardDistances: hazards.get(f.id) ?? none }] : [];
  });
  return { request, point, count, listed, totals: namedGroupTotals(totals, reference) };
}
