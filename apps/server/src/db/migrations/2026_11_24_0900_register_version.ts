import { type Kysely, sql } from 'kysely';

/**
 * The register's version (migration shared_map_snapshots) now counts every statement that writes
 * what a search answers from, not only the facility table's: the facilities' units and substances,
 * the municipalities' names, and who may see which municipality. The search's result cache
 * (modules/search/search-cache.ts) keys on it with the caller, so that no cached answer is served
 * after any of these changed, in any server process on the database. (The map's shared snapshots
 * key on it too; an access decision now starts new ones, which their scope key did not need.)
 */
const TABLES = ['facility_unit', 'stored_substance', 'municipality', 'municipality_access'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(`create trigger ${table}_register_version after insert or update or delete or truncate on ${table}
        for each statement execute function fast_count_register_change()`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop trigger ${table}_register_version on ${table}`).execute(db);
}
