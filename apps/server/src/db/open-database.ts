import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { closeDatabase, createDatabase, type DatabaseTarget, type Db } from './database.ts';
import { pendingMigrations } from './migrate.ts';
import type { OptionalExtension } from './pglite.ts';

export interface OpenDatabase {
  db: Db;
  /** Null on PostgreSQL (its server arbitrates) and on an in-memory PGlite. */
  lock: DataDirLock | null;
  /** Closes the database once its handlers are done, then releases the lock. */
  close(): Promise<void>;
}

/**
 * Opens the configured database for a process that owns it for its whole life: an embedded data
 * directory only after taking its lock (see data-dir-lock.ts), so a second opener is refused
 * before it touches a file. `url` is where this process serves HTTP, shown to refused openers.
 */
export function openDatabase(
  target: DatabaseTarget,
  options: { url?: string; pgliteExtensions?: readonly OptionalExtension[] } = {},
): OpenDatabase {
  const lock = lockFor(target, options.url);
  try {
    return owned(createDatabase(target, options.pgliteExtensions), lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * As openDatabase, once `prepare` has had the database to itself: an embedded directory is locked
 * first, then prepared (by another process, which opens and closes it on its own), then opened.
 */
export async function openPreparedDatabase(
  target: DatabaseTarget,
  options: { url?: string },
  prepare: (lock: DataDirLock | null) => Promise<void>,
): Promise<OpenDatabase> {
  const lock = lockFor(target, options.url);
  try {
    await prepare(lock);
    return owned(createDatabase(target), lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** The lock of an embedded data directory, which exists once this returns; null when there is none. */
function lockFor(target: DatabaseTarget, url: string | undefined): DataDirLock | null {
  if (target.kind !== 'pglite' || !target.dataDir) return null;
  const lock = lockDataDir(target.dataDir, { url });
  try {
    mkdirSync(target.dataDir, { recursive: true });
    return lock;
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Closing: the database once its handlers are done, then `cleanup`, then the lock, whatever fails. */
function owned(db: Db, lock: DataDirLock | null, cleanup = () => {}): OpenDatabase {
  return {
    db,
    lock,
    close: async () => {
      try {
        await closeDatabase(db);
      } finally {
        cleanup();
        lock?.release();
      }
    },
  };
}

export class SchemaNotCurrentError extends Error {}

/**
 * Opens the database for reading only (a dry run). PGlite writes into its directory even when it
 * only reads (pg_control, hint bits, WAL on close), so an embedded directory is copied, under its
 * lock, to a temporary directory that is opened instead and deleted on close: the original stays
 * byte for byte as it was. PostgreSQL is opened as it is; the caller only reads. Either way the
 * schema must already be current: nothing is migrated.
 */
export async function openDatabaseReadOnly(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.kind === 'postgres' || !target.dataDir) return checked(openDatabase(target));
  const original = target.dataDir;
  const lock = lockDataDir(original);
  let copy: string | null = null;
  try {
    if (!existsSync(original) || readdirSync(original).length === 0) {
      throw new SchemaNotCurrentError(`There is no database in ${original} yet: run npm run db:migrate first.`);
    }
    copy = mkdtempSync(join(tmpdir(), 'fast-dry-run-'));
    cpSync(original, copy, { recursive: true });
    const scratch = copy;
    return await checked(
      owned(createDatabase({ kind: 'pglite', dataDir: copy }), lock, () => rmSync(scratch, { recursive: true, force: true })),
    );
  } catch (error) {
    if (copy) rmSync(copy, { recursive: true, force: true });
    lock.release();
    throw error;
  }
}

async function checked(open: OpenDatabase): Promise<OpenDatabase> {
  try {
    const pending = await pendingMigrations(open.db);
    if (pending.length > 0) {
      throw new SchemaNotCurrentError(
        `The database schema is not current (${pending.length} migration${pending.length > 1 ? 's' : ''} pending, first ${pending[0]}): run npm run db:migrate first, or import without --dry-run.`,
      );
    }
    return open;
  } catch (error) {
    await open.close();
    throw error;
  }
}
