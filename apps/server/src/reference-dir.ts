import { join } from 'node:path';

/**
 * The official 2024 counties, municipalities, boundaries and postal codes, copied from
 * shared/data/norway-admin: read at run time by the reference module and checked by `db:check`.
 */
export const REFERENCE_DIR = join(import.meta.dirname, '../reference/norway-admin');
