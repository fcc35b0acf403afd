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

const started = performance.now();
const log = pino(loggerOptions(work));
const db = createDatabase(work.target);
let steps: Record<string, number> = {};
try {
  // The embedded database's first open runs initdb (a few seconds); the migrations time their own work.
  await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
  steps.open = Math.round(performance.now() - started);
  steps = { ...steps, ...(await prepareDatabase(db, log)) };
  if (work.demoData) steps = { ...steps, ...(await loadDemoData(db, log)) };
} finally {
  await closeDatabase(db);
}
log.info({ seconds: Math.round(performance.now() - started) / 1000, steps }, 'start-up work done');
