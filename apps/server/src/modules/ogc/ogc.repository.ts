import type { MajorAccidentValue } from '@fast/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { idArray } from '../../db/sql.ts';
import { inScopeHashed, scopeMunicipalityIds } from '../access/scope.ts';
import type { SubstanceTotal } from '../facility/facility-rows.repository.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * The OGC feed's SQL: the caller's facilities (explosives facilities never: the feed carries what
 * an export may carry) and the gas pipelines, and the versions its ETags are made of.
 */

/** What the items of the facilities collection are filtered by (all optional; the scope always applies). */
export interface FacilityFilter {
  /** WGS84 degrees; a box in a projected CRS is its envelope here, tested exactly by the caller. */
  box: { west: number; south: number; east: number; north: number } | null;
  /** `updated_on` from and to (inclusive, YYYY-MM-DD), either open. */
  updated: { from: string | null; to: string | null } | null;
  municipalities: readonly string[] | null;
  majorAccident: readonly MajorAccidentValue[] | null;
}

/** A page by keyset on the id: the `limit` after `after`, or the `limit` before `before`. */
export interface Keyset {
  limit: number;
  after: number | null;
  before: number | null;
}

/**
 * A facility as the feed reads it, as an array of its values: json_agg of arrays spares the driver
 * making 10 000 objects (see withSubstanceTotals in facility-rows.repository.ts).
 */
export type FeedRow = [
  id: number,
  name: string | null,
  street: string | null,
  postalCode: string | null,
  postalPlace: string | null,
  municipalityId: string,
  municipalityName: string,
  majorAccident: MajorAccidentValue,
  longitude: number | null,
  latitude: number | null,
  unitTypeIds: number[],
  updatedOn: string,
];

/**
 * A page's facilities, fixed before any of them is read: their ids in id order, with their
 * positions where the caller tests a box exactly, and (when asked) how many the filter matches.
 */
export interface FeedKeys {
  ids: number[];
  /** [longitude, latitude] of each id, in the same order; null when not asked. */
  positions: [number | null, number | null][] | null;
  /** Every facility the filter matches in the scope; null when not asked. */
  matched: number | null;
}

export interface FeedRows {
  /** In id order. */
  rows: FeedRow[];
  /** [facility id, substance id, unit, total], in the order each facility first lists its substances. */
  totals: [number, number, string, number][];
}

/** The scope's facilities that the feed may carry: the one WHERE of every statement here. */
function feedable(db: Db, scope: Scope) {
  return db
    .selectFrom('facility as f')
    .where(inScopeHashed(db, scope, sql.ref('f.municipality_id')))
    .where('f.is_explosives', '=', false);
}

/** The scope's facilities that the feed may carry, filtered: the one WHERE of the page and its count. */
function feedFacilities(db: Db, scope: Scope, filter: FacilityFilter) {
  let query = feedable(db, scope);
  const { box, updated, municipalities, majorAccident } = filter;
  if (box) {
    query = query
      .where('f.latitude', '>=', box.south)
      .where('f.latitude', '<=', box.north)
      .where('f.longitude', '>=', box.west)
      .where('f.longitude', '<=', box.east);
  }
  if (updated?.from) query = query.where('f.updated_on', '>=', updated.from);
  if (updated?.to) query = query.where('f.updated_on', '<=', updated.to);
  if (municipalities) query = query.where('f.municipality_id', 'in', municipalities.length ? [...municipalities] : ['']);
  if (majorAccident) query = query.where('f.major_accident', 'in', majorAccident.length ? [...majorAccident] : ['']);
  return query;
}

/**
 * Which facilities make one page, in id order, and (when `count`) how many the filter matches: one
 * statement, one snapshot. The page's rows are then read in chunks by these ids (findFeedRows),
 * so that the page is the one counted and logged however long it takes to write.
 */
export async function findFeedKeys(
  db: Db,
  scope: Scope,
  filter: FacilityFilter,
  keyset: Keyset,
  options: { count: boolean; positions: boolean },
): Promise<FeedKeys> {
  let page = feedFacilities(db, scope, filter).select(['f.id', 'f.longitude', 'f.latitude']);
  if (keyset.after !== null) page = page.where('f.id', '>', keyset.after);
  if (keyset.before !== null) page = page.where('f.id', '<', keyset.before).orderBy('f.id', 'desc');
  else page = page.orderBy('f.id');
  page = page.limit(keyset.limit);
  const matched = options.count
    ? sql<number>`${feedFacilities(db, scope, filter).select(sql<number>`count(*)::int`.as('n'))}`
    : sql<null>`null::int`;
  const positions = options.positions
    ? sql`(select coalesce(json_agg(json_build_array(p.longitude, p.latitude) order by p.id), '[]') from page p)`
    : sql`null::json`;
  const { rows } = await sql<FeedKeys>`
    with page as ${page}
    select (select coalesce(json_agg(p.id order by p.id), '[]') from page p) as ids,
      ${positions} as positions,
      ${matched} as matched`.execute(db);
  const [result] = rows;
  if (!result) throw new Error('the feed keys statement answered no row');
  return result;
}

