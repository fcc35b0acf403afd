import { type Kysely, sql } from 'kysely';

/**
 * The `vulnerable-objects` reference layer (issue 37): schools, kindergartens, care homes and
 * hospitals, versioned like the addresses (2026_11_29_1500). Found by distance from a point, so
 * the index leads with the version and the latitude: a radius of up to 50 km is a latitude band
 * of that version, a few thousand rows at most in the densest part of the country.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table reference_layer_version drop constraint reference_layer_version_layer_check`.execute(db);
  await sql`alter table reference_layer_version add constraint reference_layer_version_layer_check
    check (layer in ('addresses', 'vulnerable-objects'))`.execute(db);
  await sql`
    create table vulnerable_object (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      source_id text not null,
      kind text not null check (kind in ('kindergarten', 'school', 'care-home', 'hospital')),
      name text not null,
      address text,
      municipality_id text references municipality (id),
      capacity integer check (capacity >= 0),
      latitude float8 not null,
      longitude float8 not null,
      primary key (version_id, source_id)
    )`.execute(db);
  await sql`create index vulnerable_object_position_idx on vulnerable_object (version_id, latitude, longitude)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table vulnerable_object`.execute(db);
  await sql`delete from reference_layer_version where layer = 'vulnerable-objects'`.execute(db);
  await sql`alter table reference_layer_version drop constraint reference_layer_version_layer_check`.execute(db);
  await sql`alter table reference_layer_version add constraint reference_layer_version_layer_check
    check (layer in ('addresses'))`.execute(db);
}
