import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  REFERENCE_LAYER_MEDIA_TYPES,
  REFERENCE_LAYERS,
  type ReferenceLayerFormat,
  type ReferenceLayerName,
} from '@fast/contracts';
import pino from 'pino';
import { prepareDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { loggerOptions } from '../logger.ts';
import { recordAdminAction } from '../modules/admin/admin-audit.repository.ts';
import { loadReferenceLayer } from '../modules/reference-layers/reference-layer-load.service.ts';
import { cliAdmin } from '../modules/register/import-run.repository.ts';
import { fileDigest } from './file-digest.ts';
import { openForCommand, throughTheServer } from './open-or-refuse.ts';

const USAGE = `usage: npm run import-reference -- LAYER FILE [--dry-run]
  LAYER: ${REFERENCE_LAYERS.join(', ')}
  FILE:  addresses: Kartverket's "Matrikkelen – Adresse" as published (.zip) or the .csv inside it
         vulnerable-objects: GeoJSON (.geojson, .json) or CSV (.csv), docs/reference-layers.md
         hazard-tables: the ERG tables as CSV (.csv) in the ERG 2016 file's columns plus Edition
         adr-table-a: ADR Table A as CSV (.csv): UN;Name;Class;ClassificationCode;PackingGroup;Labels;HazardNumber;Edition`;

const FORMATS: Record<string, ReferenceLayerFormat> = { '.zip': 'zip', '.csv': 'csv', '.geojson': 'geojson', '.json': 'geojson' };

/** `npm run import-reference -- LAYER FILE`: a new version of a reference layer, while the server is stopped. */
const { values, positionals } = parseArgs({
  options: { 'dry-run': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [layer, file] = positionals;
const format = file ? FORMATS[extname(file).toLowerCase()] : undefined;
if (
  values.help ||
  !layer ||
  !file ||
  positionals.length > 2 ||
  !REFERENCE_LAYERS.includes(layer as ReferenceLayerName) ||
  !format
) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const dryRun = values['dry-run'];
const { db, close } = await openForCommand(
  config.database,
  dryRun,
  throughTheServer(
    'load',
    REFERENCE_LAYER_MEDIA_TYPES[format],
    file,
    `/api/v1/admin/reference-layers/${layer}/imports?dryRun=${dryRun}`,
  ),
);
const admin = cliAdmin('npm run import-reference');
try {
  if (!dryRun) await prepareDatabase(db, pino({ ...loggerOptions(config), level: 'warn' }));
  const { size, sha256 } = await fileDigest(file);
  const result = await loadReferenceLayer(db, {
    layer: layer as ReferenceLayerName,
    path: file,
    format,
    dryRun,
    fileName: basename(file),
    sizeBytes: size,
    sha256,
    loadedBy: admin.fullName,
  });
  if (!dryRun) {
    await recordAdminAction(db, admin, {
      action: 'REFERENCE_LAYER_LOADED',
      target: layer,
      detail: {
        phase: 'loaded',
        dryRun,
        fileName: basename(file),
        sizeBytes: size,
        sha256,
        version: result.version?.version ?? null,
        loaded: result.loaded,
        invalid: result.invalid,
        skipped: result.skipped,
      },
    });
  }
  console.log(
    `${layer}: ${result.read} rows read, ${result.loaded} ${dryRun ? 'would be loaded' : 'loaded'}, ${result.skipped} skipped, ${result.invalid} invalid` +
      (result.version ? `; version ${result.version.version} is active` : ''),
  );
  for (const row of result.invalidRows.slice(0, 20)) {
    console.log(`  line ${row.line}: ${row.reasons.map((r) => `${r.code} ${JSON.stringify(r.params)}`).join('; ')}`);
  }
  process.exitCode = result.invalid > 0 ? 1 : 0;
} catch (error) {
  console.error(`import-reference failed: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await close();
}
