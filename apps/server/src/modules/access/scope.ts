import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * The municipalities of a request's scope, as a subquery: every facility query filters with
 * `where(<municipality column>, 'in', scopeMunicipalityIds(db, scope))`. This is the one place
 * that says what "access" means: a person's, the municipalities given to (user, organisation); a
 * machine client's, every municipality given to its organisation, for any of its users. Read in
 * the query itself, so an approval withdrawn stops the very next one.
 */
export function scopeMunicipalityIds(db: Db, scope: Scope) {
  const access = db.selectFrom('municipality_access').select('municipality_access.municipality_id');
  return (scope.client ? access : access.where('municipality_access.user_id', '=', scope.userId))
    .where('municipality_access.organisation_number', '=', scope.organisationNumber)
    .where('municipality_access.given', '=', true);
}

/**
 * `column` is in the scope, for a statement that walks many facilities: the subquery is read once
 * into a hash table (PostgreSQL's hashed SubPlan) that each row probes, in the same statement and
 * snapshot as the facilities. A top-level `in (subquery)` the planner turns into a join that probes
 * the access table's index per row (about a microsecond each); the coalesce keeps it a subplan.
 */
export function inScopeHashed(db: Db, scope: Scope, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`coalesce(${column} in (${scopeMunicipalityIds(db, scope)}), false)`;
}
