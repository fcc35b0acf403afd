import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { idArray, type RowOf } from '../../db/sql.ts';
import { inScopeHashed } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * The scope's facilities with what a popup, the nearby list and a place candidate show of each:
 * the one query they all read them from, with the scope applied. Hashed (`inScopeHashed`): the
 * statements select their facilities by id, box or words, and the semi-join an `in` becomes gave
 * the planner orders to weigh that took four times the statement's run (1.3 ms of 1.5 on PGlite).
 */
export function facilitySummaries(db: Db, scope: Scope) {
  return db
    .selectFrom('facility as f')
    .innerJoin('municipality as m', 'm.id', 'f.municipality_id')
    .select([
      'f.id',
      'f.name',
      'f.is_private',
      'f.street_address',
      'f.postal_code',
      'f.postal_place',
      'f.municipality_id',
      'm.display_name as municipality_name',
      'f.major_accident',
      'f.is_explosives',
      'f.longitude',
      'f.latitude',
    ])
    .where(inScopeHashed(db, scope, sql`f.municipality_id`));
}

export type FacilitySummaryRow = RowOf<ReturnType<typeof facilitySummaries>>;

/** A facility summary that has a position (the popup's, a zone's). */
export type PlacedSummaryRow = FacilitySummaryRow & { longitude: number; latitude: number };

/** The rows that have a position, typed as such. */
export function placed(rows: readonly FacilitySummaryRow[]): PlacedSummaryRow[] {
  return rows.flatMap(({ longitude, latitude, ...row }) =>
    longitude === null || latitude === null ? [] : [{ ...row, longitude, latitude }],
  );
}

/**
 * Stored quantities of the given facilities per substance group: volumes in m³ (litres
 * converted), masses in tonnes (kilograms converted), and how many of the facilities store the group.
 * The ids, or an int[] expression that finds them in the database (the nearby totals).
 */
export async function substanceTotals(db: Db, ids: readonly number[] | RawBuilder<number[]>) {
  if (Array.isArray(ids) && ids.length === 0) return [];
  return db
    .selectFrom('stored_substance as ss')
    .innerJoin('substance as s', 's.id', 'ss.substance_id')
    .innerJoin('substance_group as g', 'g.id', 's.group_id')
    .select([
      'g.id as group_id',
      'g.name_nb',
      'g.name_nn',
      sql<number>`coalesce(sum(case ss.unit when 'm3' then ss.quantity when 'liter' then ss.quantity / 1000 else 0 end), 0)`.as(
        'cubic_metres',
      ),
      sql<number>`coalesce(sum(case ss.unit when 'tonn' then ss.quantity when 'kg' then ss.quantity / 1000 else 0 end), 0)`.as(
        'tonnes',
      ),
      sql<number>`count(distinct ss.facility_id)::int`.as('facility_count'),
    ])
    .where(sql<boolean>`ss.facility_id = any(${Array.isArray(ids) ? idArray(ids) : ids})`)
    .groupBy(['g.id', 'g.name_nb', 'g.name_nn'])
    .orderBy('g.id')
    .execute();
}

export type GroupTotalRow = Awaited<ReturnType<typeof substanceTotals>>[number];
