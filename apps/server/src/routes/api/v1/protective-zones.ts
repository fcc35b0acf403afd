import { ProtectiveZonesRequest, ProtectiveZonesResponse } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { protectiveZones } from '../../../modules/protective-zones/protective-zones.service.ts';
import { errorResponses } from '../../schemas.ts';

export default async function protectiveZoneRoutes(app: App) {
  app.post(
    '/protective-zones',
    {
      config: { accessLog: { none: 'overview' } },
      schema: {
        tags: ['substances'],
        summary:
          "The ERG's zones for a UN number at a point: isolation circle, downwind protective-action square (by wind, container, day or night), fire and BLEVE circles, and the caller's facilities inside each",
        body: ProtectiveZonesRequest,
        response: { 200: ProtectiveZonesResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return protectiveZones(app.readDb, request.scope, request.body);
    },
  );
}
