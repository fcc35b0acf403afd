import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { idArray } from '../../db/sql.ts';
import { withSubstanceTotals } from '../facility/facility-rows.repository.ts';
import { facilitySummaries } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';

/**
 * What the list shows of each facility (at most NEARBY_MAX_FACILITIES) and what it stores, in the
 * order of `ids`, in one round trip; the scope is applied again.
 */
export function findNearbyListing(db: Db, scope: Scope, ids: readonly number[]) {
  return withSubstanceTotals(db, facilitySummaries(db, scope).where(sql<SqlBool>`f.id = any(${idArray(ids)})`), ids);
}

export type NearbyListingRow = Awaited<ReturnType<typeof findNearbyListing>>[number];
