import { mkdirSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from '../db/bootstrap.ts';
import { createDatabase } from '../db/database.ts';
import { loggerOptions } from '../logger.ts';

/** `npm run db:migrate`: the schema, reference data and terms, without starting the server. */
const config = loadConfig();
if (config.database.kind === 'pglite' && config.database.dataDir) mkdirSync(config.database.dataDir, { recursive: true });
const db = createDatabase(config.database);
try {
  await prepareDatabase(db, { ...config, demoData: false }, pino(loggerOptions(config)));
} finally {
  await db.destroy();
}
