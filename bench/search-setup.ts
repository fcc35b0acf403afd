import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import pg from 'pg';
import { prepareDatabase } from '../apps/server/src/bootstrap.ts';
import type { Config } from '../apps/server/src/config.ts';
import { createDatabase, type DatabaseTarget, type Db } from '../apps/server/src/db/database.ts';
import { generatedSourceInWorker } from '../apps/server/src/demo/demo-register.ts';
import { DEMO_ORGANISATIONS, seedDemoUsers } from '../apps/server/src/demo/demo-users.ts';
import { loadIdpSecrets } from '../apps/server/src/idp/idp-state.ts';
import type { Log } from '../apps/server/src/logger.ts';
import { importRecords } from '../apps/server/src/modules/register/import.service.ts';
import { freePort, serverCommand } from '../apps/server/test/server-process.ts';
import { untilHealthy } from './measure.ts';

/**
 * The benchmark's databases: the demo register generator's output at the asked size, imported
 * through the real import path once and kept between runs (PGlite in a directory, PostgreSQL as a
 * database of its own), with one user whose organisation may see every municipality.
 */
export type Engine = 'pglite' | 'postgres';

export const BENCH_USER = 'oslo.brann';
export const BENCH_ORGANISATION = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const SEED = 'bench-search';

export const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'fast-bench-search');
// The PostgreSQL database's name without its size: sessions sharing one server keep their own.
const BENCH_DB_NAME = process.env.BENCH_DB_NAME ?? 'fast_bench_search';
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://fast:fast@localhost:5432/postgres';

/**
 * A benchmark that adds data of its own (bench:places, 2.6 million addresses) keeps a database of
 * its own, `variant`, beside the shared one; `postgresUrl` is its server (a command-line flag).
 */
export interface BenchDatabaseOptions {
  variant?: string;
  postgresUrl?: string;
}

export function targetFor(engine: Engine, facilities: number, options: BenchDatabaseOptions = {}): DatabaseTarget {
  // $DATA_DIR/pglite, as the server keeps it: a server process started with DATA_DIR=pgliteDataDir(n) opens it.
  if (engine === 'pglite') return { kind: 'pglite', dataDir: join(pgliteDataDir(facilities, options.variant), 'pglite') };
  const url = new URL(options.postgresUrl ?? POSTGRES_URL);
  url.pathname = `/${BENCH_DB_NAME}_${facilities}${options.variant ? `_${options.variant}` : ''}`;
  return { kind: 'postgres', url: url.toString() };
}

export function pgliteDataDir(facilities: number, variant?: string): string {
  return join(BENCH_DIR, `pglite-data-${facilities}${variant ? `-${variant}` : ''}`);
}

