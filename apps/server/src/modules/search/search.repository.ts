import type { SearchFilterPayload, SearchOrderBy, SearchSortProperty } from '@fast/contracts';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Db, isSingleSession } from '../../db/database.ts';
import { idArray } from '../../db/sql.ts';
import { inScopeHashed, scopeMunicipalityIds } from '../access/scope.ts';
import { hitRowsQuery, type SearchHitRow } from '../facility/facility-rows.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { escapeLike, type SearchTerm } from './free-text.ts';

/**
 * What the search queries take: a payload whose ids are known to exist, its free text parsed and
 * its places and substances resolved, once (parseSearch in search.service.ts builds it).
 */
export interface SearchInput<P extends SearchFilterPayload = SearchFilterPayload> {
  payload: P;
  terms: SearchTerm[];
  /** The places as municipality ids, whole counties included; null: no place filter. */
  municipalityIds: string[] | null;
  /** The substance groups as substance ids, whole groups included; null: no substance filter. */
  substanceIds: number[] | null;
}
type PagedSearch = SearchInput<
  SearchFilterPayload & { orderBy?: SearchOrderBy | null; hitsToSkip: number; hitsToReturn: number }
>;

/**
 * One free-text word: a substring of the normalised search text (this is also "prefix as you
 * type"), or — for words of five letters or more that occur nowhere in the scope — a typo: a
 * text one edit away (a letter left out, added, changed or two swapped: the patterns that occur
 * in the scope, see the search service), and for long words a trigram word similarity above
 * pg_trgm's threshold; or the facility id itself. Every form is answered by the trigram index
 * (`facility_search_trgm_idx`) or the primary key. The word travels as a parameter and is
 * normalised by the same `fast_normalise` as the column, so æ/ø/å and ae/oe/aa meet; the one-edit
 * patterns are normalised already. The similarity comes last: a row that a LIKE matches is not
 * compared with it (PostgreSQL evaluates an OR from the left).
 */
function termCondition(term: SearchTerm): RawBuilder<SqlBool> {
  const like = sql<SqlBool>`facility.search_text like '%' || fast_normalise(${term.likeEscaped}) || '%'`;
  const oneEdit = term.typoTolerant
    ? term.oneEdit.map((pattern) => sql<SqlBool>` or facility.search_text like ${`%${pattern}%`}`)
    : [];
  const similar =
    term.typoTolerant && term.similar ? sql<SqlBool>` or fast_normalise(${term.text}) <% facility.search_text` : sql``;
  const id = term.facilityId !== null ? sql<SqlBool>` or facility.id = ${term.facilityId}` : sql``;
  return sql<SqlBool>`(${like}${oneEdit.length > 0 ? sql.join(oneEdit, sql``) : sql``}${similar}${id})`;
}

/**
 * Unit types and substances are matched in the facility's own arrays (kept by triggers, see the
 * migration search_filter_arrays) through one GIN index; places by the municipality's B-tree.
 * Written against the name `facility`, so that the tally (facility_tally, aliased) takes the same
 * conditions.
 */
function filterConditions(search: SearchInput): Expression<SqlBool>[] {
  const { payload, terms, municipalityIds, substanceIds } = search;
  const conditions: Expression<SqlBool>[] = terms.map(termCondition);
  if (payload.facilityObjects.length > 0) {
    conditions.push(sql<SqlBool>`facility.unit_type_ids && ${idArray(payload.facilityObjects, 'smallint')}`);
  }
  if (municipalityIds !== null) {
    conditions.push(
      municipalityIds.length > 0 ? sql<SqlBool>`facility.municipality_id in (${sql.join(municipalityIds)})` : sql<SqlBool>`false`,
    );
  }
  if (substanceIds !== null) {
    conditions.push(sql<SqlBool>`facility.substance_ids && ${idArray(substanceIds, 'smallint')}`);
  }
  if (payload.majorAccidentRelations.length > 0) {
    conditions.push(sql<SqlBool>`facility.major_accident in (${sql.join(payload.majorAccidentRelations)})`);
  }
  return conditions;
}

/**
 * The facilities that match a search payload's free text and filters, inside the caller's scope:
 * `select` nothing yet, so that callers add what they need (a count, a page of hits, map points).
 * Filters are ANDed between kinds and ORed inside one; a county without municipality codes is the
 * whole county, a substance group without substance ids the whole group.
 *
 * The scope is its subquery, or — for statements that walk many rows in order (deep pages, the
 * export's ids) — the same subquery read once into a hash in the statement (inScopeHashed): a hash
 * probe per row, where the subquery's join costs about a microsecond per row.
 *
 * Shared with the filtered map (POST /api/v1/map/facilities/filtered); pages are ordered by
 * pageIdsQuery.
 */
