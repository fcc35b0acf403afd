import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * The municipalities of a request's scope, as a subquery: every facility query filters with
 * `where(<municipality column>, 'in', scopeMunicipalityIds(db, scope))`. This is the one place
 * that says what "access" means.
 */
export function scopeMunicipalityIds(db: Db, scope: Scope) {
  return db
    .selectFrom('municipality_access')
    .select('municipality_access.municipality_id')
    .where('municipality_access.user_id', '=', scope.userId)
    .where('municipality_access.organisation_number', '=', scope.organisationNumber)
    .where('municipality_access.given', '=', true);
}

/** The municipalities of a scope as a list, read at one moment (see scopeMunicipalityList). */
export type ScopeList = readonly string[];

/**
 * The same municipalities read once as a list, for a statement that walks many facilities in
 * order: a constant list is checked by a hash per row, where the subquery costs a join per row.
 */
export async function scopeMunicipalityList(db: Db, scope: Scope): Promise<ScopeList> {
  // One array value: the drivers make hundreds of one-column rows into objects far slower.
  const { list } = await db
    .selectNoFrom(sql<string[]>`array(${scopeMunicipalityIds(db, scope)})`.as('list'))
    .executeTakeFirstOrThrow();
  return list;
}

/**
 * `column` is in the scope, for a statement that walks many facilities: the subquery is read once
 * into a hash table (PostgreSQL's hashed SubPlan) and each row probed, as with a constant list, in
 * the same statement and snapshot as the facilities. A top-level `in (subquery)` the planner turns
 * into a join that probes the access table's index per row; the coalesce keeps it a subplan.
 */
export function inScopeHashed(db: Db, scope: Scope, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`coalesce(${column} in (${scopeMunicipalityIds(db, scope)}), false)`;
}
