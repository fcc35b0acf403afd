import { REFERENCE_LAYER_MEDIA_TYPES, type ReferenceLayerName } from '@fast/contracts';
import type { TestApp } from './test-app.ts';

/**
 * POST /api/v1/admin/reference-layers/{layer}/imports as `headers` (an administrator's, or
 * another's to be refused), the file as the body: the console's upload.
 */
export function importLayer(
  t: TestApp,
  headers: Record<string, string>,
  layer: ReferenceLayerName,
  body: string | Buffer,
  { dryRun = false, fileName = 'layer.csv', type = REFERENCE_LAYER_MEDIA_TYPES.csv as string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/reference-layers/${layer}/imports?dryRun=${dryRun}`,
    headers: { ...headers, 'content-type': type, 'content-disposition': `attachment; filename="${fileName}"` },
    payload: body,
  });
}
