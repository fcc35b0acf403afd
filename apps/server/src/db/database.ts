import { REQUEST_TIMEOUT_MS } from '@fast/contracts';
import { Kysely, type KyselyPlugin, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DrainingDialect, type DrainingDriver } from './draining-dialect.ts';
import { asText, DATE, INT8, NUMERIC, type OptionalExtension, toNumber } from './pglite.ts';
import { PGliteThread } from './pglite-thread.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

/**
 * `loadDataDir` (PGlite only): a file written by dumpDataDir to fill the empty directory with
 * before the start (the tests' migrated copy, see test/global-setup.ts).
 */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null; loadDataDir?: string };

let pgTypesConfigured = false;
function configurePgTypes() {
  if (pgTypesConfigured) return;
  pg.types.setTypeParser(INT8, toNumber);
  pg.types.setTypeParser(NUMERIC, toNumber);
  pg.types.setTypeParser(DATE, asText);
  pgTypesConfigured = true;
}

const drivers = new WeakMap<Db, DrainingDriver>();
const pools = new WeakMap<Db, pg.Pool>();
const threads = new WeakMap<Db, PGliteThread>();

/** The connection pool behind a PostgreSQL database (null on PGlite): for LISTEN, metrics and replica routing. */
export const poolOf = (db: Db): pg.Pool | null => pools.get(db) ?? null;

const singleSessions = new WeakSet<Db>();

/**
 * Whether a database runs one statement at a time (PGlite: one session in its thread), so that
 * statements a request would run side by side on PostgreSQL's pool run one after another.
 */
export const isSingleSession = (db: Db): boolean => singleSessions.has(db);

/** The same database with a plugin (the metrics' timing): a Kysely of its own that keeps what the database is. */
export function withPlugin(db: Db, plugin: KyselyPlugin): Db {
  const derived = db.withPlugin(plugin);
  if (singleSessions.has(db)) singleSessions.add(derived);
  const pool = pools.get(db);
  if (pool) pools.set(derived, pool);
  const thread = threads.get(db);
  if (thread) threads.set(derived, thread);
  return derived;
}

/** The driver a database runs its queries through: the replica router falls back to it. */
export const driverOf = (db: Db): DrainingDriver | null => drivers.get(db) ?? null;

function open(dialect: DrainingDialect): Db {
  const db = new Kysely<Database>({ dialect });
  drivers.set(db, dialect.driver);
  return db;
}

/** Closes the database once the handlers still running are done with it (see DrainingDriver). */
export async function closeDatabase(db: Db): Promise<void> {
  await drivers.get(db)?.drained();
  await db.destroy();
}

const promiseQuery = pg.Client.prototype.query;

/**
 * `client.query(text, values)` as Kysely calls it, answered through pg's callback form with the
 * callback given to the Query as it is made. pg's own promise form sets the callback on the Query
 * afterwards, and with it V8 promotes most of each result's rows to the old generation before
 * they die (a bare loop of 1 000-row queries: 191 MB promoted in 29 young collections, 224 ms
 * of collecting, against 1 MB and ~55 ms this way; why, we have not found). The old generation
 * then grows by megabytes a second and its collections stall requests. Every other form (a
 * cursor, a callback of the caller's own) goes to pg unchanged.
 */
const queryWithCallback = function (this: pg.Client, text: unknown, values?: unknown, callback?: unknown) {
  if (typeof text !== 'string' || typeof values === 'function' || callback !== undefined) {
    return Reflect.apply(promiseQuery, this, [text, values, callback]);
  }
  return new Promise((resolve, reject) => {
    const query = new pg.Query(text, values as unknown[] | undefined, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    Reflect.apply(promiseQuery, this, [query]);
  }).catch((error: unknown) => {
    // As pg does: a stack that leads back to the caller, not to the socket's read.
    if (error instanceof Error) Error.captureStackTrace(error);
    throw error;
  });
} as typeof pg.Client.prototype.query;

/**
 * A pool of connections to a PostgreSQL server (ten for requests), with two different waits.
 * Connecting gives up after `connectMs`, so that an unreachable server answers 503 soon. Waiting
 * for a free connection may take as long as the request itself may: under a burst the queue is
 * load, to be answered late, not failed (the request's own timeout bounds it).
 */
export function createPool(url: string, connectMs: number, max = 10): pg.Pool {
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  }
  TimedClient.prototype.query = queryWithCallback;
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: REQUEST_TIMEOUT_MS, Client: TimedClient });
  // A client that loses its server, idle or checked out, must not crash the process: the query
  // in flight fails (and answers 503), the pool drops the client and connects anew next time.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * Whether the database answers within `timeoutMs`. On PostgreSQL `select 1` through a connection
 * of its own, not the pool: while a burst holds every pooled connection and requests queue for
 * them, the database still answers, and readiness must say so, or a load balancer would take every
 * busy server out at once. PGlite has one session, which an import's transaction holds while it
 * writes a batch: its thread is asked instead (PGliteThread.ping), which answers between two
 * statements, so a busy embedded database is ready and a stopped or stuck one is not.
 */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  const pool = poolOf(db);
  const client = pool
    ? new pg.Client({ connectionString: pool.options.connectionString, connectionTimeoutMillis: timeoutMs })
    : null;
  client?.on('error', () => {});
  const thread = threads.get(db);
  const probe = client
    ? client.connect().then(() => client.query('select 1'))
    : thread
      ? thread.ping()
      : sql`select 1`.execute(db);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      probe.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    client?.end().catch(() => {});
  }
}

/** `pgliteExtensions`: more than the server loads (db:check's amcheck). */
export function createDatabase(target: DatabaseTarget, pgliteExtensions: readonly OptionalExtension[] = []): Db {
  if (target.kind === 'postgres') {
    configurePgTypes();
    const pool = createPool(target.url, 5_000);
    const db = open(new DrainingDialect(new PostgresDialect({ pool })));
    pools.set(db, pool);
    return db;
  }
  // PGlite in a thread of its own (see pglite-thread.ts), so that its queries never hold up the server's.
  const thread = new PGliteThread(target.dataDir, pgliteExtensions, target.loadDataDir ?? null);
  const db = open(new DrainingDialect(new PGliteDialect({ pglite: thread })));
  singleSessions.add(db);
  threads.set(db, thread);
  return db;
}
