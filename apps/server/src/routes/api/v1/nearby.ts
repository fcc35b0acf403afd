import { DocumentLanguage, NearbyRequest, NearbyResponse } from '@fast/contracts';
import fastifyCompress from '@fastify/compress';
import type { App } from '../../../app-types.ts';
import { searchReference } from '../../../modules/catalogue/search-reference.ts';
import { presentNearby } from '../../../modules/nearby/nearby.presenter.ts';
import { nearbyFacilities } from '../../../modules/nearby/nearby.service.ts';
import { exportNearby } from '../../../modules/nearby/nearby-export.service.ts';
import { GZIP_ONLY } from '../../compression.ts';
import { sendDownload } from '../../download.ts';
import { errorResponses } from '../../schemas.ts';

/** Facilities around a point (issue 15), inside the caller's scope, and their export. */
export default async function nearbyRoutes(app: App) {
  // Every facility within 50 km can be thousands (~650 bytes each): gzipped about a tenth, which
  // counts on a responder's mobile connection (this plugin's routes only).
  await app.register(fastifyCompress, GZIP_ONLY);

  app.post(
    '/facilities/nearby',
    {
      config: { accessLog: { none: 'overview' } },
      schema: {
        tags: ['nearby'],
        summary: 'Every facility of the caller’s scope within a radius of a point, nearest first (geodesic on WGS84)',
        body: NearbyRequest,
        response: { 200: NearbyResponse, ...errorResponses },
      },
      // The presenter builds the answer field by field, each object a literal of the schema's
      // properties (nearby.test.ts checks every answer against the schema), so JSON.stringify
      // writes it: 0.73 ms for 500 facilities (335 kB) against 1.43 ms from the schema, whose
      // string is built in pieces that must be joined again before they are sent.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const [result, reference] = await Promise.all([
        nearbyFacilities(app.readDb, request.scope, request.body),
        searchReference(app.readDb),
      ]);
      return presentNearby(result, reference);
    },
  );

  app.post(
    '/facilities/nearby/export',
    {
      config: { accessLog: { action: 'EXPORT' } },
      schema: {
        tags: ['nearby'],
        summary:
          'The facilities within a radius as anlegg-i-naerheten.xlsx, with distance, direction and hazard distances (explosives facilities left out; ?lang=nb|nn, Bokmål by default)',
        body: NearbyRequest,
        querystring: DocumentLanguage,
        response: errorResponses,
      },
      // A workbook is a zip archive already.
      compress: false,
    },
    async (request, reply) =>
      sendDownload(reply, await exportNearby(app.readDb, request.scope, request.body, request.query.lang ?? 'nb', request.log)),
  );
}
