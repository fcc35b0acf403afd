import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { loadDemoRegisterIfEmpty } from '../modules/register/demo-register.ts';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDemoUsers } from './seed/demo-users.ts';
import { loadReferenceData } from './seed/reference-data.ts';
import { ensureTermsPublished } from './seed/terms.ts';

/** Everything a database needs before the server answers: schema, reference data, terms, demo data. */
export async function prepareDatabase(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  await loadReferenceData(db);
  await ensureTermsPublished(db);
  if (!config.demoData) return;
  if (await seedDemoUsers(db)) log.info('demo users and organisations created');
  await loadDemoRegisterIfEmpty(db, log);
}
