import { type Kysely, sql } from 'kysely';

/**
 * The access log's facility index is written at each insert instead of through GIN's pending list.
 * With the pending list, an entry of 10 000 facility ids (an OGC page, an export) costs 5 ms until
 * the list passes its 4 MB and one unlucky insert merges it all, 300–650 ms before its answer's
 * first byte (the entry is written first: plugins/access-log.ts). Written directly, such an insert
 * takes 25–40 ms every time, the same in total (PostgreSQL 15, 30 inserts of 10 000 ids).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter index access_log_facility_idx set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('access_log_facility_idx'::regclass)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter index access_log_facility_idx reset (fastupdate)`.execute(db);
}
