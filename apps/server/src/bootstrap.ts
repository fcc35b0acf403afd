import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { DatabaseTarget, Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Log } from './logger.ts';
import { loadReferenceData } from './modules/reference/reference-data.ts';
import { closeInterruptedImports } from './modules/register/import-run.repository.ts';
import { refreshRegisterStatistics } from './modules/register/register.repository.ts';
import { ensureTermsPublished } from './modules/terms/first-terms.ts';

/**
 * Everything a database needs before the server answers: schema, reference data, terms; and the
 * trail of any import that a killed process left without an end.
 */
export async function prepareDatabase(db: Db, log: Log): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) {
    log.info({ migrations: applied }, 'database migrated');
    // A migration may rewrite every facility (nearby_group_totals does): PGlite has no autovacuum,
    // and until the next import its dead rows would make every index-only scan read the table.
    await refreshRegisterStatistics(db);
  }
  await loadReferenceData(db);
  await ensureTermsPublished(db);
  await closeInterruptedImports(db, log);
}

export interface StartWork {
  target: DatabaseTarget;
  /** Also the demo users and, into an empty register, the demo register (DEMO_DATA=auto). */
  demoData: boolean;
  logLevel: Config['logLevel'];
}

/**
 * The server's start-up work (prepareDatabase, then the demo data when asked) in a process of its
 * own that opens the database, does the work, closes it and exits; the caller holds the embedded
 * database's lock and opens it only afterwards. On a first start the work is heavy (PGlite's
 * initdb, the migrations, an import of 18 000 facilities) and leaves behind memory that a process
 * does not give back: WebAssembly memory never shrinks, and the allocator keeps what was freed in
 * fragments. Done in a process that exits, none of it stays in the server (docs/ARCHITECTURE.md,
 * "Where the memory goes"). Its log lines go to the same output as the server's.
 */
export function prepareInProcess(work: StartWork): Promise<void> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./bootstrap-process.ts', import.meta.url)), JSON.stringify(work)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the start-up work ended with ${signal ?? `code ${code}`}`)),
    );
  });
}
