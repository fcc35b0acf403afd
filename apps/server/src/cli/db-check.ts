import { loadConfig } from '../config.ts';
import { checkDatabase, formatCheckReport } from '../db/check.ts';
import { openDatabase } from '../db/open-database.ts';
import { openOrRefuse } from './open-or-refuse.ts';

/** `npm run db:check`: amcheck and the reference tables; exit 1 with a report on any inconsistency. */
const config = loadConfig();
const { db, close } = await openOrRefuse(() => openDatabase(config.database, { pgliteExtensions: ['amcheck'] }));
try {
  const report = await checkDatabase(db);
  console.log(formatCheckReport(report));
  process.exitCode = report.problems.length > 0 ? 1 : 0;
} finally {
  await close();
}