export function searchFilter(db: Db, scope: Scope, search: SearchInput, walksMany = false) {
  return db
    .selectFrom('facility')
    .where(
      walksMany
        ? inScopeHashed(db, scope, sql`facility.municipality_id`)
        : sql<SqlBool>`facility.municipality_id in (${scopeMunicipalityIds(db, scope)})`,
    )
    .where((eb) => eb.and(filterConditions(search)));
}

/**
 * The statement of a search's total. Without free text it sums the tally (migration
 * facility_tally: one row per combination of the filtered columns, with its number of
 * facilities) under the same conditions: the same exact number from thousands of rows instead of
 * every facility. Free text needs the facilities' own text.
 */
export function countQuery(db: Db, scope: Scope, search: SearchInput) {
  if (search.terms.length > 0) {
    return searchFilter(db, scope, search).select(sql<string>`count(*)`.as('total'));
  }
  return db
    .selectFrom('facility_tally as facility')
    .where('facility.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .where((eb) => eb.and(filterConditions(search)))
    .select(sql<string>`coalesce(sum(facility.facilities), 0)`.as('total'));
}

export type SearchQuery = ReturnType<typeof searchFilter>;

/** What each sortable column orders by (the equivalence test's reference query orders by them too). */
export const SORT_KEYS: Record<SearchSortProperty, RawBuilder<unknown>> = {
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
function searchOrder<Q extends SearchQuery>(query: Q, orderBy: SearchOrderBy | null | undefined, terms: SearchTerm[]): Q {
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
 * Whether LIKE conditions on the search text hold for some facility of the scope: one trigram
 * index probe each, in one statement. Only the scope's: whether a word occurs elsewhere would
 * show in the hits (typo tolerance off, its near matches gone) and tell the caller of facilities
 * it may not see. The planner would answer EXISTS with a sequential scan that stops at the first
 * match (fast for a common word, a full scan for a misspelt one); the index answers both in
 * milliseconds, so the probe runs with sequential scans off. `columns` are selected beside the
 * probes (named c0, c1, …), and the probes are named p0, p1, ….
 */
async function probeSearchText(
  db: Db,
  scope: Scope,
  conditions: readonly RawBuilder<SqlBool>[],
  columns: readonly RawBuilder<string>[] = [],
): Promise<{ found: boolean[]; columns: string[] }> {
  const inScope = inScopeHashed(db, scope, sql`facility.municipality_id`);
  const selections = [
    ...conditions.map((condition, i) =>
      sql<boolean>`exists (select 1 from facility where ${condition} and ${inScope})`.as(`p${i}`),
    ),
    ...columns.map((column, i) => column.as(`c${i}`)),
  ];
  const row = (await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return trx.selectNoFrom(selections).executeTakeFirstOrThrow();
  })) as Record<string, unknown>;
  return {
    found: conditions.map((_, i) => row[`p${i}`] === true),
    columns: columns.map((_, i) => String(row[`c${i}`])),
  };
}

/**
 * Which of these words occur, as typed (normalised), in the search text of some facility of the
 * scope, and each word normalised as the search text is (fast_normalise).
 */
export async function findLiteralWords(
  db: Db,
  scope: Scope,
  words: readonly string[],
): Promise<{ word: string; literal: boolean; normalised: string }[]> {
  if (words.length === 0) return [];
  const { found, columns } = await probeSearchText(
    db,
    scope,
    words.map((word) => sql<SqlBool>`facility.search_text like '%' || fast_normalise(${escapeLike(word)}) || '%'`),
    words.map((word) => sql<string>`fast_normalise(${word})`),
  );
  return words.map((word, i) => ({ word, literal: found[i] === true, normalised: columns[i] ?? word }));
}

/** Which of these LIKE patterns (of normalised text, without the enclosing %) occur in the search text of the scope. */
export async function findOccurringPatterns(db: Db, scope: Scope, patterns: readonly string[]): Promise<Set<string>> {
  if (patterns.length === 0) return new Set();
  const { found } = await probeSearchText(
    db,
    scope,
    patterns.map((pattern) => sql<SqlBool>`facility.search_text like ${`%${pattern}%`}`),
  );
  return new Set(patterns.filter((_, i) => found[i]));
}

export async function countMatches(db: Db, scope: Scope, search: SearchInput): Promise<number> {
  const row = await countQuery(db, scope, search).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** From how many rows walked a page's statement reads the scope into a hash (see searchFilter). */
const DEEP_PAGE_ROWS = 1000;

/**
 * The ids of one page in the search's order; the export leaves explosives facilities out. Only
 * ids: the rows skipped before a deep page cost an index entry each, not a row with its columns.
 */
export function pageIdsQuery(db: Db, scope: Scope, search: PagedSearch, exportable = false) {
  const { payload } = search;
  let query = searchFilter(db, scope, search, payload.hitsToSkip + payload.hitsToReturn >= DEEP_PAGE_ROWS);
  if (exportable) query = query.where('facility.is_explosives', '=', false);
  return searchOrder(query, payload.orderBy, search.terms)
    .select('facility.id')
    .offset(payload.hitsToSkip)
    .limit(payload.hitsToReturn);
}

async function findPageIds(db: Db, scope: Scope, search: PagedSearch): Promise<number[]> {
  if (search.payload.hitsToReturn === 0) return [];
  const query = pageIdsQuery(db, scope, search);
  return (await query.execute()).map((r) => r.id);
}

/** The table rows of these facilities in the order of `ids`; a facility gone since its id was read is left out. */
async function findRowsInOrder(db: Db, scope: Scope, ids: readonly number[], exportable: boolean): Promise<SearchHitRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await hitRowsQuery(db, scope, ids, exportable).execute()).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids of a page with the search's total beside each: a window count over the page's own scan,
 * for a search with free text on a database that runs one statement at a time (see findPage).
 */
export function pageIdsWithTotalQuery(db: Db, scope: Scope, search: PagedSearch) {
  return pageIdsQuery(db, scope, search).select(sql<string>`count(*) over ()`.as('total'));
}

/**
 * Whether the page's statement counts the hits itself: with free text (no tally to sum) on a
 * database of one session (PGlite), where the total would otherwise be a second filtered scan run
 * after the page's instead of beside it.
 */
export const pageCountsItself = (db: Db, search: PagedSearch): boolean =>
  search.terms.length > 0 && search.payload.hitsToReturn > 0 && isSingleSession(db);

/** A page of hits in the search's order and the search's exact total. */
export async function findPage(db: Db, scope: Scope, search: PagedSearch): Promise<{ total: number; rows: SearchHitRow[] }> {
  if (!pageCountsItself(db, search)) {
    const [total, rows] = await Promise.all([
      countMatches(db, scope, search),
      findRowsInOrder(db, scope, await findPageIds(db, scope, search), false),
    ]);
    return { total, rows };
  }
  const page = await pageIdsWithTotalQuery(db, scope, search).execute();
  // A page past the last hit has no row to carry the total.
  const total = page[0] ? Number(page[0].total) : search.payload.hitsToSkip > 0 ? await countMatches(db, scope, search) : 0;
  return {
    total,
    rows: await findRowsInOrder(
      db,
      scope,
      page.map((r) => r.id),
      false,
    ),
  };
}

/**
 * The ids of an export in the table's order: the search without explosives facilities, which are
 * never exported. They come back as one array, not a row each: PGlite makes 100 000 one-column
 * rows into objects and copies them out of its thread in ~700 ms, the array in ~160 ms (PostgreSQL
 * ~100 ms either way). array_agg keeps the order in which the ordered, limited subquery yields its
 * rows (search-equivalence.test.ts compares the ids with the reference query's on both engines).
 */
export async function findExportIds(db: Db, scope: Scope, search: PagedSearch): Promise<number[]> {
  if (search.payload.hitsToReturn === 0) return [];
  const page = pageIdsQuery(db, scope, search, true);
  const { ids } = await db
    .selectFrom(page.as('page'))
    .select(sql<number[]>`coalesce(array_agg(page.id), '{}')`.as('ids'))
    .executeTakeFirstOrThrow();
  return ids;
}

/**
 * The register's version (migration register_version): counted up by every statement that writes
 * the facilities, their units or substances, the municipalities or anyone's access to them.
 */
export async function findRegisterVersion(db: Db): Promise<number> {
  const { rows } = await sql<{ version: number }>`select version from register_version`.execute(db);
  return rows[0]?.version ?? 0;
}
