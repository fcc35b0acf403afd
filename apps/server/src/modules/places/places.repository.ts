import { MAX_ID } from '@fast/contracts';
import { type RawBuilder, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import { selectTogether } from '../../db/sql.ts';
import { scopeMunicipalityIds } from '../access/scope.ts';
import { type FacilitySummaryRow, facilitySummaries } from '../facility/facility-summaries.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { startsWords } from '../reference/place-words.repository.ts';
import { addressQueries } from '../reference-layers/address-query.ts';
import { addressLookups, type FoundAddress, knownStreetWords, thenMisspelt } from '../reference-layers/addresses.repository.ts';
import { layerLoaded } from '../reference-layers/layer-versions.repository.ts';

/*
 * Each lookup is an expression of one value (the rows as a JSON array), for `selectTogether`:
 * `findDatabasePlaces` asks them all, and the address layer's, in one statement on PGlite.
 */

/** The scope's facilities that have a position: a place needs one. */
function placeQuery(db: Db, scope: Scope) {
  return facilitySummaries(db, scope).where('f.longitude', 'is not', null);
}

/**
 * Facilities of the scope whose address (street, number, letter, postal code, place) has a word
 * starting with each of `words` (folded). Shortest addresses first, the closest to what was typed.
 */
export function addressMatches(db: Db, scope: Scope, words: readonly string[], limit: number): RawBuilder<FacilitySummaryRow[]> {
  const address = sql`f.address_search`;
  return jsonArrayFrom(
    placeQuery(db, scope)
      .where('f.street_address', 'is not', null)
      .where(startsWords(address, words))
      .orderBy(sql`length(${address})`)
      .orderBy(address)
      .orderBy('f.id')
      .limit(limit),
  );
}

/** Facilities of the scope whose name has a word starting with each of `words` (folded). */
export function nameMatches(db: Db, scope: Scope, words: readonly string[], limit: number): RawBuilder<FacilitySummaryRow[]> {
  return jsonArrayFrom(
    placeQuery(db, scope)
      .where('f.name', 'is not', null)
      .where(startsWords(sql`f.name_search`, words))
      .orderBy(sql`length(f.name)`)
      .orderBy('f.name')
      .orderBy('f.id')
      .limit(limit),
  );
}

/** Whether the text is a facility's id, which the lookup then asks for. */
export function asFacilityId(text: string): number | null {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : null;
  return id !== null && id >= 1 && id <= MAX_ID ? id : null;
}

/** The facility with this id, if the scope holds it and it has a position. */
export function facilityById(db: Db, scope: Scope, id: number): RawBuilder<FacilitySummaryRow | null> {
  return jsonObjectFrom(placeQuery(db, scope).where('f.id', '=', id));
}

/**
 * The ids of the caller's municipalities, which the lookup lists first: one array, not a row per
 * municipality (a national user's 357 rows took 2 ms to hand over on PGlite).
 */
export function scopeMunicipalities(db: Db, scope: Scope): RawBuilder<string[]> {
  return sql<string[]>`array(${scopeMunicipalityIds(db, scope)})`;
}

/** What the place lookup finds in the database (`findDatabasePlaces`). */
export interface DatabasePlaces {
  /** The facility of the id typed, if the scope holds it. */
  byId: FacilitySummaryRow[];
  /** For each reading of the text, the scope's facilities by address, and by name. */
  addresses: FacilitySummaryRow[][];
  names: FacilitySummaryRow[][];
  /** The caller's municipalities. */
  own: string[];
  /** The address layer's houses or streets. */
  layerAddresses: FoundAddress[];
  /** Whether an address layer is loaded; null: not asked. */
  layerLoaded: boolean | null;
}

export interface DatabasePlaceQuery {
  id: number | null;
  readings: readonly string[][];
  /** Whether a word is long enough to look addresses and names up by. */
  indexable: boolean;
  /** Whether names are looked up (the text has letters). */
  names: boolean;
  asksLayerLoaded: boolean;
  limit: number;
  namesLimit: number;
}

/**
 * The text's places in the database: the scope's facility by id, address and name, the caller's
 * municipalities and the address layer's houses and streets (issue 37), asked together (one
 * statement on PGlite); the layer's misspelt streets after, only when no reading found a street.
 */
export async function findDatabasePlaces(db: Db, scope: Scope, query: DatabasePlaceQuery): Promise<DatabasePlaces> {
  const { readings, indexable, limit } = query;
  const streets = readings.flatMap(addressQueries);
  const found = await selectTogether(
    db,
    {
      byId: query.id === null ? [] : [facilityById(db, scope, query.id)],
      addresses: indexable ? readings.map((words) => addressMatches(db, scope, words, limit)) : [],
      names: indexable && query.names ? readings.map((words) => nameMatches(db, scope, words, query.namesLimit)) : [],
      own: scopeMunicipalities(db, scope),
      layer: indexable ? addressLookups(db, scope, streets, limit) : [],
      knownWords: indexable ? [knownStreetWords(db, streets)] : [],
      layerLoaded: query.asksLayerLoaded ? [layerLoaded(db, 'addresses')] : [],
    },
    { keepPrepared: true },
  );
  return {
    byId: found.byId.flatMap((row) => (row ? [row] : [])),
    addresses: found.addresses,
    names: found.names,
    own: found.own,
    layerAddresses: await thenMisspelt(db, scope, streets, limit, {
      lookups: found.layer,
      known: found.knownWords[0] ?? [],
    }),
    layerLoaded: found.layerLoaded[0] ?? null,
  };
}
