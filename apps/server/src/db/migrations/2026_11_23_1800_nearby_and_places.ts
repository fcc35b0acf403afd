import { type Kysely, sql } from 'kysely';

/**
 * Incident lookup (issue 15).
 *
 * Facilities around a point: a GiST index on the built-in `point(longitude, latitude)` answers
 * "inside this longitude/latitude box" (`<@ box`) as an R-tree, on PostgreSQL and PGlite alike
 * with no extension. The btree on (latitude, longitude) reads a whole band of latitude across
 * the country; this reads the box. The box is a prefilter: the exact test is geodesic, in the app.
 * It carries what that test and the scope need (INCLUDE), so that the query is an index-only scan:
 * facilities lie in the table in import order, not by place, and 1 800 of them in a box were
 * 1 500 heap pages (36 ms on the benchmark's PostgreSQL; 1.5 ms index-only, once vacuumed).
 *
 * Addresses as you type: `fast_address_search` is a facility's street, number, letter, postal
 * code and place as one normalised text, with a leading space so that `like '% word%'` is a
 * word-prefix match, answered by a trigram index. Normalised: accents and case go (`fast_normalise`),
 * anything but a letter or digit becomes one space, æ/ø/å and their spellings ae/oe/aa all become
 * a/o/a (so "Ågotnes", "Aagotnes" and "Agotnes" meet, as typed on any keyboard), and a house letter
 * joins its number ("12 B" → "12b"). Facility names have the same index. The app normalises what is typed the same way
 * (modules/places/place-text.ts, tested against this function).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index facility_point_idx on facility using gist (point(longitude, latitude))
    include (municipality_id, id, is_explosives, longitude, latitude)`.execute(db);

  await sql`
    create or replace function fast_address_search(street text, postal_code text, postal_place text) returns text
    language sql immutable parallel safe
    as $$
      select ' ' || trim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
        public.fast_normalise(coalesce(street, '') || ' ' || coalesce(postal_code, '') || ' ' || coalesce(postal_place, '')),
        '[^a-z0-9]+', ' ', 'g'),
        'a[ae]', 'a', 'g'),
        'oe', 'o', 'g'),
        '([0-9]) ([a-z])( |$)', '\\1\\2\\3', 'g'))
    $$`.execute(db);
  await sql`
    create index facility_address_trgm_idx on facility
    using gin (fast_address_search(street_address, postal_code, postal_place) gin_trgm_ops)`.execute(db);
  // Facility names as typed, the same way (search_text mixes in the address: "Kirkegata" there
  // matches every facility in that street, and the name test after it was the lookup's cost).
  await sql`create index facility_name_trgm_idx on facility using gin (fast_address_search(name, null, null) gin_trgm_ops)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists facility_name_trgm_idx`.execute(db);
  await sql`drop index if exists facility_address_trgm_idx`.execute(db);
  await sql`drop function if exists fast_address_search(text, text, text)`.execute(db);
  await sql`drop index if exists facility_point_idx`.execute(db);
}
