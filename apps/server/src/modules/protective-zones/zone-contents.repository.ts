import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { idArray } from '../../db/sql.ts';
import { facilitySummaries, placed } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';

/** What a zone's list shows of the facilities `ids`, the scope applied again. */
export async function findZoneListing(db: Db, scope: Scope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return placed(
    await facilitySummaries(db, scope)
      .where(sql<SqlBool>`f.id = any(${idArray(ids)})`)
      .execute(),
  );
}
