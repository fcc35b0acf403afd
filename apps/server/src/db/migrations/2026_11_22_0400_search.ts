import { type Kysely, sql } from 'kysely';

/**
 * Facility search: a sort key for text columns that orders Norwegian text the same way on every
 * engine and locale. PGlite runs with the C collation, a PostgreSQL server usually with a glibc
 * locale, and neither puts æ, ø, å after z. The key maps Æ/Ø/Å to the three ASCII characters that
 * follow "z" ({, |, }), strips other accents and folds case; compared with COLLATE "C" it gives
 * a < … < z < æ < ø < å on both engines.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function fast_sort_key(value text) returns text
    language sql immutable parallel safe strict
    as $$
      select lower(public.unaccent('public.unaccent'::regdictionary,
        translate(value, 'ÆØÅæøå', '{|}{|}'))) collate "C"
    $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists fast_sort_key(text)`.execute(db);
}
