import {
  REFERENCE_LAYERS,
  type ReferenceLayerImportReport,
  type ReferenceLayerName,
  type ReferenceLayerSummary,
  type ReferenceLayerVersion,
} from '@fast/contracts';
import type { LayerVersionRow } from './layer-versions.repository.ts';
import type { LayerLoadResult } from './reference-layer-load.service.ts';

export function presentVersion(row: LayerVersionRow): ReferenceLayerVersion {
  return {
    version: row.version,
    source: row.source,
    fileName: row.file_name,
    sha256: row.sha256,
    sizeBytes: Number(row.size_bytes),
    rowCount: row.row_count,
    loadedAt: row.loaded_at.toISOString(),
    loadedBy: row.loaded_by,
  };
}

/** Every layer, loaded or not, with its active and previous version. */
export function presentSummaries(rows: readonly LayerVersionRow[]): ReferenceLayerSummary[] {
  return REFERENCE_LAYERS.map((layer) => presentSummary(layer, rows));
}

export function presentSummary(layer: ReferenceLayerName, rows: readonly LayerVersionRow[]): ReferenceLayerSummary {
  const of = (state: LayerVersionRow['state']) => rows.find((row) => row.layer === layer && row.state === state);
  const active = of('active');
  const previous = of('previous');
  return { layer, active: active ? presentVersion(active) : null, previous: previous ? presentVersion(previous) : null };
}

export function presentLoad(layer: ReferenceLayerName, dryRun: boolean, result: LayerLoadResult): ReferenceLayerImportReport {
  return {
    layer,
    dryRun,
    read: result.read,
    loaded: result.loaded,
    invalid: result.invalid,
    skipped: result.skipped,
    invalidRows: result.invalidRows,
    version: result.version ? presentVersion(result.version) : null,
    durationMs: result.durationMs,
  };
}
