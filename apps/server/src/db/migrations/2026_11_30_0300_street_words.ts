import { type Kysely, sql } from 'kysely';

/**
 * A misspelt street found through the words of the street names (issue 37), and the streets' word
 * starts stored.
 *
 * A misspelt word ("Andresesn gate 40") was looked for among the distinct street names by trigram
 * strict word similarity: 520 names shared enough trigrams with it, each then measured, and their
 * streets' other words checked with `fast_place_words(search)`, a loop in PL/pgSQL run again for
 * every street read (12–65 ms on PGlite). Now it is looked for among the distinct words of the
 * names (`address_street_word`: short, so fewer candidates, each measured quickly), and the words
 * found, with the word's own start, become alternatives of one text query on the streets' stored
 * word starts (`words`): one lookup in its index. The similarity is the same: a name's word is the
 * extent strict word similarity measures. About 150 bytes a street (20 MB for a version of
 * Norway's), computed once by the load, as the index was.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index address_street_words_idx`.execute(db);
  // From the columns `search` is made of: a generated column cannot read another.
  await sql`
    alter table address_street add column words tsvector
      generated always as (fast_place_words(fast_address_search(street, postal_code, postal_place))) stored`.execute(db);
  await sql`create index address_street_words_idx on address_street using gin (words)`.execute(db);
  // As the index on the expression had: no statistics of every word start to gather.
  await sql`alter table address_street alter column words set statistics 0`.execute(db);
  await sql`
    create table address_street_word (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      word text not null,
      primary key (version_id, word)
    )`.execute(db);
  await sql`
    insert into address_street_word
    select distinct s.version_id, word from address_street s, unnest(string_to_array(s.street_search, ' ')) as word
    where word <> ''`.execute(db);
  // Built over the rows, not filled row by row: a GIN index keeps what is added in a pending list
  // that every search reads through until a vacuum (which PGlite never runs by itself).
  await sql`create index address_street_word_trgm_idx on address_street_word using gin (word gin_trgm_ops)`.execute(db);
  await sql`drop table address_street_name`.execute(db);
  await sql`analyze address_street`.execute(db);
  await sql`analyze address_street_word`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create table address_street_name (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      street_search text not null,
      primary key (version_id, street_search)
    )`.execute(db);
  await sql`create index address_street_name_trgm_idx on address_street_name using gin (street_search gin_trgm_ops)`.execute(db);
  await sql`insert into address_street_name select distinct version_id, street_search from address_street`.execute(db);
  await sql`drop table address_street_word`.execute(db);
  await sql`drop index address_street_words_idx`.execute(db);
  await sql`alter table address_street drop column words`.execute(db);
  await sql`create index address_street_words_idx on address_street using gin (fast_place_words(search))`.execute(db);
  await sql`alter index address_street_words_idx alter column 1 set statistics 0`.execute(db);
}
