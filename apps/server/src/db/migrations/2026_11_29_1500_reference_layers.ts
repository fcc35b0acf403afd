import { type Kysely, sql } from 'kysely';

/**
 * Public reference layers the authority loads (issue 37; modules/reference-layers/). A load writes
 * a new version's rows while the version is `loading` (no reader looks at it), then one short
 * transaction makes it `active` and the active one `previous` (whose rows the one before it gave
 * up): a reader, which always asks for the active version's rows, sees the old or the new, never a
 * mix, and a rollback swaps the two back. A version left `loading` by a killed load is removed at
 * the next start.
 *
 * `address`: Kartverket's "Matrikkelen – Adresse", one row per street address, searched as the
 * facilities' addresses are (`fast_address_search`, its words' starts in a GIN index).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table reference_layer_version (
      id bigint generated always as identity primary key,
      layer text not null check (layer in ('addresses')),
      version integer not null check (version > 0),
      state text not null check (state in ('loading', 'active', 'previous')),
      source text not null,
      file_name text,
      sha256 text not null,
      size_bytes bigint not null check (size_bytes >= 0),
      row_count integer not null default 0 check (row_count >= 0),
      loaded_at timestamptz not null default now(),
      loaded_by text not null,
      unique (layer, version)
    )`.execute(db);
  await sql`create unique index reference_layer_active_idx on reference_layer_version (layer) where state = 'active'`.execute(db);
  await sql`create unique index reference_layer_previous_idx on reference_layer_version (layer) where state = 'previous'`.execute(
    db,
  );
  await sql`
    create table address (
      version_id bigint not null references reference_layer_version (id) on delete cascade,
      id bigint not null,
      municipality_id text not null references municipality (id),
      street text not null,
      number integer,
      letter text,
      postal_code text,
      postal_place text,
      latitude float8 not null,
      longitude float8 not null,
      label text generated always as (
        street || coalesce(' ' || number, '') || coalesce(letter, '')
          || coalesce(', ' || postal_code, '') || coalesce(' ' || postal_place, '')) stored,
      search text generated always as (
        fast_address_search(street || coalesce(' ' || number, '') || coalesce(' ' || letter, ''), postal_code, postal_place)) stored,
      primary key (version_id, id)
    )`.execute(db);
  await sql`create index address_words_idx on address using gin (fast_place_words(search))`.execute(db);
  await sql`alter index address_words_idx alter column 1 set statistics 0`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table address`.execute(db);
  await sql`drop table reference_layer_version`.execute(db);
}
