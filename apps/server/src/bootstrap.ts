import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { DatabaseTarget, Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Log } from './logger.ts';
import { loadReferenceData } from './modules/reference/reference-data.ts';
import { discardUnfinishedVersions } from './modules/reference-layers/layer-versions.repository.ts';
import { buildDeferredIndexes } from './modules/register/deferred-indexes.repository.ts';
import { closeInterruptedImports } from './modules/register/import-run.repository.ts';
import { refreshRegisterStatistics } from './modules/register/register.repository.ts';
import { ensureTermsPublished } from './modules/terms/first-terms.ts';

/**
 * Everything a database needs before the server answers: schema, reference data, terms; and the
 * trail of any import that a killed process left without an end. Answers how long each step took
 * (milliseconds), for the start's log.
 */
export async function prepareDatabase(db: Db, log: Log): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  let started = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - started);
    started = now;
  };
  const applied = await migrateToLatest(db);
  step('migrations');
  if (applied.length > 0) {
    log.info({ migrations: applied }, 'database migrated');
    // A migration may rewrite every facility (nearby_group_totals does): PGlite has no autovacuum,
    // and until the next import its dead rows would make every index-only scan read the table.
    await refreshRegisterStatistics(db);
    step('statistics');
  }
  await loadReferenceData(db);
  step('referenceData');
  await ensureTermsPublished(db);
  await closeInterruptedImports(db, log);
  const rebuilt = await buildDeferredIndexes(db);
  if (rebuilt > 0) log.warn({ indexes: rebuilt }, 'built the register indexes an interrupted first load had dropped');
  const discarded = await discardUnfinishedVersions(db);
  if (discarded > 0) log.warn({ versions: discarded }, 'removed reference layer versions an interrupted load had left');
  step('termsAndImports');
  return steps;
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
  return endedWell(
    'the start-up work',
    spawn(process.execPath, [fileURLToPath(new URL('./bootstrap-process.ts', import.meta.url)), JSON.stringify(work)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
}

/**
 * `npm run build` (the web app) in a process of its own, begun beside the start-up work:
 * `npm start` passes --build-web to the server, which serves once both are done (the web app is
 * found, or not, as the server starts). A server that ends first ends the build with it.
 */
export function buildWebInProcess(): Promise<void> {
  // In the server's process group: Ctrl-C reaches the build too.
  const child = spawn('npm', ['run', '--silent', 'build', '-w', '@fast/web'], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The start-up work is the longer of the two: the build takes what CPU it leaves (vite's
  // processes and threads inherit npm's priority, set before npm starts them).
  if (child.pid) setPriority(child.pid, BUILD_NICENESS);
  // npm passes the signal on to vite.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  return endedWell('the web build', child).finally(() => process.off('exit', stop));
}

/**
 * The lowest priority: the build takes what the start-up work leaves, which on two cores is
 * enough (bench:start: built by 7–8.6 s, before the demo register is loaded). At 5 it slowed the
 * start-up work's first open of the database from ~3.8 to ~5.3 s (ready 28.6–30.2 → 26.5–27.5 s).
 */
const BUILD_NICENESS = 19;

function endedWell(what: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${what} ended with ${signal ?? `code ${code}`}`)),
    );
  });
}
