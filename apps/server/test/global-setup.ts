import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PGliteDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, type Db } from '../src/db/database.ts';
import { createPglite } from '../src/db/pglite.ts';
import type { Database } from '../src/db/types.ts';
import { type Seed, seedTestDatabase } from './test-database.ts';

const SEEDS = ['reference', 'app'] as const satisfies readonly Seed[];

/**
 * Once per run, before any test file: the database every test file starts from (migrated, the
 * reference data loaded; and for createTestApp the terms and demo users too), made once instead of
 * once per file. On PGlite a dumpDataDir tarball of each, which test-database.ts opens with
 * loadDataDir; on PostgreSQL (TEST_DATABASE_URL) a template database of each, which it copies with
 * `create database ... template`. Removed again after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const run = randomUUID().replaceAll('-', '').slice(0, 12);
    const templates = { reference: `fast_template_${run}_reference`, app: `fast_template_${run}_app` };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (const seed of SEEDS) {
        await admin.query(`create database ${templates[seed]}`);
        const target = new URL(url);
        target.pathname = `/${templates[seed]}`;
        const db = createDatabase({ kind: 'postgres', url: target.toString() });
        try {
          await seedTestDatabase(db, seed);
        } finally {
          // A template may have no connections while it is copied.
          await db.destroy();
        }
      }
    } finally {
      await admin.end();
    }
    project.provide('testDatabases', { kind: 'postgres', templates });
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      for (const name of Object.values(templates)) await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'fast-test-db-'));
  const dumps: Record<Seed, string> = {
    empty: join(dir, 'empty.tar.gz'),
    reference: join(dir, 'reference.tar.gz'),
    app: join(dir, 'app.tar.gz'),
  };
  // In this thread (not createDatabase's worker): dumpDataDir is PGlite's own, not a query.
  const pglite = await createPglite(null);
  await pglite.waitReady;
  const db: Db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  try {
    for (const seed of ['empty', ...SEEDS] as const) {
      // Each seed builds on the one before it ('app' adds to 'reference').
      await seedTestDatabase(db, seed);
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(dumps[seed], new Uint8Array(await dump.arrayBuffer()));
    }
  } finally {
    await db.destroy();
  }
  project.provide('testDatabases', { kind: 'pglite', dumps });
  return () => rm(dir, { recursive: true, force: true });
}
