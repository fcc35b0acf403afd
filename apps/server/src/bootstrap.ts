import type { Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Log } from './logger.ts';
import { loadReferenceData } from './modules/reference/reference-data.ts';
import { ensureTermsPublished } from './modules/terms/first-terms.ts';

/** Everything a database needs before the server answers: schema, reference data, terms. */
export async function prepareDatabase(db: Db, log: Log): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  await loadReferenceData(db);
  await ensureTermsPublished(db);
}
