import { type Kysely, sql } from 'kysely';

/**
 * Map: each facility with a position carries its compact map facility (contracts MapFacilityTuple)
 * as JSON text, kept by the database itself (a generated column), and snapshot blocks hold JSON
 * text. Taking a snapshot of 100 000 facilities is then a string_agg instead of building and
 * aggregating JSON values, and a page is answered by joining block texts, with no JSON parsed or
 * serialised on the server (PGlite, 100 000 facilities: first page 820 → 340 ms).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  // [id, longitude, latitude, name, major-accident level 0–2, explosives 0/1, first unit type].
  // Coordinates rounded to 5 decimals (about 1 m). to_json escapes the name; for a text argument
  // it depends on no setting, which is what lets the function be IMMUTABLE for a generated column.
  await sql`
    create or replace function fast_map_tuple(
      id integer, longitude double precision, latitude double precision, name text,
      major_accident text, is_explosives boolean, unit_type_id smallint
    ) returns text
    language sql immutable parallel safe
    as $$
      select case when longitude is null or latitude is null then null else
        '[' || id || ',' || round(longitude::numeric, 5)::float8 || ',' || round(latitude::numeric, 5)::float8 || ','
        || coalesce(to_json(name)::text, 'null') || ','
        || case major_accident when 'PARAGRAPH_SIX' then 1 when 'PARAGRAPH_NINE' then 2 else 0 end || ','
        || case when is_explosives then 1 else 0 end || ',' || unit_type_id || ']'
      end
    $$`.execute(db);
  await sql`
    alter table facility add column map_tuple text generated always as (
      fast_map_tuple(id, longitude, latitude, name, major_accident, is_explosives, primary_unit_type_id)
    ) stored`.execute(db);

  // Snapshots are short-lived: the ones open now are dropped rather than converted.
  await db.deleteFrom('map_snapshot').execute();
  await sql`alter table map_snapshot_block alter column facilities type text using facilities::text`.execute(db);
  // Blocks live minutes and are read whole: compressing them cost more than a third of a snapshot.
  await sql`alter table map_snapshot_block alter column facilities set storage external`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('map_snapshot').execute();
  await sql`alter table map_snapshot_block alter column facilities type json using facilities::json`.execute(db);
  await sql`alter table facility drop column map_tuple`.execute(db);
  await sql`drop function fast_map_tuple`.execute(db);
}
