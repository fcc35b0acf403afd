import { type Extensions, PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DrainingDialect, type DrainingDriver } from './draining-dialect.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

// Both drivers answer the same JS types: int8 and numeric as numbers (counts and quantities stay far
// below 2^53), `date` as its 'YYYY-MM-DD' text so that no time zone shifts a calendar day.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => Number(value);
const asText = (value: string) => value;

let pgTypesConfigured = false;
function configurePgTypes() {
  if (pgTypesConfigured) return;
  pg.types.setTypeParser(INT8, toNumber);
  pg.types.setTypeParser(NUMERIC, toNumber);
  pg.types.setTypeParser(DATE, asText);
  pgTypesConfigured = true;
}

/**
 * `extensions`: those only some commands need (db:check's amcheck), kept off the server's start;
 * `loadDataDir`: a dump (dumpDataDir) to fill an empty directory with (db:restore).
 */
export function createPglite(
  dataDir: string | null,
  { extensions = {}, loadDataDir }: { extensions?: Extensions; loadDataDir?: Blob } = {},
): PGlite {
  return new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent, ...extensions },
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: asText },
  });
}

const drivers = new WeakMap<Db, DrainingDriver>();
const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool behind a PostgreSQL database (null on PGlite): for LISTEN, metrics and replica routing. */
export const poolOf = (db: Db): pg.Pool | null => pools.get(db) ?? null;

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

export function createDatabase(target: DatabaseTarget, pgliteExtensions: Extensions = {}): Db {
  if (target.kind === 'postgres') {
    configurePgTypes();
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // A client that loses its server, idle or checked out, must not crash the process: the query
    // in flight fails (and answers 503), the pool drops the client and connects anew next time.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = open(new DrainingDialect(new PostgresDialect({ pool })));
    pools.set(db, pool);
    return db;
  }
  return open(new DrainingDialect(new PGliteDialect({ pglite: createPglite(target.dataDir, { extensions: pgliteExtensions }) })));
}
