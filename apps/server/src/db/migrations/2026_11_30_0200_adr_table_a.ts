import { type Kysely, sql } from 'kysely';

/**
 * The `adr-table-a` reference layer (issue 37): ADR Table A as the authority loads it (ADR 2025
 * when it holds it), versioned like the other layers (2026_11_29_1500) and apart from the ERG's
 * `hazard-tables`, so that loading one never replaces the other. One row per entry of the file;
 * where ADR has several entries for a UN number the first by `position` (the file's line) is the
 * card's, hence the index on (version_id, un_number) and the primary key's order.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table reference_layer_version drop constraint reference_layer_version_layer_check`.execute(db);
  await sql`alter table reference_layer_version add constraint reference_layer_version_layer_check
    check (layer in ('addresses', 'vulnerable-objects', 'hazard-tables', 'adr-table-a'))`.execute(db);
  await sql`
    create table adr_record (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      position integer not null check (position > 0),
      un_number text not null check (un_number ~ '^[0-9]{4}$'),
      name_en text not null,
      adr_class text not null,
      classification_code text not null,
      packing_group text check (packing_group in ('I', 'II', 'III')),
      labels jsonb not null,
      hazard_number text,
      edition text not null check (edition ~ '^[0-9]{4}$'),
      primary key (version_id, position)
    )`.execute(db);
  await sql`create index adr_record_un_number on adr_record (version_id, un_number)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table adr_record`.execute(db);
  await sql`delete from reference_layer_version where layer = 'adr-table-a'`.execute(db);
  await sql`alter table reference_layer_version drop constraint reference_layer_version_layer_check`.execute(db);
  await sql`alter table reference_layer_version add constraint reference_layer_version_layer_check
    check (layer in ('addresses', 'vulnerable-objects', 'hazard-tables'))`.execute(db);
}
