import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { backupDataDir, restoreDataDir } from '../db/backup.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { REFUSED_EXIT_CODE } from './open-or-refuse.ts';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE`: the embedded database's directory
 * to and from one file (PGlite's gzipped dump). The server must be stopped: both take its lock.
 */
const [command, given] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !given) {
  console.error('usage: npm run db:backup -- FILE   |   npm run db:restore -- FILE');
  process.exit(2);
}
// npm runs the script in apps/server: a relative FILE is meant from where npm was started.
const file = resolve(process.env.INIT_CWD ?? process.cwd(), given);
const { database } = loadConfig();
if (database.kind !== 'pglite' || !database.dataDir) {
  console.error(
    'db:backup and db:restore are for the embedded database; for PostgreSQL (DATABASE_URL) use pg_dump and pg_restore.',
  );
  process.exit(2);
}
try {
  if (command === 'backup') {
    const bytes = await backupDataDir(database.dataDir, file);
    console.log(`Backed up ${database.dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  } else {
    const { keptAt } = await restoreDataDir(database.dataDir, file);
    console.log(
      `Restored ${database.dataDir} from ${file}.${keptAt ? ` The directory as it was is kept in ${keptAt}; delete it when you no longer need it.` : ''}`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(error instanceof DataDirLockedError ? REFUSED_EXIT_CODE : 1);
}
