import { MAX_ID } from '@fast/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import { facilitySummaries, type PlacedSummaryRow, placed } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { startsWords } from '../reference/place-words.repository.ts';

/** The scope's facilities that have a position: a place needs one. */
function placeQuery(db: Db, scope: Scope) {
  return facilitySummaries(db, scope).where('f.longitude', 'is not', null);
}

/**
 * Facilities of the scope whose address (street, number, letter, postal code, place) has a word
 * starting with each of `words` (folded). Shortest addresses first, the closest to what was typed.
 */
export async function findAddressMatches(
  db: Db,
  scope: Scope,
  words: readonly string[],
  limit: number,
): Promise<PlacedSummaryRow[]> {
  const address = sql`f.address_search`;
  const rows = await placeQuery(db, scope)
    .where('f.street_address', 'is not', null)
    .where(startsWords(address, words))
    .orderBy(sql`length(${address})`)
    .orderBy(address)
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return placed(rows);
}

/** Facilities of the scope whose name has a word starting with each of `words` (folded). */
export async function findNameMatches(
  db: Db,
  scope: Scope,
  words: readonly string[],
  limit: number,
): Promise<PlacedSummaryRow[]> {
  const rows = await placeQuery(db, scope)
    .where('f.name', 'is not', null)
    .where(startsWords(sql`f.name_search`, words))
    .orderBy(sql`length(f.name)`)
    .orderBy('f.name')
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return placed(rows);
}

/** The facility with this id, if the scope holds it and it has a position. */
export async function findFacilityById(db: Db, scope: Scope, id: number): Promise<PlacedSummaryRow | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return undefined;
  return placed(await placeQuery(db, scope).where('f.id', '=', id).execute())[0];
}

/** The ids of the caller's municipalities, which the lookup lists first. */
export async function scopeMunicipalities(db: Db, scope: Scope): Promise<string[]> {
  const rows = await scopeMunicipalityIds(db, scope).execute();
  return rows.map((row) => row.municipality_id);
}
