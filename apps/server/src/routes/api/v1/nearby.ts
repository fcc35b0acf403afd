import { NearbyRequest, NearbyResponse } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { presentNearby } from '../../../modules/nearby/nearby.presenter.ts';
import { nearbyFacilities } from '../../../modules/nearby/nearby.service.ts';
import { exportNearby } from '../../../modules/nearby/nearby-export.service.ts';
import { searchReference } from '../../../modules/search/search-reference.ts';
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
    async (request) => {
      const [result, reference] = await Promise.all([
        nearbyFacilities(app.db, request.scope, request.body),
        searchReference(app.db),
      ]);
      return presentNearby(result, reference);
    },
  );

  app.post(
    '/facilities/nearby/export',
    {
      schema: {
        tags: ['nearby'],
        summary:
          'The facilities within a radius as anlegg-i-naerheten.xlsx, with distance and direction (explosives facilities left out)',
        body: NearbyRequest,
        response: errorResponses,
      },
    },
    async (request, reply) => exportNearby(app.db, request.scope, request.body, reply, request.log),
  );
}
