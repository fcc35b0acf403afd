import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/sql.ts';
import type { Scope } from '../identity/identity.ts';

function entries(db: Db) {
  return db
    .selectFrom('municipality_access as a')
    .innerJoin('municipality as m', 'm.id', 'a.municipality_id')
    .innerJoin('county as c', 'c.id', 'm.county_id')
    .select([
      'a.municipality_id',
      'm.display_name as municipality_name',
      'm.county_id',
      'c.name as county_name',
      'a.given',
      'a.status',
      'a.requested_at',
      'a.decided_at',
      'a.deny_reason',
    ]);
}

export type AccessEntryRow = RowOf<ReturnType<typeof entries>>;

export async function listAccess(db: Db, scope: Scope): Promise<AccessEntryRow[]> {
  return entries(db)
    .where('a.user_id', '=', scope.userId)
    .where('a.organisation_number', '=', scope.organisationNumber)
    .orderBy('m.name')
    .execute();
}

export async function unknownMunicipalityCodes(db: Db, codes: string[]): Promise<string[]> {
  const known = await db.selectFrom('municipality').select('id').where('id', 'in', codes).execute();
  const knownIds = new Set(known.map((m) => m.id));
  return codes.filter((code) => !knownIds.has(code));
}

/**
 * Requests access to the municipalities, answering only the entries this call created or
 * re-opened: codes already requested or given are ignored, a denied or revoked one becomes
 * pending again (the old decision is cleared), and the unique key makes concurrent duplicates
 * collapse into one row.
 */
export async function requestAccess(db: Db, scope: Scope, codes: string[]): Promise<AccessEntryRow[]> {
  const created = await db
    .insertInto('municipality_access')
    .values(
      [...new Set(codes)].map((code) => ({
        user_id: scope.userId,
        organisation_number: scope.organisationNumber,
        municipality_id: code,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'organisation_number', 'municipality_id'])
        .doUpdateSet({ rejection: null, deny_reason: null, decided_at: null, decided_by: null, requested_at: sql`now()` })
        .where('municipality_access.rejection', 'is not', null),
    )
    .returning('id')
    .execute();
  if (created.length === 0) return [];
  return entries(db)
    .where(
      'a.id',
      'in',
      created.map((c) => c.id),
    )
    .orderBy('m.name')
    .execute();
}
