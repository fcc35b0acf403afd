import { createHash } from 'node:crypto';
import type { ReferenceLayerName } from '@fast/contracts';
import type { Db } from '../db/database.ts';
import { type LayerVersionRow, startVersion } from '../modules/reference-layers/layer-versions.repository.ts';

/** A `loading` version of a demo layer, its checksum and size those of its rows as JSON, loaded by "Demodata". */
export function startDemoVersion(
  db: Db,
  layer: ReferenceLayerName,
  source: string,
  rows: readonly object[],
): Promise<LayerVersionRow> {
  const json = JSON.stringify(rows);
  return startVersion(db, {
    layer,
    source,
    fileName: null,
    sha256: createHash('sha256').update(json).digest('hex'),
    sizeBytes: Buffer.byteLength(json),
    loadedBy: 'Demodata',
  });
}
