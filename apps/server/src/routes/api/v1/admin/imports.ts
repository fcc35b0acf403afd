import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import { ApiError, validationError } from '../../../../errors.ts';
import { AccessAction, recordAccess } from '../../../../modules/access-log/access-log.repository.ts';
import { recordAdminAction } from '../../../../modules/admin/admin-audit.repository.ts';
import { importFile } from '../../../../modules/register/import.service.ts';
import { EncodingError, GeoJsonStructureError } from '../../../../modules/register/record-reader.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf } from './admin-request.ts';

const config = { access: 'admin' } as const;
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

/** Passes the bytes through and fails the stream once more than `limit` have passed. */
function limited(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge() : null, chunk);
    },
  });
}

/**
 * A register import through the running server, so the register can be refreshed while FAST is
 * in use (a second process must never open the server's embedded database). The body is streamed
 * to a temporary file as it arrives — never held in memory — because strict mode reads it twice;
 * then the CLI's own import runs on the server's database: the same validation, the same report,
 * one transaction per batch of whole facilities, so a search meanwhile sees each facility either
 * as it was or as it is now.
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
    async (request) => {
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
      // The facilities it wrote, for the access log (also those of the batches before a failure).
      const written: number[] = [];
      const logWritten = async (detail: object) => {
        if (written.length === 0) return;
        await recordAccess(app.db, {
          userId: admin.id,
          // An administrator imports for the authority, not for an organisation of their own.
          organisationNumber: '',
          action: AccessAction.IMPORT,
          facilityIds: written,
          detail: JSON.stringify({ format, ...detail }),
        });
      };
      let dir: string | null = null;
      try {
        dir = await mkdtemp(join(tmpdir(), 'fast-import-'));
        const file = join(dir, `upload.${format}`);
        await pipeline(request.body, limited(IMPORT_MAX_BYTES), createWriteStream(file));
        const summary = await importFile(app.db, file, { dryRun, strict, onWritten: (ids) => written.push(...ids) });
        const { invalidRecords: _i, warningRecords: _w, ...counts } = summary;
        request.log.info({ import: { format, ...counts } }, 'register import');
        await logWritten(counts);
        await recordAdminAction(app.db, admin, {
          action: 'REGISTER_IMPORTED',
          target: 'register',
          detail: { format, ...counts },
        });
        return summary;
      } catch (error) {
        // A failed import may have written some batches: it is on the trail as well.
        const reason = error instanceof Error ? error.message : String(error);
        await logWritten({ failed: reason });
        await recordAdminAction(app.db, admin, {
          action: 'REGISTER_IMPORTED',
          target: 'register',
          detail: { format, dryRun, strict, failed: reason },
        });
        if (error instanceof GeoJsonStructureError) throw validationError(`Filen er ikke gyldig GeoJSON: ${reason}`);
        if (error instanceof EncodingError) {
          throw validationError(
            `Filen er ikke UTF-8-tekst (feil etter byte ${error.afterByte}). Lagre den som UTF-8 og prøv igjen. Ingenting er importert.`,
          );
        }
        throw error;
      } finally {
        running = false;
        if (dir) await rm(dir, { recursive: true, force: true });
      }
    },
  );
}
