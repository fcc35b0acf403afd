import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { OptionalExtension } from '../src/db/pglite.ts';
import { seedDemoUsers } from '../src/demo/demo-users.ts';
import { loadIdpSecrets } from '../src/idp/idp-state.ts';
import { loadReferenceData } from '../src/modules/reference/reference-data.ts';
import { ensureTermsPublished } from '../src/modules/terms/first-terms.ts';

export interface TestDatabase {
  db: Db;
  /** Which engine the test runs on, for test names. */
  engine: 'pglite' | 'postgres';
  /** The database's URL on PostgreSQL (null on PGlite), for server processes of its own. */
  url: string | null;
  /**
   * The same database on the read replica named by TEST_DATABASE_REPLICA_URL (a streaming
   * replica of TEST_DATABASE_URL's cluster, where every database of the primary appears), or null.
   */
  replicaUrl: string | null;
  destroy(): Promise<void>;
}

/**
 * What a test database starts with: 'empty' is a new cluster and nothing more; 'reference' is
 * migrated with the counties, municipalities and hazard cards loaded; 'app' (createTestApp's) adds
 * the first terms, the demo users and the development identity provider's secrets (its signing
 * key: made once, not by every file's server).
 */
export type Seed = 'empty' | 'reference' | 'app';

/** Brings a database to a seed; each step leaves what is there alone, so it may run again. */
export async function seedTestDatabase(db: Db, seed: Seed): Promise<void> {
  if (seed === 'empty') return;
  await migrateToLatest(db);
  await loadReferenceData(db);
  if (seed === 'app') {
    await ensureTermsPublished(db);
    await seedDemoUsers(db);
    await loadIdpSecrets(db);
  }
}

/**
 * The seeded databases test/global-setup.ts made once for the run, for each file to copy: dumps
 * (dumpDataDir files) on PGlite, template databases on PostgreSQL.
 */
export type TestDatabaseSources =
  | { kind: 'pglite'; dumps: Record<Seed, string> }
  | { kind: 'postgres'; templates: Record<Exclude<Seed, 'empty'>, string> };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabaseSources;
  }
}

/** The run's seeded databases, or null outside vitest (the benchmarks) or without its global setup. */
async function sources(): Promise<TestDatabaseSources | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  return inject('testDatabases') ?? null;
}

/**
 * A fresh, migrated database with the counties and municipalities loaded (`seed` 'app': the terms
 * and demo users too): PGlite in memory, or — when TEST_DATABASE_URL names a PostgreSQL server — a
 * new database on that server, dropped afterwards, so that test files never see each other's rows.
 * Under vitest it is a copy of the run's seeded database (see global-setup.ts) rather than migrated
 * and loaded anew. `pgliteExtensions`: more than the server loads (db:check's amcheck; PostgreSQL
 * has its contrib modules installed).
 */
export async function createTestDatabase(
  options: { pgliteExtensions?: readonly OptionalExtension[]; seed?: Seed } = {},
): Promise<TestDatabase> {
  const seed = options.seed ?? 'reference';
  const url = process.env.TEST_DATABASE_URL;
  const from = await sources();
  if (!url) {
    const dump = from?.kind === 'pglite' ? from.dumps[seed] : undefined;
    const db = createDatabase(
      { kind: 'pglite', dataDir: null, ...(dump ? { loadDataDir: dump } : {}) },
      options.pgliteExtensions,
    );
    if (!dump) await seedTestDatabase(db, seed);
    return { db, engine: 'pglite', url: null, replicaUrl: null, destroy: () => db.destroy() };
  }
  const name = `fast_test_${randomUUID().replaceAll('-', '')}`;
  const template = from?.kind === 'postgres' && seed !== 'empty' ? from.templates[seed] : undefined;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = createDatabase({ kind: 'postgres', url: testUrl.toString() });
  const replica = process.env.TEST_DATABASE_REPLICA_URL;
  const replicaUrl = replica ? new URL(replica) : null;
  if (replicaUrl) replicaUrl.pathname = `/${name}`;
  if (!template) await seedTestDatabase(db, seed);
  return {
    db,
    engine: 'postgres',
    url: testUrl.toString(),
    replicaUrl: replicaUrl?.toString() ?? null,
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A new, empty PGlite database in memory (also under TEST_DATABASE_URL), as createDatabase opens
 * one, for tests of the embedded engine itself; under vitest a copy of the run's empty cluster
 * rather than one made anew (PGlite's initdb is the slow part of its start).
 */
export async function createEmptyPglite(): Promise<Db> {
  const from = await sources();
  const dump = from?.kind === 'pglite' ? from.dumps.empty : undefined;
  return createDatabase({ kind: 'pglite', dataDir: null, ...(dump ? { loadDataDir: dump } : {}) });
}
