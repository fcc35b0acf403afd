import {
  DocumentLanguage,
  SearchCriteria,
  SearchExportPayloadBody,
  SearchPayloadBody,
  SearchResponse,
  withExportDefaults,
  withSearchDefaults,
} from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { searchCriteria, searchFacilities } from '../../../modules/search/search.service.ts';
import { exportFacilities } from '../../../modules/search/search-export.service.ts';
import { sendDownload } from '../../download.ts';
import { errorResponses } from '../../schemas.ts';

/** Facility search, its criteria and the spreadsheet export; all inside the caller's scope. */
export default async function searchRoutes(app: App) {
  app.post(
    '/facilities/search',
    {
      config: { accessLog: { none: 'overview' } },
      schema: { tags: ['search'], body: SearchPayloadBody, response: { 200: SearchResponse, ...errorResponses } },
    },
    async (request) => searchFacilities(app.readDb, request.scope, withSearchDefaults(request.body), app.searchCache),
  );

  app.get(
    '/facilities/search/criteria',
    {
      config: { accessLog: { none: 'facility-free' } },
      schema: { tags: ['search'], response: { 200: SearchCriteria, ...errorResponses } },
    },
    async () => searchCriteria(app.readDb),
  );

  app.post(
    '/facilities/search/export',
    {
      config: { accessLog: { action: 'EXPORT' } },
      schema: {
        tags: ['search'],
        summary: 'The search’s facilities as anlegg.xlsx (explosives facilities left out; ?lang=nb|nn, Bokmål by default)',
        body: SearchExportPayloadBody,
        querystring: DocumentLanguage,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await exportFacilities(
          app.readDb,
          request.scope,
          withExportDefaults(request.body),
          request.query.lang ?? 'nb',
          request.log,
        ),
      ),
  );
}
