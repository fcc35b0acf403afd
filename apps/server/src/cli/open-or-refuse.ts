import { DataDirLockedError } from '../db/data-dir-lock.ts';
import type { DatabaseTarget } from '../db/database.ts';
import { type OpenDatabase, openDatabase, openDatabaseReadOnly, SchemaNotCurrentError } from '../db/open-database.ts';

/** Exit code of a command refused before it did anything: the database is another process's, or not ready. */
export const REFUSED_EXIT_CODE = 3;

/**
 * Opens the database for a command; a refusal is printed as it is (it says what to do), with the
 * command's own `hint` when the directory is another process's, and ends the process.
 */
export async function openOrRefuse(
  open: () => OpenDatabase | Promise<OpenDatabase>,
  hint: (error: DataDirLockedError) => string = () => '',
): Promise<OpenDatabase> {
  try {
    const opened = await open();
    const stale = opened.lock?.tookOverFrom;
    if (stale)
      console.error(`Took over the lock of process ${stale.pid} (${stale.command}, since ${stale.since}), which no longer runs.`);
    return opened;
  } catch (error) {
    if (!(error instanceof DataDirLockedError || error instanceof SchemaNotCurrentError)) throw error;
    console.error(error.message);
    if (error instanceof DataDirLockedError) console.error(hint(error));
    process.exit(REFUSED_EXIT_CODE);
  }
}

/**
 * The database a command works on: read-only for a dry run (which needs the schema current and
 * writes nothing), else opened and brought up to date; refused as openOrRefuse says.
 */
export function openForCommand(target: DatabaseTarget, dryRun: boolean, hint: (error: DataDirLockedError) => string) {
  return openOrRefuse(() => (dryRun ? openDatabaseReadOnly(target) : openDatabase(target)), hint);
}

/**
 * The hint for a command whose data directory a running server holds: the same work through that
 * server's API, with curl and an administrator's token.
 */
export function throughTheServer(what: string, contentType: string, file: string, path: string) {
  return ({ holder }: DataDirLockedError): string => {
    const server = holder.url ?? 'http://localhost:8080';
    return (
      `\nThe same ${what} through the running server (an administrator's token; dev-token signs in a demo user):\n` +
      `  curl --fail-with-body -H "Authorization: Bearer $(npm run --silent dev-token -- fast.admin ${server})" \\\n` +
      `    -H 'Content-Type: ${contentType}' --data-binary @${file} '${server}${path}'`
    );
  };
}
