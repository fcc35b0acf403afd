import { randomUUID } from 'node:crypto';
import type { Extensions } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { loadReferenceData } from '../src/db/seed/reference-data.ts';

export interface TestDatabase {
  db: Db;
  /** Which engine the test runs on, for test names. */
  engine: 'pglite' | 'postgres';
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database with the counties and municipalities loaded: PGlite in memory, or
 * — when TEST_DATABASE_URL names a PostgreSQL server — a new database on that server, dropped
 * afterwards, so that test files never see each other's rows. `pgliteExtensions`: more than the
 * server loads (db:check's amcheck; PostgreSQL has its contrib modules installed).
 */
export async function createTestDatabase(options: { pgliteExtensions?: Extensions } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = createDatabase({ kind: 'pglite', dataDir: null }, options.pgliteExtensions);
    await migrateToLatest(db);
    await loadReferenceData(db);
    return { db, engine: 'pglite', destroy: () => db.destroy() };
  }
  const name = `fast_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const db = createDatabase({ kind: 'postgres', url: testUrl.toString() });
  await migrateToLatest(db);
  await loadReferenceData(db);
  return {
    db,
    engine: 'postgres',
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
