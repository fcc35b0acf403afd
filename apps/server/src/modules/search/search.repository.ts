import type { SearchFilterPayload, SearchOrderBy, SearchSortProperty } from '@fast/contracts';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';
import { escapeLike, type SearchTerm } from './free-text.ts';

type FacilityExpressions = ExpressionBuilder<Database, 'facility'>;

/**
 * What the search queries take: a payload whose ids are known to exist and its free text, parsed
 * once (parseSearch in search.service.ts builds it).
 */
export interface SearchInput<P extends SearchFilterPayload = SearchFilterPayload> {
  payload: P;
  terms: SearchTerm[];
}
type PagedSearch = SearchInput<SearchFilterPayload & { orderBy?: SearchOrderBy; hitsToSkip: number; hitsToReturn: number }>;

/**
 * One free-text word: a substring of the normalised search text (this is also "prefix as you
 * type"), or — for words of five letters or more — a trigram word similarity above pg_trgm's
 * threshold (a typo), or the facility id itself. All three forms are answered by the trigram
 * index (`facility_search_trgm_idx`) or the primary key. The word travels as a parameter and is
 * normalised by the same `fast_normalise` as the column, so æ/ø/å and ae/oe/aa meet.
 */
function termCondition(term: SearchTerm): RawBuilder<SqlBool> {
  const like = sql<SqlBool>`facility.search_text like '%' || fast_normalise(${term.likeEscaped}) || '%'`;
  const typo = term.typoTolerant ? sql<SqlBool>` or fast_normalise(${term.text}) <% facility.search_text` : sql``;
  const id = term.facilityId !== null ? sql<SqlBool>` or facility.id = ${term.facilityId}` : sql``;
  return sql<SqlBool>`(${like}${typo}${id})`;
}

function filterConditions(eb: FacilityExpressions, { payload, terms }: SearchInput): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = terms.map(termCondition);

  if (payload.facilityObjects.length > 0) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('facility_unit')
          .select(sql`1`.as('one'))
          .whereRef('facility_unit.facility_id', '=', 'facility.id')
          .where('facility_unit.unit_type_id', 'in', payload.facilityObjects),
      ),
    );
  }

  if (payload.counties.length > 0) {
    const wholeCounties = payload.counties.filter((c) => c.municipalityCodes.length === 0).map((c) => c.id);
    const municipalities = payload.counties.flatMap((c) => c.municipalityCodes);
    const places: Expression<SqlBool>[] = [];
    if (municipalities.length > 0) places.push(eb('facility.municipality_id', 'in', municipalities));
    if (wholeCounties.length > 0) {
      places.push(
        eb(
          'facility.municipality_id',
          'in',
          eb.selectFrom('municipality').select('municipality.id').where('municipality.county_id', 'in', wholeCounties),
        ),
      );
    }
    conditions.push(eb.or(places));
  }

  if (payload.substanceGroups.length > 0) {
    const wholeGroups = payload.substanceGroups.filter((g) => g.substanceIds.length === 0).map((g) => g.substanceGroupId);
    const substances = payload.substanceGroups.flatMap((g) => g.substanceIds);
    conditions.push(
      eb.exists(
        eb
          .selectFrom('stored_substance')
          .select(sql`1`.as('one'))
          .whereRef('stored_substance.facility_id', '=', 'facility.id')
          .where((inner) => {
            const which: Expression<SqlBool>[] = [];
            if (substances.length > 0) which.push(inner('stored_substance.substance_id', 'in', substances));
            if (wholeGroups.length > 0) {
              which.push(
                inner(
                  'stored_substance.substance_id',
                  'in',
                  inner.selectFrom('substance').select('substance.id').where('substance.group_id', 'in', wholeGroups),
                ),
              );
            }
            return inner.or(which);
          }),
      ),
    );
  }

  if (payload.majorAccidentRelations.length > 0) {
    conditions.push(eb('facility.major_accident', 'in', payload.majorAccidentRelations));
  }
  return conditions;
}

