import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertFromJson } from '../../db/sql.ts';
import { startsWords } from '../reference/place-words.repository.ts';
import type { AddressRow } from './kartverket-addresses.ts';

/** Writes a batch of a loading version's addresses (one statement, the rows as one JSON parameter). */
export async function insertAddresses(db: Db, versionId: number, rows: readonly AddressRow[]): Promise<void> {
  const statement = insertFromJson(
    'address',
    rows.map((row) => ({
      version_id: versionId,
      id: row.id,
      municipality_id: row.municipalityId,
      street: row.street,
      number: row.number,
      letter: row.letter,
      postal_code: row.postalCode,
      postal_place: row.postalPlace,
      latitude: row.latitude,
      longitude: row.longitude,
    })),
  );
  if (statement) await statement.execute(db);
}

/**
 * Addresses of the active `addresses` layer with a word starting with each of `words` (folded,
 * place-text.ts), shortest first (the closest to what was typed). Public data: no scope.
 */
export async function findAddresses(db: Db, words: readonly string[], limit: number) {
  return db
    .selectFrom('address as a')
    .select(['a.id', 'a.label', 'a.latitude', 'a.longitude', 'a.municipality_id'])
    .where('a.version_id', '=', (eb) =>
      eb
        .selectFrom('reference_layer_version as v')
        .select('v.id')
        .where('v.layer', '=', 'addresses')
        .where('v.state', '=', 'active'),
    )
    .where(startsWords(sql`a.search`, words))
    .orderBy(sql`length(a.search)`)
    .orderBy('a.search')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}
