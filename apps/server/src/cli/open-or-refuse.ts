import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { type OpenDatabase, SchemaNotCurrentError } from '../db/open-database.ts';

/** Exit code of a command refused before it did anything: the database is another process's, or not ready. */
export const REFUSED_EXIT_CODE = 3;

/** Opens the database for a command; a refusal is printed as it is (it says what to do) and ends the process. */
export async function openOrRefuse(open: () => OpenDatabase | Promise<OpenDatabase>): Promise<OpenDatabase> {
  try {
    return await open();
  } catch (error) {
    if (!(error instanceof DataDirLockedError || error instanceof SchemaNotCurrentError)) throw error;
    console.error(error.message);
    process.exit(REFUSED_EXIT_CODE);
  }
}
