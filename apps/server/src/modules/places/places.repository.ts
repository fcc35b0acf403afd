import { MAX_ID } from '@fast/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Scope } from '../identity/identity.ts';
import { type FacilitySummaryRow, facilitySummaries } from '../map/map.repository.ts';

export type PlaceFacilityRow = FacilitySummaryRow & { longitude: number; latitude: number };

/** The scope's facilities that have a position: a place needs one. */
function placeQuery(db: Db, scope: Scope) {
  return facilitySummaries(db, scope).where('f.longitude', 'is not', null);
}

function placed(rows: FacilitySummaryRow[]): PlaceFacilityRow[] {
  return rows.flatMap((r) =>
    r.longitude === null || r.latitude === null ? [] : [{ ...r, longitude: r.longitude, latitude: r.latitude }],
  );
}

// Words are folded to [a-z0-9] (place-text.ts): nothing in them is a LIKE wildcard.
const wordPrefix = (expression: ReturnType<typeof sql>, word: string) => sql<SqlBool>`${expression} like ${`% ${word}%`}`;

/**
 * Facilities of the scope whose address (street, number, letter, postal code, place) has a word
 * starting with each of `words` (folded): the trigram index on fast_address_search answers it.
 * Shortest addresses first, the closest to what was typed.
 */
export async function findAddressMatches(
  db: Db,
  scope: Scope,
  words: readonly string[],
  limit: number,
): Promise<PlaceFacilityRow[]> {
  const address = sql`fast_address_search(f.street_address, f.postal_code, f.postal_place)`;
  let query = placeQuery(db, scope).where('f.street_address', 'is not', null);
  for (const word of words) query = query.where(wordPrefix(address, word));
  const rows = await query.orderBy(sql`length(${address})`).orderBy(address).orderBy('f.id').limit(limit).execute();
  return placed(rows);
}

/** Facilities of the scope whose name has a word starting with each of `words` (folded), through the name's trigram index. */
export async function findNameMatches(
  db: Db,
  scope: Scope,
  words: readonly string[],
  limit: number,
): Promise<PlaceFacilityRow[]> {
  const name = sql`fast_address_search(f.name, null, null)`;
  let query = placeQuery(db, scope).where('f.name', 'is not', null);
  for (const word of words) query = query.where(wordPrefix(name, word));
  const rows = await query.orderBy(sql`length(f.name)`).orderBy('f.name').orderBy('f.id').limit(limit).execute();
  return placed(rows);
}

/** The facility with this id, if the scope holds it and it has a position. */
export async function findFacilityById(db: Db, scope: Scope, id: number): Promise<PlaceFacilityRow | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return undefined;
  return placed(await placeQuery(db, scope).where('f.id', '=', id).execute())[0];
}
