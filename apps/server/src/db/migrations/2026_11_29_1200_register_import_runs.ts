import { type Kysely, sql } from 'kysely';

/**
 * Every register import, from before its first write: who started it (an administrator through
 * the server, or the command line), which file (name, size, SHA-256), and how it ended: finished,
 * failed, or interrupted (a process killed mid-import, found by the next start). An import that
 * dies leaves its row without an end, so the trail shows every import that changed the register.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('register_import')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('api', 'cli')`))
    // As in the audit trail: kept when the account is removed.
    .addColumn('admin_user_id', 'uuid')
    .addColumn('admin_name', 'text')
    .addColumn('file_name', 'text')
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('ndjson', 'geojson')`))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('dry_run', 'boolean', (c) => c.notNull())
    .addColumn('strict', 'boolean', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('finished', 'failed', 'interrupted')`))
    .addColumn('summary', 'jsonb')
    .addCheckConstraint('register_import_ended', sql`(ended_at is null) = (outcome is null)`)
    .execute();
  await sql`create index register_import_running_idx on register_import (started_at) where ended_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('register_import').execute();
}
