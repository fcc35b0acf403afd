import pino from 'pino';
import { prepareDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { loggerOptions } from '../logger.ts';
import { openOrRefuse } from './open-or-refuse.ts';

/** `npm run db:migrate`: the schema, reference data and terms, without starting the server. */
const config = loadConfig();
const { db, close } = await openOrRefuse(() => openDatabase(config.database));
try {
  await prepareDatabase(db, pino(loggerOptions(config)));
} finally {
  await close();
}