/**
 * The feed's rows of these facilities, in id order, and what they store: one chunk of a page. The
 * scope and the explosives rule apply again (the ids come from this request, but a row must never
 * rely on that), so a facility that left the scope or the register meanwhile is not among them.
 */
export async function findFeedRows(db: Db, scope: Scope, ids: readonly number[]): Promise<FeedRows> {
  const page = feedable(db, scope)
    .select([
      'f.id',
      'f.name',
      'f.street_address',
      'f.postal_code',
      'f.postal_place',
      'f.municipality_id',
      'f.major_accident',
      'f.longitude',
      'f.latitude',
      'f.unit_type_ids',
      'f.updated_on',
    ])
    .where(sql<SqlBool>`f.id = any(${idArray(ids)})`);
  const { rows } = await sql<FeedRows>`
    with page as ${page}
    select
      (select coalesce(json_agg(json_build_array(p.id, p.name, p.street_address, p.postal_code, p.postal_place,
          p.municipality_id, m.display_name, p.major_accident, p.longitude, p.latitude, p.unit_type_ids, p.updated_on)
          order by p.id), '[]')
        from page p join municipality m on m.id = p.municipality_id) as rows,
      (select coalesce(json_agg(json_build_array(t.facility_id, t.substance_id, t.unit, t.quantity)
          order by t.facility_id, t.first), '[]')
        from (select ss.facility_id, ss.substance_id, ss.unit, sum(ss.quantity) as quantity,
                min(ss.unit_position * 1000 + ss.position) as first
              from stored_substance ss
              where ss.facility_id in (select id from page)
              group by ss.facility_id, ss.substance_id, ss.unit) t) as totals`.execute(db);
  const [result] = rows;
  if (!result) throw new Error('the feed rows statement answered no row');
  return result;
}

/** One facility the feed may carry to this caller, with what it stores; undefined outside the scope. */
export async function findFeedFacility(
  db: Db,
  scope: Scope,
  id: number,
): Promise<{ row: FeedRow; substances: SubstanceTotal[] } | undefined> {
  const { rows, totals } = await findFeedRows(db, scope, [id]);
  const [row] = rows;
  if (!row) return undefined;
  return { row, substances: totals.map(([, substanceId, unit, quantity]) => [substanceId, unit, quantity]) };
}

/**
 * What an answer of the feed depends on besides the request: the register's version (migration
 * register_version: every write of the facilities, their units and substances, the municipalities
 * and the access to them) and the municipalities of the caller's scope, read before the answer's
 * data, so that an ETag never labels newer data with an older version.
 */
export async function findFeedVersion(db: Db, scope: Scope): Promise<{ version: string; municipalities: string }> {
  const municipalities = scopeMunicipalityIds(db, scope)
    .clearSelect()
    .select(
      sql<string>`coalesce(string_agg(municipality_access.municipality_id, ',' order by municipality_access.municipality_id), '')`.as(
        'ids',
      ),
    );
  const { rows } = await sql<{ version: string; municipalities: string }>`
    select (select version from register_version)::text as version, ${municipalities} as municipalities`.execute(db);
  return rows[0] ?? { version: '0', municipalities: '' };
}

/** The gas pipelines in id order (few: read whole, filtered by the caller). */
export async function findGasPipelines(db: Db) {
  return db
    .selectFrom('gas_pipeline')
    .select(['id', 'name', 'owner', 'pressure_class', 'mop_bar', 'diameter_mm', 'geometry'])
    .orderBy('id')
    .execute();
}

export type GasPipelineFeedRow = Awaited<ReturnType<typeof findGasPipelines>>[number];

/** Changes whenever a pipeline is added, changed or removed (the register's version does not count them). */
export async function findGasPipelineVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('gas_pipeline')
    .select(sql<string>`md5(coalesce(string_agg(id || ':' || record_hash, ',' order by id), ''))`.as('version'))
    .executeTakeFirstOrThrow();
  return row.version;
}
