import pino from 'pino';
import { prepareDatabase, type StartWork } from './bootstrap.ts';
import { closeDatabase, createDatabase } from './db/database.ts';
import { loadDemoData } from './demo/demo-data.ts';
import { loggerOptions } from './logger.ts';

// The start's heavy work in a process that ends with it (see prepareInProcess in bootstrap.ts).

const work = JSON.parse(process.argv[2] ?? '{}') as StartWork;
// The server that started this process may end (a signal, a crash): this ends with it, as the
// work would have in the server's own process. The channel alone does not keep this one alive.
process.channel?.unref();
process.on('disconnect', () => process.exit(1));

const db = createDatabase(work.target);
try {
  const log = pino(loggerOptions(work));
  await prepareDatabase(db, log);
  if (work.demoData) await loadDemoData(db, log);
} finally {
  await closeDatabase(db);
}
