import { Readable } from 'node:stream';
import {
  IMPORT_TIMEOUT_MS,
  REFERENCE_LAYER_MAX_BYTES,
  REFERENCE_LAYER_MEDIA_TYPES,
  type ReferenceLayerFormat,
  ReferenceLayerImportQuery,
  ReferenceLayerImportReport,
  type ReferenceLayerName,
  ReferenceLayerParams,
  ReferenceLayerSummary,
} from '@fast/contracts';
import { Type } from 'typebox';
import type { App } from '../../../../app-types.ts';
import type { ChangeTopic } from '../../../../db/change-notifications.ts';
import { ApiError, validationError } from '../../../../errors.ts';
import { recordAdminAction } from '../../../../modules/admin/admin-audit.repository.ts';
import { LayerFileError } from '../../../../modules/reference-layers/layer-file.ts';
import { listVersions, rollBackVersion } from '../../../../modules/reference-layers/layer-versions.repository.ts';
import { presentLoad, presentSummaries, presentSummary } from '../../../../modules/reference-layers/reference-layer.presenter.ts';
import { loadReferenceLayer } from '../../../../modules/reference-layers/reference-layer-load.service.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf } from './admin-request.ts';
import { fileNameOf, receiveUpload, type Upload } from './upload.ts';

// Public reference data, no facility's: nothing for the access log; the audit trail has every load.
const config = { access: 'admin', accessLog: { none: 'facility-free' } } as const;
const tags = ['admin'];
const MEDIA_TYPES = Object.values(REFERENCE_LAYER_MEDIA_TYPES);
const MEGABYTES = Math.round(REFERENCE_LAYER_MAX_BYTES / 1024 / 1024);

/** The per-process cache a layer feeds (the hazard cards): a load or rollback tells every process to read it again. */
const CACHE_OF_LAYER: Partial<Record<ReferenceLayerName, ChangeTopic>> = {
  'hazard-tables': 'hazard-cards',
  'adr-table-a': 'hazard-cards',
};

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `Filen er større enn ${MEGABYTES} MB. Last den inn med npm run import-reference.`);

function formatOf(contentType: string | undefined): ReferenceLayerFormat | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const found = Object.entries(REFERENCE_LAYER_MEDIA_TYPES).find(([, mediaType]) => mediaType === type);
  return (found?.[0] as ReferenceLayerFormat | undefined) ?? null;
}

/**
 * Public reference layers (issue 37): listed with their versions, loaded through the running
 * server with the register import's dry-run-first flow (the body streamed to a temporary file, a
 * line-numbered report), and rolled back one step. A load replaces the active version at once.
 */
export default async function referenceLayerRoutes(app: App) {
  // This plugin's routes only: a layer file is streamed to disk, never parsed in memory.
  app.addContentTypeParser(MEDIA_TYPES, (_request, payload, done) => done(null, payload));
  let running = false;

  app.get(
    '/reference-layers',
    {
      config,
      schema: {
        tags,
        summary: 'The reference layers and their versions',
        response: { 200: Type.Array(ReferenceLayerSummary), ...errorResponses },
      },
    },
    async () => presentSummaries(await listVersions(app.db)),
  );

  app.post(
    '/reference-layers/:layer/imports',
    {
      config,
      handlerTimeout: IMPORT_TIMEOUT_MS,
      schema: {
        tags,
        summary:
          'Load a new version of a reference layer: Kartverket’s address CSV or its zip; vulnerable objects as GeoJSON or CSV; the ERG tables and ADR Table A as CSV',
        params: ReferenceLayerParams,
        querystring: ReferenceLayerImportQuery,
        consumes: MEDIA_TYPES,
        response: { 200: ReferenceLayerImportReport, ...errorResponses },
      },
    },
    async (request) => {
      const format = formatOf(request.headers['content-type']);
      if (!(request.body instanceof Readable) || !format) {
        throw validationError(`Send filen som ${MEDIA_TYPES.join(', ')}.`);
      }
      if (Number(request.headers['content-length'] ?? 0) > REFERENCE_LAYER_MAX_BYTES) throw tooLarge();
      if (running)
        throw new ApiError(409, 'CONFLICT', 'En annen innlasting av referansedata pågår. Prøv igjen når den er ferdig.');
      running = true;
      const { layer } = request.params;
      const dryRun = request.query.dryRun === 'true';
      const admin = adminOf(request);
      const fileName = fileNameOf(request.headers['content-disposition']);
      let upload: Upload | null = null;
      try {
        upload = await receiveUpload(request.body, { extension: format, limit: REFERENCE_LAYER_MAX_BYTES, tooLarge });
        const file = { fileName, sizeBytes: upload.sizeBytes, sha256: upload.sha256 };
        const result = await loadReferenceLayer(app.db, {
          layer,
          path: upload.path,
          format,
          dryRun,
          ...file,
          loadedBy: admin.fullName,
        }).catch(async (error: unknown) => {
          await recordAdminAction(app.db, admin, {
            action: 'REFERENCE_LAYER_LOADED',
            target: layer,
            detail: { phase: 'failed', dryRun, ...file, reason: error instanceof Error ? error.message : String(error) },
          });
          throw error;
        });
        const report = presentLoad(layer, dryRun, result);
        const topic = CACHE_OF_LAYER[layer];
        if (topic && !dryRun) await app.changes.publish(topic);
        await recordAdminAction(app.db, admin, {
          action: 'REFERENCE_LAYER_LOADED',
          target: layer,
          detail: {
            phase: dryRun ? 'checked' : 'loaded',
            dryRun,
            ...file,
            version: report.version?.version ?? null,
            read: report.read,
            loaded: report.loaded,
            invalid: report.invalid,
            skipped: report.skipped,
          },
        });
        request.log.info(
          { referenceLayer: { layer, dryRun, version: report.version?.version, loaded: report.loaded } },
          'reference layer load',
        );
        return report;
      } catch (error) {
        if (error instanceof LayerFileError) throw validationError(`${error.message} Ingenting er lastet inn.`);
        throw error;
      } finally {
        running = false;
        await upload?.remove();
      }
    },
  );

  app.post(
    '/reference-layers/:layer/rollback',
    {
      config,
      schema: {
        tags,
        summary: 'Make the previous version of a reference layer the active one again',
        params: ReferenceLayerParams,
        response: { 200: ReferenceLayerSummary, ...errorResponses },
      },
    },
    async (request) => {
      const { layer } = request.params;
      if (running) throw new ApiError(409, 'CONFLICT', 'En innlasting av referansedata pågår. Prøv igjen når den er ferdig.');
      const active = await rollBackVersion(app.db, layer);
      if (!active) throw new ApiError(409, 'CONFLICT', 'Laget har ingen tidligere versjon å rulle tilbake til.');
      const topic = CACHE_OF_LAYER[layer];
      if (topic) await app.changes.publish(topic);
      await recordAdminAction(app.db, adminOf(request), {
        action: 'REFERENCE_LAYER_ROLLED_BACK',
        target: layer,
        detail: { version: active.version },
      });
      return presentSummary(layer, await listVersions(app.db));
    },
  );
}
