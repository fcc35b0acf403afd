import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_MEDIA_TYPES } from '@fast/contracts';
import cliProgress from 'cli-progress';
import pino from 'pino';
import { prepareDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { loggerOptions } from '../logger.ts';
import { formatSummary, type ImportProgress, importFile } from '../modules/register/import.service.ts';
import { type ImportRun, startImportRun } from '../modules/register/import-run.repository.ts';
import { formatOf } from '../modules/register/record-reader.ts';
import { fileDigest } from './file-digest.ts';
import { openForCommand, throughTheServer } from './open-or-refuse.ts';

const USAGE = 'usage: npm run import -- FILE [--dry-run] [--strict]   (FILE: .ndjson, or .geojson/.json FeatureCollection)';

/** `npm run import -- FILE`: validates and upserts a facility register file into DATABASE_URL or the PGlite directory. */
const { values, positionals } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const file = positionals[0];
if (values.help || !file || positionals.length > 1) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const dryRun = values['dry-run'];
const { db, close } = await openForCommand(
  config.database,
  dryRun,
  throughTheServer(
    'import',
    formatOf(file) === 'geojson' ? IMPORT_MEDIA_TYPES.geojson : IMPORT_MEDIA_TYPES.ndjson,
    file,
    `/api/v1/admin/imports?dryRun=${dryRun}&strict=${values.strict}`,
  ),
);
const bar = process.stderr.isTTY
  ? new cliProgress.SingleBar(
      { format: 'import [{bar}] {percentage}% | {read} records | {eta_formatted} left', stream: process.stderr },
      cliProgress.Presets.shades_classic,
    )
  : null;
let started = false;
let lastTenth = -1;
let lastBytes = 0;
const onProgress = (p: ImportProgress) => {
  if (p.totalBytes === null) return;
  // --strict reads the file twice: the second pass (writing) starts the count again.
  const restarted = p.bytesRead < lastBytes;
  lastBytes = p.bytesRead;
  if (!bar) {
    // Not a terminal (CI, a log file): a line at every tenth instead of a bar.
    if (restarted) lastTenth = -1;
    const tenth = Math.floor((10 * p.bytesRead) / Math.max(1, p.totalBytes));
    if (tenth > lastTenth) console.error(`import: ${tenth * 10}% (${p.read} records)`);
    lastTenth = tenth;
    return;
  }
  if (!started || restarted) {
    bar.start(p.totalBytes, 0, { read: 0 });
    started = true;
  }
  bar.update(p.bytesRead, { read: p.read });
};

let run: ImportRun | null = null;
try {
  if (!dryRun) {
    await prepareDatabase(db, pino({ ...loggerOptions(config), level: 'warn' }));
    // On the trail before the first write (a dry run changes nothing and leaves none).
    const { size, sha256 } = await fileDigest(file);
    run = await startImportRun(db, {
      source: 'cli',
      admin: null,
      fileName: basename(file),
      format: formatOf(file),
      sizeBytes: size,
      sha256,
      dryRun,
      strict: values.strict,
    });
  }
  const summary = await importFile(db, file, { dryRun, strict: values.strict, onProgress });
  if (started) bar?.stop();
  const { invalidRecords: _i, warningRecords: _w, ...counts } = summary;
  await run?.end('finished', counts);
  console.log(formatSummary(summary));
  process.exitCode = summary.invalid > 0 ? 1 : 0;
} catch (error) {
  if (started) bar?.stop();
  await run?.end('failed', { dryRun, strict: values.strict, failed: (error as Error).message }).catch(() => {});
  console.error(`import failed: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await close();
}
