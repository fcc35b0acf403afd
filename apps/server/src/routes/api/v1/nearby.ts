import { DocumentLanguage, NearbyRequest, NearbyResponse } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { presentNearby } from '../../../modules/nearby/nearby.presenter.ts';
import { nearbyFacilities } from '../../../modules/nearby/nearby.service.ts';
import { exportNearby } from '../../../modules/nearby/nearby-export.service.ts';
import { sendDownload } from '../../download.ts';
import { errorResponses } from '../../schemas.ts';

/** Facilities around a point (issue 15), inside the caller's scope, and their export. */
export default async function nearbyRoutes(app: App) {
  app.post(
    '/facilities/nearby',
    {
      schema: {
        tags: ['nearby'],
        summary: 'Every facility of the caller’s scope within a radius of a point, nearest first (geodesic on WGS84)',
        body: NearbyRequest,
        response: { 200: NearbyResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The presenter writes the answer as JSON text (the schema above documents it; the API tests
      // hold every answer to it): a string with a JSON content type is sent as it is.
      const text = presentNearby(await nearbyFacilities(app.readDb, request.scope, request.body));
      return reply.type('application/json; charset=utf-8').send(text as unknown as NearbyResponse);
    },
  );

  app.post(
    '/facilities/nearby/export',
    {
      schema: {
        tags: ['nearby'],
        summary:
          'The facilities within a radius as anlegg-i-naerheten.xlsx, with distance, direction and hazard distances (explosives facilities left out; ?lang=nb|nn, Bokmål by default)',
        body: NearbyRequest,
        querystring: DocumentLanguage,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendDownload(
        app.db,
        reply,
        await exportNearby(app.readDb, request.scope, request.body, request.query.lang ?? 'nb', request.log),
      ),
  );
}
