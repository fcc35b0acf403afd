import type { GasPipelineCollection } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { presentGasPipelines } from './map.presenter.ts';
import { gasPipelineVersion, listGasPipelines } from './map.repository.ts';

/**
 * The gas pipes as GeoJSON with their version (a digest of their contents, the ETag), read and
 * presented once per version: a revalidation, the common call, costs only the version query.
 */
let kept: { version: string; pipelines: GasPipelineCollection } | null = null;

export async function gasPipelines(db: Db): Promise<{ version: string; pipelines: GasPipelineCollection }> {
  const version = await gasPipelineVersion(db);
  if (kept?.version !== version) kept = { version, pipelines: presentGasPipelines(await listGasPipelines(db)) };
  return kept;
}
