import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import { insertFromJson, type RowOf, selectTogether } from '../../db/sql.ts';
import { inScopeHashed } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';
import { wordQuery } from '../reference/place-words.repository.ts';
import { type AddressQuery, mayBeMisspelt } from './address-query.ts';
import type { AddressRow } from './kartverket-addresses.ts';
import { activeVersionId } from './layer-versions.repository.ts';

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
 * Builds a loaded version's streets (migration 2026_11_30_0100) from its addresses: one row per
 * street name, postal code and municipality, at its middle address by number, written in the order
 * of their names; and the distinct words of the names (migration 2026_11_30_0300). Before the
 * version is made active.
 */
export async function insertStreets(db: Db, versionId: number): Promise<void> {
  await sql`
    insert into address_street (version_id, id, municipality_id, street, postal_code, postal_place, addresses, latitude, longitude)
    select version_id, row_number() over (order by street, postal_code, municipality_id),
      municipality_id, street, postal_code, postal_place, count(*),
      (array_agg(latitude order by number, letter, id))[(count(*) + 1) / 2],
      (array_agg(longitude order by number, letter, id))[(count(*) + 1) / 2]
    from address
    where version_id = ${versionId}
    group by version_id, municipality_id, street, postal_code, postal_place
    order by street, postal_code, municipality_id`.execute(db);
  await sql`
    insert into address_street_word
    select distinct s.version_id, word from address_street s, unnest(string_to_array(s.street_search, ' ')) as word
    where s.version_id = ${versionId} and word <> ''`.execute(db);
  // A GIN index keeps what is added in a pending list that every search reads through (12–23 ms
  // for one word's trigrams after a load) until a vacuum, which PGlite never runs by itself; and
  // fresh statistics, or its planner reads the 9 000 words one by one rather than through their index.
  for (const [table, index] of [
    ['address_street', 'address_street_words_idx'],
    ['address_street_word', 'address_street_word_trgm_idx'],
  ] as const) {
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

/** A street address or a street of the active layer, as the place lookup offers it. */
export interface FoundAddress {
  /** The address's id, or "street <id>" for a street: one candidate per key. */
  id: number | string;
  label: string;
  latitude: number;
  longitude: number;
  municipality_id: string;
}

/** Streets a house query looks for its number in: enough for the "Storgata"s of a county or two. */
const STREETS_FOR_HOUSE = 50;

/**
 * The active layer's streets whose words start with `words`, those of `similar` excepted: a street
 * whose name is similar to each of these instead. The caller's municipalities first, then the
 * closest to what was typed (the shortest, or the most similar).
 */
function matchingStreets(db: Db, scope: Scope, words: readonly string[], similar: readonly string[], limit: number) {
  const exact = words.filter((word) => !similar.includes(word));
  const similarity = similar.map((word) => sql<number>`strict_word_similarity(${word}, s.street_search)`);
  let query = db
    .selectFrom('address_street as s')
    .select(['s.version_id', 's.id', 's.municipality_id', 's.street', 's.postal_code', 's.label', 's.latitude', 's.longitude'])
    .select(inScopeHashed(db, scope, sql`s.municipality_id`).as('own'))
    .select(
      (similarity.length > 0 ? sql<number>`-(${sql.join(similarity, sql` + `)})` : sql<number>`length(s.search)`).as('rank'),
    )
    // Of names as similar, the shortest: "Dahsl vei" is "Dahls vei" before "Andreas Dahls vei".
    .select(sql<number>`length(s.search)`.as('length'))
    .select('s.search')
    .where('s.version_id', '=', activeVersionId(db, 'addresses'));
  // Strict: similar to a whole word of the name, from half its trigrams up (pg_trgm's threshold,
  // 0.5): "Tyrihasnveien" is 0.56 of "Tyrihansveien". A slip in the last two letters breaks most
  // trigrams of a short word ("Bakkne": 0.4 of "Bakken"): the word without them is a start as
  // well, and the similarity ranks what it finds. The similar words (an array, found once) and
  // that start are alternatives of one text query with the exact words: one lookup in the index.
  const alternatives = similar.map((word) => {
    const words = db
      .selectFrom('address_street_word as w')
      .select(sql<string>`quote_literal(w.word)`.as('lexeme'))
      .where('w.version_id', '=', activeVersionId(db, 'addresses'))
      .where(sql<SqlBool>`${word} <<% w.word`);
    return sql`array_to_string(array(${words}) || ${`'${word.slice(0, -2)}'`}::text, ' | ')::tsquery`;
  });
  const queries = [...(exact.length > 0 ? [wordQuery(exact)] : []), ...alternatives];
  if (queries.length > 0) query = query.where(sql<SqlBool>`s.words @@ (${sql.join(queries, sql` && `)})`);
  return query.orderBy('own', 'desc').orderBy('rank').orderBy('length').orderBy('s.search').orderBy('s.id').limit(limit);
}

/**
 * The addresses of the matching streets whose house starts with `house`: each beside its street, or
 * the street alone (null house) when none has one. The caller's municipalities first, then the
 * house itself before those it only starts, then the streets' order (the closest to what was
 * typed), then by number and letter.
 */
function housesOf(db: Db, streets: ReturnType<typeof matchingStreets>, house: string, limit: number) {
  const houseOf = sql<string>`fast_house(a.number, a.letter) collate "C"`;
  return db
    .selectFrom(streets.as('s'))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('address as a')
          .select(['a.id', 'a.label', 'a.latitude', 'a.longitude', 'a.number', 'a.letter'])
          .select(sql<boolean>`${houseOf} = ${house}`.as('exact'))
          .whereRef('a.version_id', '=', 's.version_id')
          .whereRef('a.municipality_id', '=', 's.municipality_id')
          .whereRef('a.street', '=', 's.street')
          .where(sql<SqlBool>`coalesce(a.postal_code, '') = coalesce(s.postal_code, '')`)
          .where(sql<SqlBool>`${houseOf} >= ${house} and ${houseOf} < ${`${house}~`}`)
          .orderBy('exact', 'desc')
          .orderBy('a.number')
          .orderBy('a.letter')
          .limit(limit)
          .as('a'),
      (join) => join.onTrue(),
    )
    .select(['s.id as street_id', 's.label as street_label', 's.latitude as street_latitude', 's.longitude as street_longitude'])
    .select(['s.municipality_id', 'a.id', 'a.label', 'a.latitude', 'a.longitude'])
    .orderBy(sql`a.id is null`)
    .orderBy('s.own', 'desc')
    .orderBy('a.exact', 'desc')
    .orderBy('s.rank')
    .orderBy('s.length')
    .orderBy('s.search')
    .orderBy('a.number')
    .orderBy('a.letter')
    .orderBy('a.id')
    .limit(limit);
}

/** The matching streets alone, as `housesOf` gives a street without a house. */
function streetsAlone(db: Db, streets: ReturnType<typeof matchingStreets>) {
  return db
    .selectFrom(streets.as('s'))
    .select(['s.id as street_id', 's.label as street_label', 's.latitude as street_latitude', 's.longitude as street_longitude'])
    .select(['s.municipality_id'])
    .select([
      sql<null>`null`.as('id'),
      sql<null>`null`.as('label'),
      sql<null>`null`.as('latitude'),
      sql<null>`null`.as('longitude'),
    ])
    .orderBy('s.own', 'desc')
    .orderBy('s.rank')
    .orderBy('s.length')
    .orderBy('s.search')
    .orderBy('s.id');
}

/** A row of one reading's lookup: a house beside its street, or a street alone (null house). */
export type AddressLookupRow = RowOf<ReturnType<typeof housesOf>> | RowOf<ReturnType<typeof streetsAlone>>;

/**
 * The lookups of the readings of a typed address (`address-query.ts`) in one pass, each the JSON
 * array of its rows, for `selectTogether`. As typed (`misspelt` null) or, after a pass that found
 * no street, as misspelt: each long word no street has (not in `misspelt.known`) is looked for
 * among similar names; a reading without such a word skips that pass. A street and house
 * ("Storgata 12") are the houses of the matching streets whose number starts so; a street alone
 * ("Bryggen") the streets.
 */
export function addressLookups(
  db: Db,
  scope: Scope,
  queries: readonly AddressQuery[],
  limit: number,
  misspelt: { known: ReadonlySet<string> } | null = null,
): RawBuilder<AddressLookupRow[]>[] {
  return queries.flatMap((query) => {
    const similar = misspelt ? query.streetWords.filter((word) => mayBeMisspelt(word) && !misspelt.known.has(word)) : [];
    if (misspelt && similar.length === 0) return [];
    const streets = (count: number) => matchingStreets(db, scope, query.streetWords, similar, count);
    return [
      query.house
        ? jsonArrayFrom(housesOf(db, streets(STREETS_FOR_HOUSE), query.house, limit))
        : jsonArrayFrom(streetsAlone(db, streets(limit))),
    ];
  });
}

/**
 * Which of the readings' words that may be misspelt are a whole word of some street name of the
 * active layer, as an array to select with the first pass: spelt as a street is, they are not
 * looked for as misspelt ("Haugs" in "Elisabeht Haugs vei": each similar word is a trigram search
 * of its own). Only whole words: "Marti" starts "Martin" and is still "Marit" misspelt.
 */
export function knownStreetWords(db: Db, queries: readonly AddressQuery[]): RawBuilder<string[]> {
  // Folded words of letters only: nothing in them is array syntax.
  const words = [...new Set(queries.flatMap((query) => query.streetWords).filter(mayBeMisspelt))];
  return sql<string[]>`array(
    select w.word from address_street_word w
    where w.version_id = (${activeVersionId(db, 'addresses')}) and w.word = any(${`{${words.join(',')}}`}::text[]))`;
}

/** What one reading's rows found: its houses or, when it found none, its streets. */
function foundIn(rows: readonly AddressLookupRow[]): FoundAddress[] {
  const houses = rows.flatMap((r) =>
    r.id === null || r.label === null || r.latitude === null || r.longitude === null
      ? []
      : [{ id: r.id, label: r.label, latitude: r.latitude, longitude: r.longitude, municipality_id: r.municipality_id }],
  );
  if (houses.length > 0) return houses;
  return rows.map((r) => ({
    id: `street ${r.street_id}`,
    label: r.street_label,
    latitude: r.street_latitude,
    longitude: r.street_longitude,
    municipality_id: r.municipality_id,
  }));
}

/** What the lookups of a pass found, the likelier reading's first, each once. */
export function foundAddresses(lookups: readonly (readonly AddressLookupRow[])[], limit: number): FoundAddress[] {
  const each = new Map(lookups.flatMap(foundIn).map((address) => [address.id, address]));
  return [...each.values()].slice(0, limit);
}

/**
 * What the pass as typed found or, when it found no street, what the readings looked for as
 * misspelt find (a statement of its own), given the words that pass knew (`knownStreetWords`).
 */
export async function thenMisspelt(
  db: Db,
  scope: Scope,
  queries: readonly AddressQuery[],
  limit: number,
  typed: { lookups: readonly (readonly AddressLookupRow[])[]; known: readonly string[] },
): Promise<FoundAddress[]> {
  const found = foundAddresses(typed.lookups, limit);
  if (found.length > 0 || typed.lookups.length === 0) return found;
  const misspelt = addressLookups(db, scope, queries, limit, { known: new Set(typed.known) });
  const { lookups } = await selectTogether(db, { lookups: misspelt }, { keepPrepared: true });
  return foundAddresses(lookups, limit);
}

/**
 * Street addresses of the active `addresses` layer for the readings of a typed address, the
 * likelier reading's first, each once; only when no reading finds a street as typed are they looked
 * for as misspelt. Public data: the scope only orders (its municipalities first). The place lookup
 * asks the first pass with the register's lookups instead (`findDatabasePlaces`).
 */
export async function findAddresses(
  db: Db,
  scope: Scope,
  queries: readonly AddressQuery[],
  limit: number,
): Promise<FoundAddress[]> {
  const typed = await selectTogether(
    db,
    { lookups: addressLookups(db, scope, queries, limit), known: knownStreetWords(db, queries) },
    { keepPrepared: true },
  );
  return thenMisspelt(db, scope, queries, limit, typed);
}
