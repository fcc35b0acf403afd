import { type Kysely, sql } from 'kysely';

/**
 * Street addresses found through their streets (issue 37: ≤ 20 ms p95 at 2.6 million addresses).
 *
 * The address layer's word index held every start of every word of every address: 2.6 million
 * rows, one GIN entry per prefix, and a typed "Storgata 12" intersected the long lists of
 * "storgata" and "12" over both kept versions (15–55 ms on PostgreSQL, minutes to build). Norway
 * has some twenty-five addresses per street, and a typed address is a street and a number: now the
 * words are looked up in `address_street` (one row per street, postal code and municipality of a
 * version, built by the load from its addresses), and its addresses by a B-tree on the street and
 * the house number and letter as typed ("12", "12b"; a typed "1" is the start of 1, 10, 12B…, a
 * range in byte order, hence `collate "C"`). The streets are written in the order of their names,
 * so the streets of one name ("Storgata" in a hundred towns) lie on a few pages. A misspelt street
 * ("Tyrihasnveien") is found by trigram strict word similarity on the distinct names
 * (`address_street_name`).
 *
 * The address rows keep their label; their own normalised text and its index go (dropping a column
 * rewrites nothing). Streets are built here for the versions already loaded.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function fast_house(number integer, letter text) returns text
    language sql immutable parallel safe
    as $$ select coalesce(number::text, '') || coalesce(lower(letter), '') $$`.execute(db);
  await sql`
    create table address_street (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      id integer not null,
      municipality_id text not null references municipality (id),
      street text not null,
      postal_code text,
      postal_place text,
      addresses integer not null check (addresses > 0),
      latitude float8 not null,
      longitude float8 not null,
      label text generated always as (
        street || coalesce(', ' || postal_code, '') || coalesce(' ' || postal_place, '')) stored,
      search text generated always as (fast_address_search(street, postal_code, postal_place)) stored,
      street_search text generated always as (fast_address_search(street, null, null)) stored,
      primary key (version_id, id)
    )`.execute(db);
  await sql`create index address_street_words_idx on address_street using gin (fast_place_words(search))`.execute(db);
  await sql`alter index address_street_words_idx alter column 1 set statistics 0`.execute(db);
  await sql`create index address_street_name_idx on address_street (version_id, street_search)`.execute(db);
  // The names alone for the trigram index: a few per cent of the streets' rows (a name recurs in
  // many towns and postal codes), so a misspelt name reads few pages of it.
  await sql`
    create table address_street_name (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      street_search text not null,
      primary key (version_id, street_search)
    )`.execute(db);
  await sql`create index address_street_name_trgm_idx on address_street_name using gin (street_search gin_trgm_ops)`.execute(db);
  // A load killed while the layer's index was set aside left it in deferred_index, to be built at
  // the next start: it is not built again.
  await sql`drop index if exists address_words_idx`.execute(db);
  await sql`delete from deferred_index where name = 'address_words_idx'`.execute(db);
  await sql`alter table address drop column search`.execute(db);
  await sql`
    create index address_house_idx on address (
      version_id, municipality_id, street, (coalesce(postal_code, '')), (fast_house(number, letter) collate "C"))`.execute(db);
  await sql`
    insert into address_street (version_id, id, municipality_id, street, postal_code, postal_place, addresses, latitude, longitude)
    select version_id, row_number() over (partition by version_id order by street, postal_code, municipality_id),
      municipality_id, street, postal_code, postal_place, count(*),
      (array_agg(latitude order by number, letter, id))[(count(*) + 1) / 2],
      (array_agg(longitude order by number, letter, id))[(count(*) + 1) / 2]
    from address
    group by version_id, municipality_id, street, postal_code, postal_place
    order by version_id, street, postal_code, municipality_id`.execute(db);
  await sql`insert into address_street_name select distinct version_id, street_search from address_street`.execute(db);
  await sql`analyze address_street`.execute(db);
  await sql`analyze address_street_name`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index address_house_idx`.execute(db);
  await sql`
    alter table address add column search text generated always as (
      fast_address_search(street || coalesce(' ' || number, '') || coalesce(' ' || letter, ''), postal_code, postal_place)) stored`.execute(
    db,
  );
  await sql`create index address_words_idx on address using gin (fast_place_words(search))`.execute(db);
  await sql`alter index address_words_idx alter column 1 set statistics 0`.execute(db);
  await sql`drop table address_street_name`.execute(db);
  await sql`drop table address_street`.execute(db);
  await sql`drop function fast_house(integer, text)`.execute(db);
}
