import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { lockDataDir } from './data-dir-lock.ts';
import { createPglite } from './pglite.ts';

/**
 * `db:backup` / `db:restore` of an embedded (PGlite) data directory, as PGlite's own dump: a
 * gzipped tar of the directory (dumpDataDir), loaded back with loadDataDir. Both take the
 * directory's lock for their whole run, so the server must be stopped first (it owns the
 * directory while it runs, and a dump of a directory in use would not be consistent).
 * PostgreSQL has pg_dump and pg_restore for this.
 */

export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  const lock = lockDataDir(dataDir);
  try {
    if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new Error(`There is no database in ${dataDir}.`);
    const pglite = await createPglite(dataDir);
    try {
      // dumpDataDir, unlike a query, does not wait for the start itself: it would never settle.
      await pglite.waitReady;
      const dump = await pglite.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written beside it, on disk, then renamed over it: a full disk or a crash while writing
      // leaves the previous backup as it was, never half of the new one in its place.
      const partial = `${file}.partial-${process.pid}`;
      try {
        await writeFile(partial, bytes, { flush: true });
        renameSync(partial, file);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
      return bytes.length;
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Replaces the directory with the dump in `file`. The directory as it was is kept beside it
 * (`<dir>.before-restore-<time>`) until the dump has loaded and answered a query; if it fails,
 * it is put back.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<{ keptAt: string | null }> {
  const dump = new Blob([await readFile(file)]);
  const lock = lockDataDir(dataDir);
  let keptAt: string | null = null;
  try {
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
      keptAt = `${dataDir}.before-restore-${new Date()
        .toISOString()
        .replace(/[^0-9]/g, '')
        .slice(0, 14)}`;
      renameSync(dataDir, keptAt);
    }
    try {
      const pglite = await createPglite(dataDir, { loadDataDir: dump });
      try {
        await pglite.query('select count(*) from municipality');
      } finally {
        await pglite.close();
      }
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      if (keptAt) renameSync(keptAt, dataDir);
      throw error;
    }
    return { keptAt };
  } finally {
    lock.release();
  }
}