/**
 * The facilities that match a search payload's free text and filters, inside the caller's scope:
 * `select` nothing yet, so that callers add what they need (a count, a page of hits, map points).
 * Filters are ANDed between kinds and ORed inside one; a county without municipality codes is the
 * whole county, a substance group without substance ids the whole group.
 *
 * Shared with the filtered map (POST /api/v1/map/facilities/filtered); add `searchOrder` when
 * the order matters.
 */
export function searchFilter(db: Db, scope: Scope, search: SearchInput) {
  return db
    .selectFrom('facility')
    .where('facility.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .where((eb) => eb.and(filterConditions(eb, search)));
}

export type SearchQuery = ReturnType<typeof searchFilter>;

const SORT_KEYS: Record<SearchSortProperty, RawBuilder<unknown>> = {
  privatePerson: sql`facility.is_private`,
  id: sql`facility.id`,
  name: sql`fast_sort_key(facility.name) collate "C"`,
  address: sql`fast_sort_key(facility.street_address) collate "C"`,
  municipality: sql`(select fast_sort_key(m.display_name) collate "C" from municipality m where m.id = facility.municipality_id)`,
  firstSubstanceNotificationOn: sql`facility.first_notification_on`,
  client: sql`fast_sort_key(facility.owner_name) collate "C"`,
  majorAccident: sql`case facility.major_accident when 'NOT_AFFECTED' then 0 when 'PARAGRAPH_SIX' then 1 else 2 end`,
  facilityUnitTypes: sql`(select fast_sort_key(t.description_nb) collate "C" from facility_unit_type t where t.id = facility.primary_unit_type_id)`,
};

/**
 * The order of the results: the asked column (empty values last in both directions) with the
 * facility id as a stable tiebreak; without one, the best free-text matches first (an exact id,
 * then trigram word similarity of the whole query), then the id.
 */
export function searchOrder<Q extends SearchQuery>(query: Q, orderBy: SearchOrderBy | undefined, terms: SearchTerm[]): Q {
  if (orderBy) {
    const direction = orderBy.direction === 'DESC' ? sql`desc` : sql`asc`;
    return query.orderBy(sql`${SORT_KEYS[orderBy.property]} ${direction} nulls last`).orderBy('facility.id', 'asc') as Q;
  }
  if (terms.length === 0) return query.orderBy('facility.id', 'asc') as Q;
  const ids = terms.flatMap((t) => (t.facilityId === null ? [] : [t.facilityId]));
  const exactId = ids.length > 0 ? sql`case when facility.id in (${sql.join(ids)}) then 1 else 0 end + ` : sql``;
  const words = terms.map((t) => t.text).join(' ');
  return query
    .orderBy(sql`${exactId}word_similarity(fast_normalise(${words}), facility.search_text) desc`)
    .orderBy('facility.id', 'asc') as Q;
}

/**
 * Which of these words occur, as typed (normalised), in some facility's search text: one trigram
 * index probe each. The planner would answer EXISTS with a sequential scan that stops at the
 * first match (fast for a common word, a full scan for a misspelt one); the index answers both
 * in milliseconds, so the probe runs with sequential scans off.
 */
export async function findLiteralWords(db: Db, words: readonly string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const probes = words.map((word, i) =>
    sql<boolean>`exists (select 1 from facility where facility.search_text like '%' || fast_normalise(${escapeLike(word)}) || '%')`.as(
      `w${i}`,
    ),
  );
  const row = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return trx.selectNoFrom(probes).executeTakeFirstOrThrow();
  });
  const found = row as Record<string, boolean>;
  return new Set(words.filter((_, i) => found[`w${i}`] === true));
}

