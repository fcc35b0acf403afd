import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

// Both drivers answer the same JS types: int8 and numeric as numbers (counts and quantities stay far
// below 2^53), `date` as its 'YYYY-MM-DD' text so that no time zone shifts a calendar day.
export const INT8 = 20;
export const NUMERIC = 1700;
export const DATE = 1082;
export const toNumber = (value: string) => Number(value);
export const asText = (value: string) => value;

/**
 * Extensions only some commands need (db:check's amcheck), kept off the server's start. Named, not
 * passed as objects, because the database may be opened in a worker thread (pglite-thread.ts),
 * where only data crosses.
 */
const optionalExtensions = {
  amcheck: async () => (await import('@electric-sql/pglite/contrib/amcheck')).amcheck,
};
export type OptionalExtension = keyof typeof optionalExtensions;

export interface PgliteOptions {
  extensions?: readonly OptionalExtension[];
  /** A dump (dumpDataDir) to fill an empty directory with (db:restore). */
  loadDataDir?: Blob;
}

/**
 * PGlite's own shared_buffers is PostgreSQL's 128 MB, all of it touched at start in WebAssembly
 * memory that never shrinks: about 120 MB of the server's resident size (docs/ARCHITECTURE.md,
 * "Where the memory goes"). Its pages are also in the operating system's file cache, one read
 * away, so a smaller pool costs little.
 */
const SETTINGS = ['shared_buffers = 32MB'];

/** An embedded PostgreSQL on `dataDir` (null: in memory), in this thread. */
export async function createPglite(
  dataDir: string | null,
  { extensions = [], loadDataDir }: PgliteOptions = {},
): Promise<PGlite> {
  const extra = Object.fromEntries(await Promise.all(extensions.map(async (name) => [name, await optionalExtensions[name]()])));
  return new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent, ...extra },
    postgresqlconf: SETTINGS,
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: asText },
  });
}
