import { Readable } from 'node:stream';
import {
  AdminImportQuery,
  AdminImportReport,
  IMPORT_MAX_BYTES,
  IMPORT_MEDIA_TYPE_ALIASES,
  IMPORT_MEDIA_TYPES,
  IMPORT_TIMEOUT_MS,
  type ImportFormat,
} from '@fast/contracts';
import type { App } from '../../../../app-types.ts';
import { isSingleSession } from '../../../../db/database.ts';
import { ApiError, validationError } from '../../../../errors.ts';
import { recordAdminAction } from '../../../../modules/admin/admin-audit.repository.ts';
import { presentImportReport } from '../../../../modules/register/import.presenter.ts';
import { importFile } from '../../../../modules/register/import.service.ts';
import { type ImportRun, startImportRun } from '../../../../modules/register/import-run.repository.ts';
import { EncodingError, GeoJsonStructureError } from '../../../../modules/register/record-reader.ts';
import { classifyError } from '../../../../plugins/errors.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf } from './admin-request.ts';
import { fileNameOf, receiveUpload, type Upload } from './upload.ts';

/** The access log's entries of what an import writes go in its batches' transactions (plugins/access-log.ts). */
const config = { access: 'admin', accessLog: { action: 'IMPORT' } } as const;
/** How long one batch of an import through the server may hold PGlite's one session (readers wait meanwhile). */
const SINGLE_SESSION_UNIT_MS = 150;
const tags = ['admin'];
const MEGABYTES = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

const tooLarge = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `Filen er større enn ${MEGABYTES} MB. Importer større filer med npm run import.`);

/** Every media type the route takes: the formats' own and their other names. */
const ACCEPTED_MEDIA_TYPES = [...Object.values(IMPORT_MEDIA_TYPES), ...Object.keys(IMPORT_MEDIA_TYPE_ALIASES)];

/** The file format a media type names (parameters such as a charset left out); NDJSON otherwise. */
function formatOf(contentType: string | undefined): ImportFormat {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === IMPORT_MEDIA_TYPES.geojson) return 'geojson';
  return IMPORT_MEDIA_TYPE_ALIASES[type] ?? 'ndjson';
}

/**
 * A register import through the running server, so the register can be refreshed while FAST is
 * in use (a second process must never open the server's embedded database). The body is streamed
 * to a temporary file as it arrives — never held in memory — because strict mode reads it twice;
 * then the CLI's own import runs on the server's database: the same validation, the same report,
 * one transaction per batch of whole facilities, so a search meanwhile sees each facility either
 * as it was or as it is now.
 *
 * The trail: the import's start (who, which file, its SHA-256) is recorded before its first write
 * and its end when it ends (an import whose process dies is found at the next start:
 * import-run.repository.ts); the access log's entry of the facilities a batch wrote is written in
 * that batch's transaction, so no facility is written without it.
 */
export default async function importRoutes(app: App) {
  // This plugin's route only: its body is a file streamed to disk, never parsed in memory (the
  // app's JSON parser, which this context inherits, is replaced here for GeoJSON sent as JSON).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(ACCEPTED_MEDIA_TYPES, (_request, payload, done) => done(null, payload));
  let running = false;

  app.post(
    '/imports',
    {
      config,
      handlerTimeout: IMPORT_TIMEOUT_MS,
      schema: {
        tags,
        summary: 'Import a register file (NDJSON or GeoJSON) into the running server',
        querystring: AdminImportQuery,
        consumes: ACCEPTED_MEDIA_TYPES,
        response: { 200: AdminImportReport, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof Readable)) {
        throw validationError(`Send filen som ${IMPORT_MEDIA_TYPES.ndjson} eller ${IMPORT_MEDIA_TYPES.geojson}.`);
      }
      if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
      // One at a time: two imports of overlapping files would race for the same facilities.
      if (running) throw new ApiError(409, 'CONFLICT', 'En annen import pågår. Prøv igjen når den er ferdig.');
      running = true;
      const format = formatOf(request.headers['content-type']);
      const dryRun = request.query.dryRun === 'true';
      const strict = request.query.strict === 'true';
      const admin = adminOf(request);
      let run: ImportRun | null = null;
      // Facilities committed so far, for an answer that must say what a failed import wrote.
      let committed = 0;
      let upload: Upload | null = null;
      try {
        upload = await receiveUpload(request.body, { extension: format, limit: IMPORT_MAX_BYTES, tooLarge });
        run = await startImportRun(
          app.db,
          {
            source: 'api',
            admin,
            fileName: fileNameOf(request.headers['content-disposition']),
            format,
            sizeBytes: upload.sizeBytes,
            sha256: upload.sha256,
            dryRun,
            strict,
          },
          request.log,
        );
        const importId = run.id;
        const summary = await importFile(app.db, upload.path, {
          dryRun,
          strict,
          // The embedded database has one session, which each batch's transaction holds from every reader.
          ...(isSingleSession(app.db) ? { maxUnitMs: SINGLE_SESSION_UNIT_MS } : {}),
          onWritten: (ids) => {
            committed += ids.length;
          },
          recordWritten: (trx, ids) => reply.logAccessIn(trx, { facilityIds: ids, detail: JSON.stringify({ importId, format }) }),
        });
        const { invalidRecords: _i, warningRecords: _w, ...counts } = summary;
        request.log.info({ import: { importId, format, ...counts } }, 'register import');
        await run.end('finished', counts);
        return presentImportReport(summary);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        request.log.warn({ err: error, importId: run?.id, committed }, 'register import failed');
        // A failed import may have written some batches: it is on the trail as well.
        const failed = { dryRun, strict, written: committed, failed: reason };
        if (run) await run.end('failed', failed).catch((e: unknown) => request.log.error({ err: e }, 'import trail'));
        else {
          // Refused before it started (the upload): on the trail all the same, with nothing written.
          await recordAdminAction(app.db, admin, {
            action: 'REGISTER_IMPORTED',
            target: 'register',
            detail: { phase: 'refused', format, ...failed },
          }).catch((e: unknown) => request.log.error({ err: e }, 'import trail'));
        }
        if (error instanceof GeoJsonStructureError) throw validationError(`Filen er ikke gyldig GeoJSON: ${reason}`);
        if (error instanceof EncodingError) {
          throw validationError(
            `Filen er ikke UTF-8-tekst (feil etter byte ${error.afterByte}). Lagre den som UTF-8 og prøv igjen. Ingenting er importert.`,
          );
        }
        if (committed > 0) {
          const { status, type, message } = classifyError(error as Error);
          throw new ApiError(
            status,
            type,
            `${message} Importen stoppet etter at ${committed} anlegg var skrevet. Importer den samme filen på nytt for å fullføre (det som er skrevet, telles da som uendret).`,
          );
        }
        throw error;
      } finally {
        running = false;
        await upload?.remove();
      }
    },
  );
}
