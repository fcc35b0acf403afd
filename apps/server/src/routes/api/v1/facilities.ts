import {
  BriefingQuery,
  DocumentLanguage,
  type DocumentLanguageValue,
  FacilityAttachmentList,
  FacilityDetail,
  MAX_ID,
} from '@fast/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import type { App } from '../../../app-types.ts';
import { ApiError, notFound } from '../../../errors.ts';
import { briefingTitle, renderBriefing } from '../../../modules/briefing/briefing.ts';
import { briefingHazards } from '../../../modules/briefing/briefing-zones.ts';
import { contentDisposition } from '../../../modules/documents/content-disposition.ts';
import { presentAttachment } from '../../../modules/documents/document.presenter.ts';
import { findDocumentContent, listFacilityDocuments } from '../../../modules/documents/document.repository.ts';
import { presentFacility } from '../../../modules/facility/facility.presenter.ts';
import { findFacilityRecord } from '../../../modules/facility/facility.repository.ts';
import { renderSubstanceReport, substanceReportTitle } from '../../../modules/facility/substance-report.ts';
import { facilityHazards } from '../../../modules/hazard/facility-hazards.ts';
import { errorResponses } from '../../schemas.ts';

const FacilityIdParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9]{1,12}$', description: 'The facility id, a positive integer' }) },
  { additionalProperties: false },
);

/** A document path segment: anything but a plain positive integer is outside the namespace. */
const DocumentParams = Type.Object({ documentId: Type.String() });
const SubstanceReportParams = Type.Object({ id: Type.String() });

function facilityId(raw: string): number {
  const id = Number(raw);
  if (id < 1) throw new ApiError(400, 'VALIDATION_ERROR', 'Anleggs-ID må være et positivt heltall.');
  // facility.id is a Postgres integer: a larger number is a well-formed id that cannot exist.
  if (id > MAX_ID) throw notFound();
  return id;
}

/** Document ids come only from paths the API handed out; anything else is simply not found. */
function pathId(raw: string, max: number): number {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > max) throw notFound();
  return id;
}

function sendPdf(reply: FastifyReply, title: string, bytes: Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(title))
    .header('content-length', bytes.byteLength)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * A route of a document made on request from a facility's record (substance report, briefing):
 * not found outside the scope like every document, in the asked language (?lang=nb|nn, Bokmål by
 * default; a document's own query, such as the briefing's zones, adds to DocumentLanguage),
 * access-logged as a download.
 */
function madeDocumentRoute<Query extends TSchema = typeof DocumentLanguage>(
  app: App,
  route: {
    path: string;
    detail: string;
    summary: string;
    querystring?: Query;
    render: (
      facility: FacilityDetail,
      lang: DocumentLanguageValue,
      request: FastifyRequest,
      query: Static<Query>,
    ) => Promise<{ title: string; pdf: Uint8Array }>;
  },
) {
  app.get(
    route.path,
    {
      config: { accessLog: { action: 'DOWNLOAD' } },
      schema: {
        tags: ['documents'],
        summary: `${route.summary} (?lang=nb|nn, Bokmål by default)`,
        params: SubstanceReportParams,
        querystring: route.querystring ?? DocumentLanguage,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const id = pathId(request.params.id, MAX_ID);
      const row = await findFacilityRecord(app.readDb, request.scope, id);
      if (!row) throw notFound();
      const facility = presentFacility(row, await facilityHazards(app.readDb));
      // The schema above has validated the query: DocumentLanguage's `lang`, and the document's own fields.
      const query = request.query as Static<Query> & { lang?: DocumentLanguageValue };
      const { title, pdf } = await route.render(facility, query.lang ?? 'nb', request, query);
      reply.reveals({ facilityIds: [id], detail: route.detail });
      return sendPdf(reply, title, pdf);
    },
  );
}

export default async function facilityRoutes(app: App) {
  app.get(
    '/facilities/:id',
    {
      config: { accessLog: { action: 'VIEW' } },
      schema: {
        tags: ['facilities'],
        summary: 'The whole record of one facility',
        params: FacilityIdParams,
        response: { 200: FacilityDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = facilityId(request.params.id);
      const row = await findFacilityRecord(app.readDb, request.scope, id);
      if (!row) throw notFound();
      const hazards = await facilityHazards(app.readDb);
      reply.reveals({ facilityIds: [id] });
      return presentFacility(row, hazards);
    },
  );

  app.get(
    '/facilities/:id/attachments',
    {
      // The titles and dates of its documents; each document is logged as it is downloaded.
      config: { accessLog: { none: 'overview' } },
      schema: {
        tags: ['facilities'],
        summary: 'The stored documents of one facility',
        params: FacilityIdParams,
        response: { 200: FacilityAttachmentList, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await listFacilityDocuments(app.readDb, request.scope, facilityId(request.params.id));
      if (!rows) throw notFound();
      return rows.map(presentAttachment);
    },
  );

  madeDocumentRoute(app, {
    path: '/facilities/:id/substance-report',
    detail: 'substance-report',
    summary: 'The substance report of one facility, as a PDF made on request',
    render: async (facility, lang) => ({
      title: substanceReportTitle(facility),
      pdf: await renderSubstanceReport(facility, new Date(), lang),
    }),
  });

  madeDocumentRoute(app, {
    path: '/facilities/:id/briefing',
    detail: 'briefing',
    summary:
      'The one-page briefing (innsatsark) of one facility, as a PDF made on request, with the protective zones as set on the ' +
      'screen (windFromDegrees, windSpeed, daylight, spill, fire, container; without a wind direction the downwind distance in words)',
    querystring: BriefingQuery,
    render: async (facility, lang, request, query) => {
      const madeAt = new Date();
      const hazards = await briefingHazards(app.readDb, request.scope, facility, query, madeAt);
      return {
        title: briefingTitle(facility),
        pdf: await renderBriefing(
          facility,
          hazards,
          madeAt,
          request.user.fullName ?? request.user.username ?? request.user.subject,
          lang,
        ),
      };
    },
  });

  app.get(
    '/documents/:documentId',
    {
      config: { accessLog: { action: 'DOWNLOAD' } },
      schema: {
        tags: ['documents'],
        summary: 'A stored document (inspection report, notification receipt, accident report) as a PDF',
        params: DocumentParams,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const documentId = pathId(request.params.documentId, Number.MAX_SAFE_INTEGER);
      const document = await findDocumentContent(app.readDb, request.scope, documentId);
      if (!document) throw notFound();
      // Bytes kept in object storage need a storage service this server does not have configured.
      if (!document.content) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Dokumentet er ikke tilgjengelig akkurat nå.');
      reply.reveals({ facilityIds: [document.facility_id], documentId });
      return sendPdf(reply, document.title, document.content);
    },
  );
}
