import type { Readable } from 'node:stream';
import { AccessLogPage, AccessLogQuery } from '@fast/contracts';
import { Type } from 'typebox';
import type { App } from '../../../../app-types.ts';
import { validationError } from '../../../../errors.ts';
import { presentAccessLogEntry } from '../../../../modules/access-log/access-log.presenter.ts';
import type { AccessLogFilter } from '../../../../modules/access-log/access-log-admin.repository.ts';
import { listAccessLog } from '../../../../modules/access-log/access-log-admin.repository.ts';
import { accessLogDownload } from '../../../../modules/access-log/access-log-export.ts';
import { recordAdminAction } from '../../../../modules/admin/admin-audit.repository.ts';
import { sendDownload } from '../../../download.ts';
import { errorResponses } from '../../../schemas.ts';
import { adminOf, pagingOf } from './admin-request.ts';

const config = { access: 'admin' } as const;
/** The spreadsheet, streamed: Fastify sends a stream as it is, without serialising. */
const XlsxBody = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });
const tags = ['admin'];
const { limit: _limit, offset: _offset, ...exportProperties } = AccessLogQuery.properties;

function filterOf(query: Omit<AccessLogQuery, 'limit' | 'offset'>): AccessLogFilter {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && to <= from) throw validationError('Til-tidspunktet må være etter fra-tidspunktet.');
  return {
    from,
    to,
    action: query.action,
    organisationNumber: query.organisationNumber,
    user: query.user?.trim() || undefined,
    facilityId: query.facilityId === undefined ? undefined : Number(query.facilityId),
  };
}

export default async function accessLogRoutes(app: App) {
  app.get(
    '/access-log',
    { config, schema: { tags, querystring: AccessLogQuery, response: { 200: AccessLogPage, ...errorResponses } } },
    async (request) => {
      const { total, rows } = await listAccessLog(app.db, filterOf(request.query), pagingOf(request.query));
      return { total, entries: rows.map(presentAccessLogEntry) };
    },
  );

  app.get(
    '/access-log/export',
    {
      config,
      schema: {
        tags,
        querystring: { ...AccessLogQuery, properties: exportProperties },
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: XlsxBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      // Logged before the first byte: an export that fails half-way was still attempted.
      await recordAdminAction(app.db, adminOf(request), {
        action: 'ACCESS_LOG_EXPORTED',
        target: 'access-log',
        detail: { ...request.query },
      });
      return sendDownload(reply, accessLogDownload(app.db, filter, request.log));
    },
  );
}
