import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertFromJson } from '../../db/sql.ts';
import { inScopeHashed } from '../access/scope.ts';
import type { Scope } from '../identity/identity.ts';
import { startsWords } from '../reference/place-words.repository.ts';
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
 * of their names; and their distinct names. Before the version is made active.
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
    insert into address_street_name
    select distinct version_id, street_search from address_street where version_id = ${versionId}`.execute(db);
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
 * The active layer's streets whose words start with `words` (or, `misspelt`, whose name is
 * similar to each long word and starts with the others), the caller's municipalities first, then
 * the closest to what was typed (the shortest, or the most similar).
 */
function matchingStreets(db: Db, scope: Scope, words: readonly string[], misspelt: boolean, limit: number) {
  const similar = misspelt ? words.filter(mayBeMisspelt) : [];
  const exact = words.filter((word) => !similar.includes(word));
  const similarity = similar.map((word) => sql<number>`strict_word_similarity(${word}, s.street_search)`);
  let query = db
    .selectFrom('address_street as s')
    .select(['s.version_id', 's.id', 's.municipality_id', 's.street', 's.postal_code', 's.label', 's.latitude', 's.longitude'])
    .select(inScopeHashed(db, scope, sql`s.municipality_id`).as('own'))
    .select(
      (similarity.length > 0 ? sql<number>`-(${sql.join(similarity, sql` + `)})` : sql<number>`length(s.search)`).as('rank'),
    )
    .select('s.search')
    .where('s.version_id', '=', activeVersionId(db, 'addresses'));
  if (exact.length > 0) query = query.where(startsWords(sql`s.search`, exact));
  // Strict: similar to whole words of the name, from half their trigrams up (pg_trgm's threshold,
  // 0.5): "Tyrihasnveien" is 0.56 of "Tyrihansveien", though its word similarity is under 0.6. A
  // slip in the last two letters breaks most trigrams of a short word ("Bakkne": 0.4 of "Bakken"):
  // the word without them is a start as well, and the similarity ranks what it finds.
  for (const word of similar) {
    // The similar names first, once (an array, not a subquery per street), then their streets.
    const names = db
      .selectFrom('address_street_name as n')
      .select('n.street_search')
      .where('n.version_id', '=', activeVersionId(db, 'addresses'))
      .where(sql<SqlBool>`${word} <<% n.street_search`);
    query = query.where(
      sql<SqlBool>`(s.street_search = any(array(${names})) or ${startsWords(sql`s.search`, [word.slice(0, -2)])})`,
    );
  }
  return query.orderBy('own', 'desc').orderBy('rank').orderBy('s.search').orderBy('s.id').limit(limit);
}

type StreetRow = Awaited<ReturnType<ReturnType<typeof matchingStreets>['execute']>>[number];

/**
 * The addresses of the matching streets whose house starts with `house` or, when none has one, the
 * streets themselves; nothing when no street matches. One statement: the caller's municipalities
 * first, then the house itself before those it only starts, then the streets' order (the closest
 * to what was typed), then by number and letter.
 */
async function housesOf(
  db: Db,
  streets: ReturnType<typeof matchingStreets>,
  house: string,
  limit: number,
): Promise<FoundAddress[]> {
  const houseOf = sql<string>`fast_house(a.number, a.letter) collate "C"`;
  const rows = await db
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
    .orderBy('s.search')
    .orderBy('a.number')
    .orderBy('a.letter')
    .orderBy('a.id')
    .limit(limit)
    .execute();
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

const streetFound = (s: StreetRow): FoundAddress => ({
  id: `street ${s.id}`,
  label: s.label,
  latitude: s.latitude,
  longitude: s.longitude,
  municipality_id: s.municipality_id,
});

/** The houses or, failing those, the streets of one reading; none when its street is not found. */
async function addressesOf(db: Db, scope: Scope, query: AddressQuery, misspelt: boolean, limit: number) {
  if (misspelt && !query.streetWords.some(mayBeMisspelt)) return [];
  if (query.house) {
    return housesOf(db, matchingStreets(db, scope, query.streetWords, misspelt, STREETS_FOR_HOUSE), query.house, limit);
  }
  return (await matchingStreets(db, scope, query.streetWords, misspelt, limit).execute()).map(streetFound);
}

/**
 * Street addresses of the active `addresses` layer for the readings of a typed address
 * (`address-query.ts`), the likelier reading's first, each once: a street and house ("Storgata
 * 12") are the houses of the matching streets whose number starts so; the street alone
 * ("Bryggen"), or a house none of them has, is the streets. Only when no reading finds a street as
 * typed are they looked for as misspelt. Public data: the scope only orders (its municipalities
 * first).
 */
export async function findAddresses(
  db: Db,
  scope: Scope,
  queries: readonly AddressQuery[],
  limit: number,
): Promise<FoundAddress[]> {
  for (const misspelt of [false, true]) {
    const found = await Promise.all(queries.map((query) => addressesOf(db, scope, query, misspelt, limit)));
    const each = new Map(found.flat().map((address) => [address.id, address]));
    if (each.size > 0) return [...each.values()].slice(0, limit);
  }
  return [];
}
