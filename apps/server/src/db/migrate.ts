import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
const migratorFor = (db: Kysely<any>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** The migrations this database lacks, without writing anything (no migration table is created). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  return (await migratorFor(db).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the schema to the newest migration; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
