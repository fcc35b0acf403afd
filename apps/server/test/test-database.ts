import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { OptionalExtension } from '../src/db/pglite.ts';
import { loadReferenceData } from '../src/modules/reference/reference-data.ts';

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
 * A fresh, migrated database with the counties and municipalities loaded: PGlite in memory, or
 * — when TEST_DATABASE_URL names a PostgreSQL server — a new database on that server, dropped
 * afterwards, so that test files never see each other's rows. `pgliteExtensions`: more than the
 * server loads (db:check's amcheck; PostgreSQL has its contrib modules installed).
 */
export async function createTestDatabase(
  options: { pgliteExtensions?: readonly OptionalExtension[] } = {},
): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = createDatabase({ kind: 'pglite', dataDir: null }, options.pgliteExtensions);
    await migrateToLatest(db);
    await loadReferenceData(db);
    return { db, engine: 'pglite', url: null, replicaUrl: null, destroy: () => db.destroy() };
  }
  const name = `fast_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = createDatabase({ kind: 'postgres', url: testUrl.toString() });
  const replica = process.env.TEST_DATABASE_REPLICA_URL;
  const replicaUrl = replica ? new URL(replica) : null;
  if (replicaUrl) replicaUrl.pathname = `/${name}`;
  await migrateToLatest(db);
  await loadReferenceData(db);
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
