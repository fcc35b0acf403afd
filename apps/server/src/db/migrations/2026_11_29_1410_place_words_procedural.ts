import { type Kysely, sql } from 'kysely';

/**
 * `fast_place_words` (migration 2026_11_24_0030) in PL/pgSQL, answering the same tsvector for every
 * text. The SQL version ran a subquery (unnest, generate_series, distinct) per call, which
 * PostgreSQL cannot inline into an index expression: it set up and tore down an executor for every
 * row, five times the work of this loop (18 000 demo facilities: 1.7 s → 0.3 s per column).
 * Building the two word indexes was the longest step of a first start's demo load, and a GIN insert
 * calls it for every facility an import writes. `array_to_tsvector` sorts and removes duplicates
 * itself. The same answer, so the indexes built with the old body stay valid.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function fast_place_words(normalised text) returns tsvector
    language plpgsql immutable parallel safe
    as $$
      declare
        starts text[] := '{}';
        word text;
      begin
        foreach word in array coalesce(string_to_array(normalised, ' '), '{}') loop
          for letters in 1 .. least(length(word), 2047) loop
            starts := starts || left(word, letters);
          end loop;
        end loop;
        return array_to_tsvector(starts);
      end
    $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function fast_place_words(normalised text) returns tsvector
    language sql immutable parallel safe
    as $$
      select array_to_tsvector(array(
        select distinct left(word, length)
        from unnest(string_to_array(normalised, ' ')) as word, generate_series(1, least(length(word), 2047)) as length))
    $$`.execute(db);
}
