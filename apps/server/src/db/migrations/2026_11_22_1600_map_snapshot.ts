import { type Kysely, sql } from 'kysely';

/**
 * Map: snapshots for paging all of a caller's facilities (POST /api/v1/map/facilities) and an
 * index for zones.
 *
 * A snapshot holds the compact map facilities of one caller's scope as they were when its first
 * page was asked for, in blocks of a fixed number of facilities (each block one JSON array of
 * tuples). Later pages read blocks, never the facility table, so an import that inserts, updates
 * or deletes facilities meanwhile cannot make a facility appear twice or go missing. It lives in
 * the database, not in a server's memory, so that any server process can answer the next page.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('map_snapshot')
    .addColumn('pit_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('organisation_number', 'text', (c) => c.notNull())
    // The scope's municipalities when the snapshot was taken: a changed scope ends the snapshot.
    .addColumn('scope_key', 'text', (c) => c.notNull())
    .addColumn('block_size', 'integer', (c) => c.notNull().check(sql`block_size > 0`))
    .addColumn('total_count', 'integer', (c) => c.notNull().check(sql`total_count >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('map_snapshot_expires_idx').on('map_snapshot').column('expires_at').execute();
  await db.schema
    .createIndex('map_snapshot_owner_idx')
    .on('map_snapshot')
    .columns(['user_id', 'organisation_number', 'created_at'])
    .execute();

  await db.schema
    .createTable('map_snapshot_block')
    .addColumn('pit_id', 'uuid', (c) => c.notNull().references('map_snapshot.pit_id').onDelete('cascade'))
    .addColumn('block', 'integer', (c) => c.notNull().check(sql`block >= 0`))
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    // A JSON array of compact map facilities (see packages/contracts/src/map.ts), in id order.
    .addColumn('facilities', 'json', (c) => c.notNull())
    .addPrimaryKeyConstraint('map_snapshot_block_pk', ['pit_id', 'block'])
    .execute();

  // Zones: the facilities within a drawn polygon's bounding box.
  await sql`create index facility_position_idx on facility (latitude, longitude) where latitude is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists facility_position_idx`.execute(db);
  await db.schema.dropTable('map_snapshot_block').execute();
  await db.schema.dropTable('map_snapshot').execute();
}
