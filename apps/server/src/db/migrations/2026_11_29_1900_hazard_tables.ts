import { type Kysely, sql } from 'kysely';

/**
 * The `hazard-tables` reference layer (issue 37): the ERG's tables as the authority loads them
 * (ERG 2024 when it holds them), versioned like the addresses (2026_11_29_1500). One row per record
 * of the file, each with the ERG 2016 dBASE file's fields as JSON, read whole (~700 rows) into the
 * figures; `position` keeps the file's order, which decides between records that tie.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table reference_layer_version drop constraint reference_layer_version_layer_check`.execute(db);
  await sql`alter table reference_layer_version add constraint reference_layer_version_layer_check
    check (layer in ('addresses', 'vulnerable-objects', 'hazard-tables'))`.execute(db);
  await sql`
    create table erg_record (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      position integer not null check (position > 0),
      id_num integer not null,
      guide_num integer not null,
      material text not null,
      edition text not null check (edition ~ '^[0-9]{4}$'),
      record jsonb not null,
      primary key (version_id, position)
    )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table erg_record`.execute(db);
  await sql`delete from reference_layer_version where layer = 'hazard-tables'`.execute(db);
  await sql`alter table reference_layer_version drop constraint reference_layer_version_layer_check`.execute(db);
  await sql`alter table reference_layer_version add constraint reference_layer_version_layer_check
    check (layer in ('addresses', 'vulnerable-objects'))`.execute(db);
}