export async function countMatches(db: Db, scope: Scope, search: SearchInput): Promise<number> {
  const row = await searchFilter(db, scope, search)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface SearchHitRow {
  id: number;
  is_private: boolean;
  name: string | null;
  street_address: string | null;
  postal_code: string | null;
  postal_place: string | null;
  municipality_id: string;
  municipality_name: string;
  first_notification_on: string | null;
  owner_name: string;
  major_accident: string;
  has_position: boolean;
  /** Unit types of the facility's units in unit order (may repeat). */
  unit_type_ids: number[];
}

/** The columns of a table row: shared by the search hits and the export. */
const HIT_COLUMNS = [
  'facility.id',
  'facility.is_private',
  'facility.name',
  'facility.street_address',
  'facility.postal_code',
  'facility.postal_place',
  'facility.municipality_id',
  'municipality.display_name as municipality_name',
  'facility.first_notification_on',
  'facility.owner_name',
  'facility.major_accident',
  sql<boolean>`facility.latitude is not null`.as('has_position'),
] as const;

export function selectHitColumns(query: SearchQuery) {
  return query
    .innerJoin('municipality', 'municipality.id', 'facility.municipality_id')
    .select([
      ...HIT_COLUMNS,
      sql<
        number[]
      >`array(select fu.unit_type_id from facility_unit fu where fu.facility_id = facility.id order by fu.position)`.as(
        'unit_type_ids',
      ),
    ]);
}

export async function findHits(db: Db, scope: Scope, search: PagedSearch): Promise<SearchHitRow[]> {
  const { payload } = search;
  if (payload.hitsToReturn === 0) return [];
  const query = searchOrder(searchFilter(db, scope, search), payload.orderBy, search.terms);
  return selectHitColumns(query).offset(payload.hitsToSkip).limit(payload.hitsToReturn).execute();
}

export interface CatalogueRows {
  unitTypes: { id: number; description_nb: string; description_nn: string }[];
  groups: { id: number; name_nb: string; name_nn: string }[];
  substances: { id: number; group_id: number; name_nb: string; name_nn: string; un_number: string }[];
  counties: { id: string }[];
  municipalities: { id: string; county_id: string }[];
}

/** The catalogue and the administrative division: fixed reference data the filters refer to. */
export async function loadSearchReference(db: Db): Promise<CatalogueRows> {
  const [unitTypes, groups, substances, counties, municipalities] = await Promise.all([
    db.selectFrom('facility_unit_type').select(['id', 'description_nb', 'description_nn']).orderBy('id').execute(),
    db.selectFrom('substance_group').select(['id', 'name_nb', 'name_nn']).orderBy('id').execute(),
    db.selectFrom('substance').select(['id', 'group_id', 'name_nb', 'name_nn', 'un_number']).orderBy('id').execute(),
    db.selectFrom('county').select('id').execute(),
    db.selectFrom('municipality').select(['id', 'county_id']).execute(),
  ]);
  return { unitTypes, groups, substances, counties, municipalities };
}

/** The ids of an export in the table's order: the search without explosives facilities, which are never exported. */
export async function findExportIds(db: Db, scope: Scope, search: PagedSearch): Promise<number[]> {
  const { payload } = search;
  if (payload.hitsToReturn === 0) return [];
  const query = searchOrder(
    searchFilter(db, scope, search).where('facility.is_explosives', '=', false),
    payload.orderBy,
    search.terms,
  );
  const rows = await query.select('facility.id').offset(payload.hitsToSkip).limit(payload.hitsToReturn).execute();
  return rows.map((r) => r.id);
}

export interface ExportRow extends SearchHitRow {
  latitude: number | null;
  longitude: number | null;
  position_accuracy: string;
}

// Ids travel as one array parameter in its text form: one parameter instead of thousands (PGlite
// cannot bind a JS array to integer[] by itself).
function idArray(ids: readonly number[]): RawBuilder<number[]> {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('facility ids must be integers');
  return sql<number[]>`${`{${ids.join(',')}}`}::integer[]`;
}

function exportRowsQuery(db: Db, scope: Scope, ids: readonly number[]) {
  const query = db
    .selectFrom('facility')
    .where('facility.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .where('facility.is_explosives', '=', false)
    .where(sql<SqlBool>`facility.id = any(${idArray(ids)})`);
  return selectHitColumns(query).select(['facility.latitude', 'facility.longitude', 'facility.position_accuracy']);
}

/**
 * The export's rows for a chunk of ids from findExportIds, in no particular order. The scope and the
 * explosives rule are applied again: the ids come from this request, but a row must never rely on that.
 */
export function findExportRows(db: Db, scope: Scope, ids: readonly number[]): Promise<ExportRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return exportRowsQuery(db, scope, ids).execute();
}

/** [substance id, unit, total quantity], in the order the substances were first listed. */
export type SubstanceTotal = [number, string, number];

/**
 * The export's rows for a chunk of ids, with their unit types and substance totals. Three
 * set-based statements (rows, units, totals) instead of two subqueries per row: per 2000 rows on
 * PGlite about 40 ms instead of 100.
 */
export async function findExportBatch(
  db: Db,
  scope: Scope,
  ids: readonly number[],
): Promise<(ExportRow & { substances: SubstanceTotal[] })[]> {
  if (ids.length === 0) return [];
  const [rows, units, totals] = await Promise.all([
    db
      .selectFrom('facility')
      .innerJoin('municipality', 'municipality.id', 'facility.municipality_id')
      .where('facility.municipality_id', 'in', scopeMunicipalityIds(db, scope))
      .where('facility.is_explosives', '=', false)
      .where(sql<SqlBool>`facility.id = any(${idArray(ids)})`)
      .select([...HIT_COLUMNS, 'facility.latitude', 'facility.longitude', 'facility.position_accuracy'])
      .execute(),
    db
      .selectFrom('facility_unit')
      .select(['facility_unit.facility_id', 'facility_unit.unit_type_id'])
      .where(sql<SqlBool>`facility_unit.facility_id = any(${idArray(ids)})`)
      .orderBy('facility_unit.facility_id')
      .orderBy('facility_unit.position')
      .execute(),
    findSubstanceTotals(db, ids),
  ]);
  const unitTypes = new Map<number, number[]>();
  for (const u of units) {
    const list = unitTypes.get(u.facility_id);
    if (list) list.push(u.unit_type_id);
    else unitTypes.set(u.facility_id, [u.unit_type_id]);
  }
  const substances = new Map<number, SubstanceTotal[]>();
  for (const t of totals) {
    const list = substances.get(t.facility_id);
    const total: SubstanceTotal = [t.substance_id, t.unit, t.quantity];
    if (list) list.push(total);
    else substances.set(t.facility_id, [total]);
  }
  return rows.map((row) => ({ ...row, unit_type_ids: unitTypes.get(row.id) ?? [], substances: substances.get(row.id) ?? [] }));
}

export interface SubstanceTotalRow {
  facility_id: number;
  substance_id: number;
  unit: string;
  quantity: number;
}

/** Total quantity per facility, substance and unit, in the order the substances were first listed. */
export function findSubstanceTotals(db: Db, ids: readonly number[]): Promise<SubstanceTotalRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stored_substance')
    .select([
      'stored_substance.facility_id',
      'stored_substance.substance_id',
      'stored_substance.unit',
      (eb) => eb.fn.sum<number>('stored_substance.quantity').as('quantity'),
    ])
    .where(sql<SqlBool>`stored_substance.facility_id = any(${idArray(ids)})`)
    .groupBy(['stored_substance.facility_id', 'stored_substance.substance_id', 'stored_substance.unit'])
    .orderBy('stored_substance.facility_id')
    .orderBy(sql`min(stored_substance.unit_position * 1000 + stored_substance.position)`)
    .execute();
}
