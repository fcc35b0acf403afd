import { EARTH_RADIUS_METRES } from '@fast/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { idArray } from '../../db/sql.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';
import { type FacilitySummaryRow, facilitySummaries } from '../map/map.repository.ts';

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export interface PositionRow {
  id: number;
  longitude: number;
  latitude: number;
  is_explosives: boolean;
}

export interface CircleQuery {
  latitude: number;
  longitude: number;
  /** The index's prefilter: a box that holds the circle. */
  box: BBox;
  /** Haversine at most this is near enough to be measured or counted; beyond it is outside. */
  outerMetres: number;
  /** Haversine at most this is certainly inside. */
  innerMetres: number;
  /** How many of the nearest the caller lists (Infinity: all). */
  limit: number;
  /** Beyond `reachFactor` × the haversine of the `limit`-th nearest (plus a metre), none can be listed. */
  reachFactor: number;
}

export interface CircleCandidates {
  /** What the caller must still measure: near the circle's edge, or among the nearest `limit`. */
  measured: PositionRow[];
  /** The rest, certainly inside and too far to be listed: counted, never measured. */
  unmeasured: UnmeasuredInside;
}

/** The facilities of a circle the database counted inside by itself: their haversine lies in (reach, innerMetres]. */
export interface UnmeasuredInside {
  count: number;
  /** The haversine up to which every facility was measured (null: all were). */
  reach: number | null;
}

interface CandidateRow {
  /** [id, longitude, latitude, is_explosives] of each facility to measure. */
  measured: [number, number, number, boolean][] | null;
  unmeasured: number;
  reach: number | null;
}

/** Bands of latitude of the B-tree `facility_band_idx` (migration 2026_11_24_0100): 0.05°. */
const BANDS_PER_DEGREE = 20;

/** The bands a box spans, as the index computes them (floor of latitude × 20). */
function bandsOf(south: number, north: number): number[] {
  const first = Math.floor(south * BANDS_PER_DEGREE);
  return Array.from({ length: Math.floor(north * BANDS_PER_DEGREE) - first + 1 }, (_, i) => first + i);
}

// PostgreSQL's float8 input refuses a subnormal number ("out of range"); as a centre's degrees one
// is 0 far within SQL_TOLERANCE (nearby.service.ts).
const SMALLEST_NORMAL = 2.2250738585072014e-308;
const normal = (degrees: number) => (Math.abs(degrees) < SMALLEST_NORMAL ? 0 : degrees);

/**
 * The scope's facilities in the circle's box, with their haversine distance `h` from its centre:
 * each band of the box a range of longitude in `facility_band_idx`, an index-only scan.
 */
function nearCentre(db: Db, scope: Scope, circle: CircleQuery) {
  const [west, south, east, north] = circle.box;
  const [latitude, longitude] = [normal(circle.latitude), normal(circle.longitude)];
  return sql`
    select f.id, f.longitude, f.latitude, f.is_explosives,
      2 * ${EARTH_RADIUS_METRES}::float8 * asin(least(1, sqrt(
        sin(radians(f.latitude - ${latitude}::float8) / 2) ^ 2
        + cos(radians(${latitude}::float8)) * cos(radians(f.latitude)) * sin(radians(f.longitude - ${longitude}::float8) / 2) ^ 2))) as h
    from facility f
    where floor(f.latitude * ${BANDS_PER_DEGREE})::integer = any(${idArray(bandsOf(south, north))})
      and f.longitude between ${west}::float8 and ${east}::float8
      and f.latitude between ${south}::float8 and ${north}::float8
      and f.municipality_id in (${scopeMunicipalityIds(db, scope)})`;
}

/**
 * The scope's facilities around a point, sorted out in the database so that only what the
 * geodesic test needs crosses to the app: the B-tree on bands of latitude answers the box,
 * haversine (as `haversineMetres`) tells what lies certainly
 * outside, certainly inside, or near the edge; of those certainly inside, the ones too far to be
 * listed are only counted. Moving every position of a dense box (6 000 in central Oslo at 5 km)
 * to the app, or even their ids, cost several times more than finding them.
 *
 * One row: PGlite (a worker thread) and node-postgres carry one JSON value far cheaper than
 * hundreds of narrow rows. A float8 leaves PostgreSQL, in JSON too, as its shortest exact text:
 * the app measures the very coordinates it measured before.
 */
export async function findCircleCandidates(db: Db, scope: Scope, circle: CircleQuery): Promise<CircleCandidates> {
  const { outerMetres, innerMetres, limit, reachFactor } = circle;
  // Both CTEs materialised: the haversine is computed once per facility, the limit-th nearest found once.
  const reach = Number.isFinite(limit)
    ? sql`(select h from near where h <= ${outerMetres}::float8 order by h offset ${Math.max(0, limit - 1)} limit 1) * ${reachFactor}::float8 + 1`
    : sql`null::float8`;
  const measured = sql<SqlBool>`(h <= coalesce(reach.t, 'infinity') or h > ${innerMetres}::float8)`;
  const { rows } = await sql<CandidateRow>`
    with near as materialized (${nearCentre(db, scope, circle)}),
    reach as materialized (select ${reach} as t)
    select
      json_agg(json_build_array(id, longitude, latitude, is_explosives)) filter (where h <= ${outerMetres}::float8 and ${measured}) as measured,
      count(*) filter (where h <= ${outerMetres}::float8 and not ${measured})::int as unmeasured,
      min(reach.t) as reach
    from near, reach`.execute(db);
  const row = rows[0];
  return {
    measured: (row?.measured ?? []).map(([id, longitude, latitude, is_explosives]) => ({
      id,
      longitude,
      latitude,
      is_explosives,
    })),
    unmeasured: { count: row?.unmeasured ?? 0, reach: row?.reach ?? null },
  };
}

/**
 * The ids of a circle's facilities inside, as an int[] expression for the database: those it
 * counted inside by itself (found again by the same test), and those the app measured inside.
 */
export function insideIdArray(
  db: Db,
  scope: Scope,
  circle: CircleQuery,
  { reach }: UnmeasuredInside,
  measuredInside: readonly number[],
): RawBuilder<number[]> {
  // As a CTE, as in findCircleCandidates: the planner then joins the scope by hash, not by one
  // index probe per facility (its estimate of the box is far too small).
  const unmeasured =
    reach === null
      ? sql``
      : sql`with near as materialized (${nearCentre(db, scope, circle)})
          select id from near where h <= ${circle.innerMetres}::float8 and h > ${reach}::float8 union all `;
  return sql<number[]>`array(${unmeasured}select unnest(${idArray(measuredInside)}))`;
}

/** What the list shows of each facility (at most NEARBY_MAX_FACILITIES), in no particular order; the scope is applied again. */
export async function findNearbyDetails(db: Db, scope: Scope, ids: readonly number[]): Promise<FacilitySummaryRow[]> {
  if (ids.length === 0) return [];
  return facilitySummaries(db, scope).where('f.id', 'in', ids).execute();
}
