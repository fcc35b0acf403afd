import {
  REFERENCE_ROW_PROBLEMS_LISTED,
  type ReferenceLayerFormat,
  type ReferenceLayerName,
  type ReferenceRowProblem,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { insertAdrRecords } from '../adr/adr.repository.ts';
import { insertErgRecords } from '../erg/erg.repository.ts';
import { loadMunicipalityGeometry, type MunicipalityGeometry } from '../reference/municipality-geometry.ts';
import { loadPlaceReference, type PlaceReference } from '../reference/place-reference.ts';
import { insertVulnerableObjects } from '../vulnerable-objects/vulnerable-objects.repository.ts';
import { insertAddresses, insertStreets } from './addresses.repository.ts';
import { adrTableRows } from './adr-table-a-file.ts';
import { hazardTableRows } from './hazard-tables-file.ts';
import { addressRows } from './kartverket-addresses.ts';
import { LayerFileError } from './layer-file.ts';
import type { LayerRow } from './layer-rows.ts';
import {
  activateVersion,
  discardPrevious,
  discardVersion,
  type LayerVersionRow,
  startVersion,
} from './layer-versions.repository.ts';
import { vulnerableObjectRows } from './vulnerable-objects-file.ts';

interface Reference {
  places: PlaceReference;
  geometry: MunicipalityGeometry;
}

/** What FAST knows of one layer: who publishes it, what files it takes, how its rows are read and written. */
interface LayerDefinition<Row> {
  /** Who published the file, and under which licence: shown with every version. */
  source: string;
  /** The rows of a file; throws LayerFileError for a format the layer does not take or a file that is not the layer's. */
  rows(path: string, format: ReferenceLayerFormat, reference: Reference): AsyncIterable<LayerRow<Row>>;
  insert(db: Db, versionId: number, rows: readonly Row[]): Promise<void>;
  /** What is built from a version's rows once they are all written, before it is made active. */
  complete?(db: Db, versionId: number): Promise<void>;
  /** What the rows are, for the refusal of a file with none: "adresser". */
  noun: string;
}

const define = <Row>(definition: LayerDefinition<Row>) => definition;

const LAYERS: Record<ReferenceLayerName, LayerDefinition<unknown>> = {
  addresses: define({
    source: 'Kartverket, Matrikkelen – Adresse (CC BY 4.0)',
    rows: (path, format, reference) => {
      if (format === 'geojson')
        throw new LayerFileError('Adresselaget lastes fra Kartverkets CSV-fil eller zip-filen den ligger i.');
      return addressRows(path, format, reference);
    },
    insert: insertAddresses,
    complete: insertStreets,
    noun: 'adresser',
  }),
  'vulnerable-objects': define({
    source: 'Utdanningsdirektoratet (NSR, NBR) og helseinstitusjonene (NLOD)',
    rows: (path, format, reference) => {
      if (format === 'zip') throw new LayerFileError('Sårbare objekter lastes fra en GeoJSON- eller CSV-fil.');
      return vulnerableObjectRows(path, format, reference.geometry);
    },
    insert: insertVulnerableObjects,
    noun: 'sårbare objekter',
  }),
  'hazard-tables': define({
    source: 'PHMSA, Emergency Response Guidebook (ERG), tabellene (offentlig eiendom i USA)',
    rows: (path, format) => {
      if (format !== 'csv') throw new LayerFileError('Faretabellene lastes fra en CSV-fil (se docs/reference-layers.md).');
      return hazardTableRows(path);
    },
    insert: insertErgRecords,
    noun: 'ERG-rader',
  }),
  'adr-table-a': define({
    source: 'UNECE, ADR Tabell A (kapittel 3.2)',
    rows: (path, format) => {
      if (format !== 'csv') throw new LayerFileError('ADR Tabell A lastes fra en CSV-fil (se docs/reference-layers.md).');
      return adrTableRows(path);
    },
    insert: insertAdrRecords,
    noun: 'ADR-rader',
  }),
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
  /** Defaults to the layer's publisher (LAYERS). */
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
  const definition = LAYERS[load.layer];
  const [places, geometry] = await Promise.all([loadPlaceReference(), loadMunicipalityGeometry()]);
  const rows = definition.rows(load.path, load.format, { places, geometry })[Symbol.asyncIterator]();
  // The first row is read before a version is made: a file that is not the layer's throws here.
  const first = await rows.next();

  const version = load.dryRun
    ? null
    : await startVersion(db, {
        layer: load.layer,
        source: load.source ?? definition.source,
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
  const seen = new Set<string | number>();
  let batch: unknown[] = [];
  const flush = async () => {
    if (version && batch.length > 0) await definition.insert(db, version.id, batch);
    batch = [];
  };
  try {
    for (let next = first; !next.done; next = await rows.next()) {
      const { line, parsed } = next.value;
      result.read++;
      if ('skipped' in parsed) result.skipped++;
      else if ('problem' in parsed) refuse(parsed.problem);
      else if (seen.has(parsed.id)) {
        refuse({ line, reasons: [{ code: 'duplicateId', params: { value: parsed.id } }] });
      } else {
        seen.add(parsed.id);
        result.loaded++;
        batch.push(parsed.row);
        if (batch.length === BATCH) await flush();
      }
    }
    await flush();
    if (version) {
      if (result.loaded === 0) {
        throw new LayerFileError(
          `Filen har ingen ${definition.noun} som kan lastes inn (${result.invalid} avvist; prøvekjøringen viser hvorfor). Laget er ikke endret.`,
        );
      }
      await definition.complete?.(db, version.id);
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
