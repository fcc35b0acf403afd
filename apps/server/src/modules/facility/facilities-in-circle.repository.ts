import { EARTH_RADIUS_METRES } from '@fast/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Db, isSingleSession } from '../../db/database.ts';
import { idArray } from '../../db/sql.ts';
import { inScopeHashed } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export interface PositionRow {
  id: number;
  longitude: number;
  latitude: number;
  is_explosives: boolean;
}

/**
 * What a facility stores per substance group (its columns group_cubic_metres_g and group_tonnes_g,
 * migrations nearby_group_totals and nearby_group_columns): slot g - 1 for group g, null for a
 * group it does not store.
 */
export interface GroupAmounts {
  cubicMetres: (number | null)[];
  tonnes: (number | null)[];
}

/**
 * A facility the app measures. Near the circle's edge it carries what it stores, to be added to
 * the totals if it is inside; one certainly inside (listed only) is in the database's sums already.
 */
export type MeasuredRow = PositionRow & { amounts: GroupAmounts | null };

/** What some facilities store of one substance group, and how many of them store it. */
export interface GroupSum {
  groupId: number;
  cubicMetres: number;
  tonnes: number;
  facilities: number;
}

export interface CircleQuery {
  latitude: number;
  longitude: number;
  /** The index's prefilter: a box that holds the circle. */
  box: BBox;
  /** Haversine at most this is near enough to be measured or counted; beyond it is outside. */
  outerMetres: number;
  /** Haversine at most this is certainly inside; negative: none is, every facility is measured with what it stores. */
  innerMetres: number;
  /** How many of the nearest the caller lists (Infinity: all). */
  limit: number;
  /** Beyond `reachFactor` × the haversine of the `limit`-th nearest (plus a metre), none can be listed. */
  reachFactor: number;
}

export interface CircleCandidates {
  /** What the caller must still measure: near the circle's edge, or among the nearest `limit`. */
  measured: MeasuredRow[];
  /** Those certainly inside (some of them measured too, to be listed): counted and summed per group. */
  certain: { count: number; totals: GroupSum[] };
}

interface CandidateRow {
  /** [id, longitude, latitude, is_explosives, m³ and tonnes per group near the edge] of each facility to measure. */
  measured: [number, number, number, boolean, (number | null)[] | null, (number | null)[] | null][] | null;
  certain: number;
  /** [group id, m³, tonnes, facilities] of those certainly inside, one per group. */
  totals: [number, number | null, number | null, number][];
}

/**
 * The catalogue's substance groups, each with its amount columns in `facility_band_idx` (migration
 * nearby_group_columns); a test holds them to the catalogue.
 */
export const NEARBY_GROUPS = [1, 2, 3, 4, 5, 6, 7] as const;

const amountColumns = (column: 'group_cubic_metres' | 'group_tonnes') =>
  sql.join(NEARBY_GROUPS.map((g) => sql.ref(`${column}_${g}`)));

/** Bands of latitude of the B-tree `facility_band_idx` (migration 2026_11_24_0100): 0.05°. */
const BANDS_PER_DEGREE = 20;

/** The bands a box spans, as the index computes them (floor of latitude × 20). */
function bandsOf(south: number, north: number): number[] {
  const first = Math.floor(south * BANDS_PER_DEGREE);
  return Array.from({ length: Math.floor(north * BANDS_PER_DEGREE) - first + 1 }, (_, i) => first + i);
}

// PostgreSQL's float8 input refuses a subnormal number ("out of range"); as a centre's degrees one
// is 0 far within SQL_TOLERANCE (facilities-in-circle.ts).
const SMALLEST_NORMAL = 2.2250738585072014e-308;
const normal = (degrees: number) => (Math.abs(degrees) < SMALLEST_NORMAL ? 0 : degrees);

/** A part of the circle's box: its longitudes from `west` up to `east`, which it holds only if `eastInclusive`. */
interface BoxPart {
  west: number;
  east: number;
  eastInclusive: boolean;
}

/**
 * The haversine of the angle that `metres` spans on the sphere: what a facility's `hav` is
 * compared with. Haversine distance 2R·asin(√hav) grows with `hav`, so comparing these orders and
 * thresholds as the distances would, with no square root or arcsine per facility.
 */
const havOf = (metres: RawBuilder<number>) =>
  sql<number>`sin(least(pi() / 2, (${metres}) / ${2 * EARTH_RADIUS_METRES}::float8)) ^ 2`;

/**
 * The scope's facilities in a part of the circle's box within haversine `outerMetres` of its
 * centre, with `hav`, the haversine of their angle from it: each band of the box a range of
 * longitude in `facility_band_idx`, an index-only scan. The scope is read in the same statement,
 * once, into a hash that each entry probes (inScopeHashed): where the planner, which expects a few
 * entries in the box, joined the access table by an index probe per entry.
 */
function nearCentre(db: Db, scope: Scope, circle: CircleQuery, { west, east, eastInclusive }: BoxPart) {
  const [, south, , north] = circle.box;
  const [latitude, longitude] = [normal(circle.latitude), normal(circle.longitude)];
  const eastBound = eastInclusive ? sql`f.longitude <= ${east}::float8` : sql`f.longitude < ${east}::float8`;
  return sql`
    select * from (
      select f.id, f.longitude, f.latitude, f.is_explosives,
        ${amountColumns('group_cubic_metres')}, ${amountColumns('group_tonnes')},
        sin(radians(f.latitude - ${latitude}::float8) / 2) ^ 2
          + cos(radians(${latitude}::float8)) * cos(radians(f.latitude)) * sin(radians(f.longitude - ${longitude}::float8) / 2) ^ 2 as hav
      from facility f
      where floor(f.latitude * ${BANDS_PER_DEGREE})::integer = any(${idArray(bandsOf(south, north))})
        and f.longitude >= ${west}::float8 and ${eastBound}
        and f.latitude between ${south}::float8 and ${north}::float8
        and ${inScopeHashed(db, scope, sql`f.municipality_id`)}
      offset 0) f
    where hav <= ${havOf(sql`${circle.outerMetres}::float8`)}`;
}

