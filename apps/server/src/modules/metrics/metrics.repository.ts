import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What the metrics read from the database at each scrape (plugins/metrics.ts). */
export interface DatabaseState {
  /** Map snapshots (pitIds) held. */
  pits: number;
  /** Shared snapshot contents held. */
  contents: number;
  /** The register version: counts up with every import that changes facilities. */
  version: number;
}

/** The map snapshots' counts and the register version, in one round trip to the primary. */
export async function readDatabaseState(db: Db): Promise<DatabaseState | null> {
  const { rows } = await sql<DatabaseState>`
    select (select count(*) from map_snapshot) as pits, (select count(*) from map_snapshot_content) as contents,
      (select version from register_version) as version`.execute(db);
  return rows[0] ?? null;
}
