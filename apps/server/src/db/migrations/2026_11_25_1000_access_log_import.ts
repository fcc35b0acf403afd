import { type Kysely, sql } from 'kysely';

/**
 * An import through the server (POST /api/v1/admin/imports) is access-logged as issue 20 asks:
 * who wrote which facilities, and when, beside the administrators' audit trail.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table access_log drop constraint access_log_action_check`.execute(db);
  await sql`alter table access_log add constraint access_log_action_check
    check (action in ('VIEW', 'DOWNLOAD', 'EXPORT', 'IMPORT'))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from access_log where action = 'IMPORT'`.execute(db);
  await sql`alter table access_log drop constraint access_log_action_check`.execute(db);
  await sql`alter table access_log add constraint access_log_action_check
    check (action in ('VIEW', 'DOWNLOAD', 'EXPORT'))`.execute(db);
}
