import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from './app.ts';
import { buildWebInProcess, prepareInProcess } from './bootstrap.ts';
import { REFUSED_EXIT_CODE } from './cli/open-or-refuse.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openPreparedDatabase } from './db/open-database.ts';
import { loggerOptions } from './logger.ts';
import { settleMemoryWhenQuiet } from './memory-settle.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const started = performance.now();
  // --build-web (npm start): `npm run build` of the web app beside the start-up work, both before the server serves.
  const { values: flags } = parseArgs({ options: { 'build-web': { type: 'boolean', default: false } } });
  const config = loadConfig();
  const logger = pino(loggerOptions(config));
  const webBuilt = flags['build-web'] ? buildWebInProcess() : Promise.resolve();
  // Awaited below, once the database is prepared; a failure meanwhile is not unhandled.
  webBuilt.catch(() => {});
  const { db, close } = await openPreparedDatabase(config.database, { url: config.publicUrl }, async (lock) => {
    if (lock?.tookOverFrom) logger.warn({ holder: lock.tookOverFrom }, 'took over the lock of a process that died');
    await prepareInProcess({ target: config.database, demoData: config.demoData, logLevel: config.logLevel });
    await webBuilt;
  });
  const app = await buildApp(config, { db, logger });
  app.addHook('onClose', close);
  // What the start left behind goes before the first request; later bursts when the server is quiet.
  settleMemoryWhenQuiet(app.server, app.log).settle();
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, seconds: Math.round((performance.now() - started) / 100) / 10 }, 'FAST is ready');

  // Stop accepting, let in-flight requests finish, close the database; give up after the grace period.
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // Refused before it touched anything (the embedded database is another process's): 3, as every refused opener.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(REFUSED_EXIT_CODE);
  }
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('FAST could not start:', error);
  process.exit(1);
});
