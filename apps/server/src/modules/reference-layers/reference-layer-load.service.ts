import {
  REFERENCE_ROW_PROBLEMS_LISTED,
  type ReferenceLayerFormat,
  type ReferenceLayerName,
  type ReferenceRowProblem,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { loadMunicipalityGeometry } from '../reference/municipality-geometry.ts';
import { loadPlaceReference } from '../reference/place-reference.ts';
import { insertAddresses } from './addresses.repository.ts';
import { type AddressRow, addressRowReader } from './kartverket-addresses.ts';
import { csvLines, LayerFileError } from './layer-file.ts';
import {
  activateVersion,
  discardPrevious,
  discardVersion,
  type LayerVersionRow,
  startVersion,
} from './layer-versions.repository.ts';

/** Who published each layer's file, and under which licence: shown with every version. */
export const LAYER_SOURCES: Record<ReferenceLayerName, string> = {
  addresses: 'Kartverket, Matrikkelen – Adresse (CC BY 4.0)',
};

export interface LayerLoad {
  layer: ReferenceLayerName;
  path: string;
  format: ReferenceLayerFormat;
  dryRun: boolean;
  fileName: string | null;
  sizeBytes: number;
  sha256: string;
  /** The administrator's name, "Kommandolinjen" or "Demodata". */
  loadedBy: string;
  /** Defaults to the layer's publisher (LAYER_SOURCES). */
  source?: string;
}

export interface LayerLoadResult {
  read: number;
  loaded: number;
  invalid: number;
  skipped: number;
  invalidRows: ReferenceRowProblem[];
  /** The version made active; null in a dry run. */
  version: LayerVersionRow | null;
  durationMs: number;
}

/** Rows per statement: a batch holds PGlite's one session about a tenth of a second. */
const BATCH = 5_000;

/**
 * Reads a layer file, checks every row and (unless a dry run) writes the valid ones as a new
 * version, which then replaces the active one at once (layer-versions.repository.ts); the rows of
 * a failed load go with their version. Invalid rows are reported by line and left out; a load of
 * a file with no row to load is refused whole (an empty layer would replace a full one), while its
 * dry run reports why. Throws LayerFileError for a file that is not the layer's.
 */
export async function loadReferenceLayer(db: Db, load: LayerLoad): Promise<LayerLoadResult> {
  const started = performance.now();
  if (load.format === 'geojson') {
    throw new LayerFileError('Adresselaget lastes fra Kartverkets CSV-fil eller zip-filen den ligger i.');
  }
  const [places, geometry] = await Promise.all([loadPlaceReference(), loadMunicipalityGeometry()]);
  const lines = csvLines(load.path, load.format);
  const header = await lines.next();
  if (header.done) throw new LayerFileError('Filen er tom.');
  const readRow = addressRowReader(header.value, { places, geometry });

  const version = load.dryRun
    ? null
    : await startVersion(db, {
        layer: load.layer,
        source: load.source ?? LAYER_SOURCES[load.layer],
        fileName: load.fileName,
        sha256: load.sha256,
        sizeBytes: load.sizeBytes,
        loadedBy: load.loadedBy,
      });
  const result: LayerLoadResult = { read: 0, loaded: 0, invalid: 0, skipped: 0, invalidRows: [], version: null, durationMs: 0 };
  const refuse = (problem: ReferenceRowProblem) => {
    result.invalid++;
    if (result.invalidRows.length < REFERENCE_ROW_PROBLEMS_LISTED) result.invalidRows.push(problem);
  };
  const seen = new Set<number>();
  let batch: AddressRow[] = [];
  const flush = async () => {
    if (version && batch.length > 0) await insertAddresses(db, version.id, batch);
    batch = [];
  };
  try {
    let lineNumber = 1;
    for await (const line of lines) {
      lineNumber++;
      if (line.trim() === '') continue;
      result.read++;
      const parsed = readRow(line, lineNumber);
      if ('skipped' in parsed) result.skipped++;
      else if ('problem' in parsed) refuse(parsed.problem);
      else if (seen.has(parsed.row.id)) {
        refuse({ line: lineNumber, reasons: [{ code: 'duplicateId', params: { value: parsed.row.id } }] });
      } else {
        seen.add(parsed.row.id);
        result.loaded++;
        batch.push(parsed.row);
        if (batch.length === BATCH) await flush();
      }
    }
    await flush();
    if (version) {
      if (result.loaded === 0) {
        throw new LayerFileError(
          `Filen har ingen adresser som kan lastes inn (${result.invalid} avvist; prøvekjøringen viser hvorfor). Laget er ikke endret.`,
        );
      }
      await discardPrevious(db, load.layer);
      result.version = await activateVersion(db, version.id, result.loaded);
    }
  } catch (error) {
    if (version) await discardVersion(db, version.id);
    throw error;
  }
  result.durationMs = performance.now() - started;
  return result;
}