/**
 * The scope's facilities around a point, sorted out in the database so that only what the
 * geodesic test needs crosses to the app: the B-tree on bands of latitude answers the box,
 * haversine (as `haversineMetres`) tells what lies certainly outside, certainly inside, or near
 * the edge. Those certainly inside are counted, and what they store summed per substance group
 * from the index's own copy (no probe per facility); only the nearest of them (to be listed) and
 * those near the edge (with what they store) are sent to be measured. Moving every position of a
 * dense box (6 000 in central Oslo at 5 km) to the app, or even their ids, cost several times more
 * than finding them.
 *
 * On PostgreSQL the box's west and east halves (split at the centre's longitude) are read side by
 * side on two pooled connections, each half its own statement: the statement's time is linear in
 * the entries it reads, so the two take about half as long on two cores. Each half sends its own
 * nearest, a superset of the whole's (a half's `limit`-th nearest is no nearer than the whole's),
 * and its own edge; the counts and sums add up. PGlite runs one statement at a time: one statement.
 */
export async function findCircleCandidates(db: Db, scope: Scope, circle: CircleQuery): Promise<CircleCandidates> {
  const [west, , east] = circle.box;
  const middle = Math.min(Math.max(circle.longitude, west), east);
  const parts: BoxPart[] = isSingleSession(db)
    ? [{ west, east, eastInclusive: true }]
    : [
        { west, east: middle, eastInclusive: false },
        { west: middle, east, eastInclusive: true },
      ];
  const found = await Promise.all(parts.map((part) => findInBoxPart(db, scope, circle, part)));
  return {
    measured: found.flatMap((f) => f.measured),
    certain: {
      count: found.reduce((sum, f) => sum + f.certain.count, 0),
      totals: sumGroups(found.flatMap((f) => f.certain.totals)),
    },
  };
}

/** The sums of the same group added up, by group (ascending). */
export function sumGroups(sums: readonly GroupSum[]): GroupSum[] {
  const byGroup = new Map<number, GroupSum>();
  for (const sum of sums) {
    const known = byGroup.get(sum.groupId);
    if (!known) byGroup.set(sum.groupId, { ...sum });
    else {
      known.cubicMetres += sum.cubicMetres;
      known.tonnes += sum.tonnes;
      known.facilities += sum.facilities;
    }
  }
  return [...byGroup.values()].sort((a, b) => a.groupId - b.groupId);
}

/**
 * One statement for a part of the box (see findCircleCandidates). One row: PGlite (a worker
 * thread) and node-postgres carry one JSON value far cheaper than hundreds of narrow rows. A float8
 * leaves PostgreSQL, in JSON too, as its shortest exact text: the app measures the very coordinates
 * it measured before.
 */
async function findInBoxPart(db: Db, scope: Scope, circle: CircleQuery, part: BoxPart): Promise<CircleCandidates> {
  const { innerMetres, limit, reachFactor } = circle;
  // Both CTEs materialised: the haversine is computed once per facility, the limit-th nearest found once.
  const reach = Number.isFinite(limit)
    ? havOf(
        sql`2 * ${EARTH_RADIUS_METRES}::float8 * asin(least(1, sqrt((select hav from near order by hav offset ${Math.max(0, limit - 1)} limit 1))))
          * ${reachFactor}::float8 + 1`,
      )
    : sql`null::float8`;
  const edge = innerMetres < 0 ? sql<SqlBool>`true` : sql<SqlBool>`hav > ${havOf(sql`${innerMetres}::float8`)}`;
  const totals = sql.join(
    NEARBY_GROUPS.map((g) => {
      const [cubicMetres, tonnes] = [sql.ref(`group_cubic_metres_${g}`), sql.ref(`group_tonnes_${g}`)];
      return sql`json_build_array(${sql.lit(g)}, sum(${cubicMetres}), sum(${tonnes}), count(${cubicMetres}))`;
    }),
  );
  const { rows } = await sql<CandidateRow>`
    with near as materialized (${nearCentre(db, scope, circle, part)}),
    reach as materialized (select ${reach} as t)
    select
      (select json_agg(json_build_array(id, longitude, latitude, is_explosives,
          case when ${edge} then json_build_array(${amountColumns('group_cubic_metres')}) end,
          case when ${edge} then json_build_array(${amountColumns('group_tonnes')}) end))
        from near, reach where hav <= coalesce(reach.t, 'infinity') or ${edge}) as measured,
      certain.*
    from (select count(*)::int as certain, json_build_array(${totals}) as totals
      from near where not ${edge}) certain`.execute(db);
  const row = rows[0];
  return {
    measured: (row?.measured ?? []).map(([id, longitude, latitude, is_explosives, cubicMetres, tonnes]) => ({
      id,
      longitude,
      latitude,
      is_explosives,
      amounts: cubicMetres && tonnes ? { cubicMetres, tonnes } : null,
    })),
    certain: {
      count: row?.certain ?? 0,
      totals: (row?.totals ?? []).flatMap(([groupId, cubicMetres, tonnes, facilities]) =>
        facilities > 0 ? [{ groupId, cubicMetres: cubicMetres ?? 0, tonnes: tonnes ?? 0, facilities }] : [],
      ),
    },
  };
}