async function ensurePostgresDatabase(target: Extract<DatabaseTarget, { kind: 'postgres' }>, serverUrl: string): Promise<void> {
  const name = new URL(target.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** The app's start-up log lines among the benchmark's own. */
function asLog(log: (line: string) => void): Log {
  const line: Log['info'] = (first: unknown, message?: string) =>
    log(typeof first === 'string' ? first : `${message ?? ''} ${JSON.stringify(first)}`);
  return { info: line, warn: line };
}

/** Opened and prepared as the server's start prepares it (bootstrap.ts); null if its migration history is another. */
async function openPrepared(target: DatabaseTarget, serverUrl: string, log: (line: string) => void): Promise<Db | null> {
  if (target.kind === 'pglite' && target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  if (target.kind === 'postgres') await ensurePostgresDatabase(target, serverUrl);
  const db = createDatabase(target);
  try {
    await prepareDatabase(db, asLog(log));
    return db;
  } catch (error) {
    await db.destroy();
    if (error instanceof Error && /corrupted migrations/.test(error.message)) return null;
    throw error;
  }
}

async function removeDatabase(target: DatabaseTarget, serverUrl: string): Promise<void> {
  if (target.kind === 'pglite') {
    if (target.dataDir) rmSync(target.dataDir, { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${new URL(target.url).pathname.slice(1)} with (force)`);
  } finally {
    await admin.end();
  }
}

async function facilityCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('facility')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Opens (and on first use fills) the benchmark database of one engine. */
export async function openBenchDatabase(
  engine: Engine,
  facilities: number,
  log: (line: string) => void,
  options: BenchDatabaseOptions = {},
): Promise<Db> {
  const target = targetFor(engine, facilities, options);
  const serverUrl = options.postgresUrl ?? POSTGRES_URL;
  let db = await openPrepared(target, serverUrl, log);
  if (!db) {
    // The migration history changed under the kept database (a migration renamed while the
    // project moves fast): start it again rather than measure a schema no one runs.
    log(`${engine}: the kept benchmark database has another migration history; recreating it`);
    await removeDatabase(target, serverUrl);
    db = await openPrepared(target, serverUrl, log);
    if (!db) throw new Error(`${engine}: cannot migrate a fresh benchmark database`);
  }
  await seedDemoUsers(db);
  const present = await facilityCount(db);
  if (present !== facilities) {
    if (present > 0) throw new Error(`${engine}: the benchmark database has ${present} facilities, not ${facilities}; delete it`);
    log(`${engine}: importing ${facilities} generated facilities (once; kept in ${describe(target)})`);
    const started = performance.now();
    const summary = await importRecords(db, () => generatedSourceInWorker({ facilities, seed: SEED, documents: false }), {
      today: '2026-10-31',
    });
    if (summary.invalid > 0) throw new Error(`${summary.invalid} generated records were invalid`);
    log(`${engine}: imported ${summary.written} records in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await grantEveryMunicipality(db);
  // Fresh statistics: the planner's choices are part of what is measured.
  await sql`analyze`.execute(db);
  return db;
}

function describe(target: DatabaseTarget): string {
  return target.kind === 'pglite' ? (target.dataDir ?? 'memory') : new URL(target.url).pathname.slice(1);
}

/** The bench user's organisation sees the whole country: the widest scope, the heaviest queries. */
async function grantEveryMunicipality(db: Db): Promise<void> {
  const user = await db.selectFrom('app_user').select('id').where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const municipalities = await db.selectFrom('municipality').select('id').execute();
  await db
    .insertInto('municipality_access')
    .values(
      municipalities.map((m) => ({
        user_id: user.id,
        organisation_number: BENCH_ORGANISATION,
        municipality_id: m.id,
        given: true,
        decided_at: new Date(),
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'organisation_number', 'municipality_id']).doUpdateSet({ given: true }))
    .execute();
  const { version } = await db.selectFrom('terms_version').select('version').orderBy('version', 'desc').executeTakeFirstOrThrow();
  await db
    .insertInto('terms_acceptance')
    .values({ user_id: user.id, version })
    .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
    .execute();
}

/** Request headers of the bench user, signed with the development provider's key as the server would accept them. */
export async function benchHeaders(db: Db, config: Config): Promise<Record<string, string>> {
  const secrets = await loadIdpSecrets(db);
  const key = await importJWK(secrets.signingKey, 'RS256');
  const user = await db.selectFrom('app_user').selectAll().where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const token = await new SignJWT({
    sub: user.subject,
    iss: config.oidc.issuer,
    aud: config.oidc.audience,
    preferred_username: user.username,
    given_name: user.given_name,
    family_name: user.family_name,
    realm_access: { roles: user.roles },
  })
    .setProtectedHeader({ alg: 'RS256', kid: secrets.signingKey.kid, typ: 'at+jwt' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(key);
  return { authorization: `Bearer ${token}`, 'fast-org-number': BENCH_ORGANISATION, 'content-type': 'application/json' };
}

/** A server process on a bench database, answering; its memory read from /proc, and a way to stop it. */
export interface BenchServer {
  url: string;
  /** A line of /proc/<pid>/status in MB: VmRSS now, VmHWM the peak so far. */
  memory(field: 'VmRSS' | 'VmHWM'): number;
  stop(): Promise<void>;
}

/** Starts the server on `engine`'s bench database of `facilities` on a free port, with `env` over the process's. */
export async function startBenchServer(engine: Engine, facilities: number, env: Record<string, string>): Promise<BenchServer> {
  const target = targetFor(engine, facilities);
  // A free port, so that two benchmarks (or a running server) on one machine do not collide.
  const port = await freePort();
  const serverEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' } as Record<
    string,
    string
  >;
  if (target.kind === 'postgres') serverEnv.DATABASE_URL = target.url;
  else {
    delete serverEnv.DATABASE_URL;
    serverEnv.DATA_DIR = pgliteDataDir(facilities);
  }
  const server = serverCommand();
  const child = spawn(process.execPath, server.args, {
    env: { ...serverEnv, ...server.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    await closed;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await untilHealthy(url, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const memory = (field: 'VmRSS' | 'VmHWM') =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) /
    1024;
  return { url, memory, stop };
}
