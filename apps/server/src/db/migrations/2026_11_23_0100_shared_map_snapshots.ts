import { type Kysely, sql } from 'kysely';

/**
 * Map snapshots shared by callers who see the same municipalities, while the register is
 * unchanged. A snapshot's facilities depend on nothing but the scope's municipalities and the
 * facility table, so the blocks move to `map_snapshot_content`, keyed by the scope and the
 * register's version; a caller's pitId (`map_snapshot`) stays theirs and points to a content.
 * During an incident many operators of one centre open the map at once: one 100 000-facility
 * snapshot is taken for them all instead of one each (PGlite: first page 400 → 40 ms).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  // The register's version: every statement that changes facilities counts it up, in its own
  // transaction, so a content labelled with a version holds exactly that version's facilities.
  await db.schema
    .createTable('register_version')
    .addColumn('singleton', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`singleton`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into register_version (singleton, version) values (true, 1)`.execute(db);
  await sql`
    create function fast_count_register_change() returns trigger
    language plpgsql as $$
    begin
      update register_version set version = version + 1;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger facility_register_version
    after insert or update or delete or truncate on facility
    for each statement execute function fast_count_register_change()`.execute(db);

  // Snapshots are short-lived: the ones open now are dropped rather than converted.
  await db.schema.dropTable('map_snapshot_block').execute();
  await db.deleteFrom('map_snapshot').execute();
  await db.schema
    .createTable('map_snapshot_content')
    .addColumn('content_id', 'uuid', (c) => c.primaryKey())
    // The scope's municipalities ("0301,4601") and the register version the facilities are of.
    .addColumn('scope_key', 'text', (c) => c.notNull())
    .addColumn('register_version', 'bigint', (c) => c.notNull())
    .addColumn('block_size', 'integer', (c) => c.notNull().check(sql`block_size > 0`))
    .addColumn('total_count', 'integer', (c) => c.notNull().check(sql`total_count >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The latest expiry of the pitIds that read it; pruned (with those pitIds) after it.
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('map_snapshot_content_lookup_idx')
    .on('map_snapshot_content')
    .columns(['register_version', 'block_size', 'scope_key'])
    .execute();
  await db.schema.createIndex('map_snapshot_content_expires_idx').on('map_snapshot_content').column('expires_at').execute();
  await db.schema
    .createTable('map_snapshot_block')
    .addColumn('content_id', 'uuid', (c) => c.notNull().references('map_snapshot_content.content_id').onDelete('cascade'))
    .addColumn('block', 'integer', (c) => c.notNull().check(sql`block >= 0`))
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    // A JSON array of compact map facilities (facility.map_tuple), in id order, as text.
    .addColumn('facilities', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('map_snapshot_block_pk', ['content_id', 'block'])
    .execute();
  // Blocks live minutes and are read whole: compressing them cost more than a third of a snapshot.
  await sql`alter table map_snapshot_block alter column facilities set storage external`.execute(db);

  await db.schema.alterTable('map_snapshot').dropColumn('block_size').dropColumn('total_count').execute();
  await db.schema
    .alterTable('map_snapshot')
    .addColumn('content_id', 'uuid', (c) => c.notNull().references('map_snapshot_content.content_id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('map_snapshot_content_idx').on('map_snapshot').column('content_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('map_snapshot').execute();
  await db.schema.alterTable('map_snapshot').dropColumn('content_id').execute();
  await db.schema
    .alterTable('map_snapshot')
    .addColumn('block_size', 'integer', (c) => c.notNull().check(sql`block_size > 0`))
    .addColumn('total_count', 'integer', (c) => c.notNull().check(sql`total_count >= 0`))
    .execute();
  await db.schema.dropTable('map_snapshot_block').execute();
  await db.schema.dropTable('map_snapshot_content').execute();
  await db.schema
    .createTable('map_snapshot_block')
    .addColumn('pit_id', 'uuid', (c) => c.notNull().references('map_snapshot.pit_id').onDelete('cascade'))
    .addColumn('block', 'integer', (c) => c.notNull().check(sql`block >= 0`))
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('facilities', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('map_snapshot_block_pk', ['pit_id', 'block'])
    .execute();
  await sql`alter table map_snapshot_block alter column facilities set storage external`.execute(db);
  await sql`drop trigger facility_register_version on facility`.execute(db);
  await sql`drop function fast_count_register_change`.execute(db);
  await db.schema.dropTable('register_version').execute();
}
