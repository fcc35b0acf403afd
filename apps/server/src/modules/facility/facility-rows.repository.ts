import {
  AliasNode,
  ColumnNode,
  IdentifierNode,
  ReferenceNode,
  type SelectQueryBuilder,
  type SelectQueryNode,
  type SqlBool,
  sql,
} from 'kysely';
import type { Db } from '../../db/database.ts';
import { idArray, type RowOf, selectTogether } from '../../db/sql.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * The facility as the tables and exports show it: a table row's columns (the search hits, every
 * export's rows) and the batch loader that reads rows for a list of ids with what each stores.
 */

/** The facilities, no column selected yet: what selectHitColumns takes (a search's filter, or ids). */
export type FacilityQuery = ReturnType<typeof facilities>;

function facilities(db: Db) {
  return db.selectFrom('facility');
}

/** The columns of a table row: shared by the search hits and the exports (search, zone, nearby). */
export function selectHitColumns(query: FacilityQuery) {
  return query
    .innerJoin('municipality', 'municipality.id', 'facility.municipality_id')
    .select([
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
      'facility.unit_type_ids',
      'facility.latitude',
      'facility.longitude',
      'facility.position_accuracy',
    ]);
}

/** One facility as the results table and the export show it. */
export type SearchHitRow = RowOf<ReturnType<typeof selectHitColumns>>;

/**
 * The table rows of these facilities, in no particular order. The scope (and for the export the
 * explosives rule) is applied again: the ids come from this request, but a row must never rely on
 * that.
 */
export function hitRowsQuery(db: Db, scope: Scope, ids: readonly number[], exportable = false) {
  let query = facilities(db)
    .where('facility.municipality_id', 'in', scopeMunicipalityIds(db, scope))
    .where(sql<SqlBool>`facility.id = any(${idArray(ids)})`);
  if (exportable) query = query.where('facility.is_explosives', '=', false);
  return selectHitColumns(query);
}

/** [substance id, unit, total quantity], in the order the substances were first listed. */
export type SubstanceTotal = [number, string, number];

export type ExportRow = SearchHitRow & { substances: SubstanceTotal[] };

/** The export's rows for a chunk of ids (from findExportIds, or a zone's), in the order of `ids`, with their substance totals. */
export function findExportBatch(db: Db, scope: Scope, ids: readonly number[]): Promise<ExportRow[]> {
  return withSubstanceTotals(db, hitRowsQuery(db, scope, ids, true), ids);
}

/**
 * The rows a query selects for `ids` (each with its `id`), in the order of `ids`, with their
 * substance totals: two set-based statements instead of a subquery per row.
 * Each comes back as one JSON array: making 2 000 rows of 16 columns into objects is the drivers'
 * slowest part (PGlite's above all: ~120 ms for ~10 ms of SQL), one JSON.parse a few ms. A row is
 * an array of its values, not an object: `json_agg` of whole rows spends most of the statement
 * naming every value (500 rows: ~11 → ~7 ms on PGlite, ~10 → ~8 ms on PostgreSQL) and sends
 * the names 500 times (~200 → ~80 kB), so the names are put back here. A row the query does not
 * find (gone, or out of the scope it applies) is left out.
 */
export async function withSubstanceTotals<DB, TB extends keyof DB, Row extends { id: number }>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, Row>,
  ids: readonly number[],
): Promise<(Row & { substances: SubstanceTotal[] })[]> {
  if (ids.length === 0) return [];
  const names = selectedNames(query);
  const hits = db
    .selectFrom(query.as('hit'))
    .select(sql`coalesce(json_agg(json_build_array(${sql.join(names.map((name) => sql.ref(`hit.${name}`)))})), '[]')`.as('list'));
  // [facility, substance, unit, total] in the order the substances were first listed.
  const totals = db
    .selectFrom(substanceTotalsQuery(db, ids).as('total'))
    .select(
      sql`coalesce(json_agg(json_build_array(facility_id, substance_id, unit, quantity) order by facility_id, first), '[]')`.as(
        'list',
      ),
    );
  // PostgreSQL runs the two side by side on two connections; PGlite one statement after another
  // anyway, so there they share one round trip.
  const { rows, substanceTotals } = await selectTogether(db, {
    rows: sql<unknown[][]>`${hits}`,
    substanceTotals: sql<[number, number, string, number][]>`${totals}`,
  });
  const substances = new Map<number, SubstanceTotal[]>();
  for (const [facilityId, substanceId, unit, quantity] of substanceTotals ?? []) {
    const list = substances.get(facilityId);
    const total: SubstanceTotal = [substanceId, unit, quantity];
    if (list) list.push(total);
    else substances.set(facilityId, [total]);
  }
  const byId = new Map<number, Row & { substances: SubstanceTotal[] }>();
  for (const values of rows ?? []) {
    const row: Record<string, unknown> = {};
    // An index loop: names.entries() was not optimised away here (~2 kB of garbage per row).
    for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
    const id = row.id as number;
    row.substances = substances.get(id) ?? [];
    byId.set(id, row as Row & { substances: SubstanceTotal[] });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The names of a query's columns in the order it selects them: each a column or an alias. */
function selectedNames(query: { toOperationNode(): SelectQueryNode }): string[] {
  return (query.toOperationNode().selections ?? []).map(({ selection }) => {
    if (AliasNode.is(selection) && IdentifierNode.is(selection.alias)) return selection.alias.name;
    if (ReferenceNode.is(selection) && ColumnNode.is(selection.column)) return selection.column.column.name;
    if (ColumnNode.is(selection)) return selection.column.name;
    throw new Error('every column of the query needs a name');
  });
}

/** Total quantity per facility, substance and unit, with where the substance was first listed (`first`). */
function substanceTotalsQuery(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('stored_substance')
    .select([
      'facility_id',
      'substance_id',
      'unit',
      (eb) => eb.fn.sum<number>('quantity').as('quantity'),
      sql<number>`min(unit_position * 1000 + position)`.as('first'),
    ])
    .where(sql<SqlBool>`facility_id = any(${idArray(ids)})`)
    .groupBy(['facility_id', 'substance_id', 'unit']);
}
