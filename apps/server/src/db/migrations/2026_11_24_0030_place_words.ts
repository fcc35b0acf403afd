import { type Kysely, sql } from 'kysely';

/**
 * Addresses and facility names as you type (issue 15), through their words instead of trigrams.
 *
 * The place lookup asks for facilities where each typed word starts some word of the address
 * (`fast_address_search`, migration 2026_11_23_1800). A trigram index answered that as
 * `like '% word%'`, but a typed address is made of frequent trigrams ("vei", "ien", " 1", "osl"):
 * the index read and intersected long posting lists (200 pages and 13 ms for "Havneveien 12, Oslo"
 * at 112 500 facilities), and every row it found was normalised again to be rechecked and ordered.
 *
 * Now the normalised texts are stored (generated columns, kept by PostgreSQL on every insert and
 * update), and every start of each of their words is a lexeme of a tsvector in a GIN index
 * ("kai" → k, ka, kai): a typed word is then one exact lexeme, and GIN intersects the words'
 * posting lists skipping from the rarest (15 pages, under a millisecond). A prefix query
 * (`'word':*`) on the words alone was as slow as the trigrams: GIN unions every lexeme that starts
 * "12" into a bitmap before it intersects. The words are split on the spaces of the normalised
 * text, not by a text search parser (which would cut "1e5b" in two), and stay as they are (no
 * dictionary); starts longer than a lexeme may be (2 047 bytes) are left out: no typed word is
 * that long (200 characters at most).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function fast_place_words(normalised text) returns tsvector
    language sql immutable parallel safe
    as $$
      select array_to_tsvector(array(
        select distinct left(word, length)
        from unnest(string_to_array(normalised, ' ')) as word, generate_series(1, least(length(word), 2047)) as length))
    $$`.execute(db);
  await sql`
    alter table facility
      add column address_search text generated always as (fast_address_search(street_address, postal_code, postal_place)) stored,
      add column name_search text generated always as (fast_address_search(name, null, null)) stored`.execute(db);
  // Partial: the lookup only offers facilities with a position, and an address only with a street.
  await sql`
    create index facility_address_words_idx on facility using gin (fast_place_words(address_search))
    where street_address is not null and longitude is not null`.execute(db);
  await sql`
    create index facility_name_words_idx on facility using gin (fast_place_words(name_search))
    where name is not null and longitude is not null`.execute(db);
  await sql`drop index if exists facility_address_trgm_idx`.execute(db);
  await sql`drop index if exists facility_name_trgm_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index facility_address_trgm_idx on facility
    using gin (fast_address_search(street_address, postal_code, postal_place) gin_trgm_ops)`.execute(db);
  await sql`create index facility_name_trgm_idx on facility using gin (fast_address_search(name, null, null) gin_trgm_ops)`.execute(
    db,
  );
  await sql`drop index if exists facility_name_words_idx`.execute(db);
  await sql`drop index if exists facility_address_words_idx`.execute(db);
  await sql`alter table facility drop column if exists name_search, drop column if exists address_search`.execute(db);
  await sql`drop function if exists fast_place_words(text)`.execute(db);
}
