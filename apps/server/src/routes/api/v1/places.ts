import { ADDRESS_SERVICE_HEADER, PLACE_HINT_HEADER, PlacesQuery, PlacesResponse } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { kartverketGeocoder } from '../../../modules/places/kartverket-geocoder.ts';
import { lookUpPlaces } from '../../../modules/places/places.service.ts';
import { errorResponses } from '../../schemas.ts';

/** The place lookup (issue 15): coordinates, addresses and facilities of the scope, postal codes, municipalities. */
export default async function placeRoutes(app: App) {
  const geocoder = app.config.geocoder ? kartverketGeocoder(app.config.geocoder) : null;

  app.get(
    '/places',
    {
      config: { accessLog: { none: 'overview' } },
      schema: {
        tags: ['nearby'],
        summary: `Up to ten places for what the user typed, best first; the ${ADDRESS_SERVICE_HEADER} header says whether Kartverket's address service answered (ok, unavailable, off); with an empty list, the ${PLACE_HINT_HEADER} header may say what the text lacks (utmZoneMissing)`,
        querystring: PlacesQuery,
        response: { 200: PlacesResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { candidates, addressService, hint } = await lookUpPlaces(
        { db: app.readDb, scope: request.scope, geocoder, log: request.log },
        request.query.q,
      );
      reply.header(ADDRESS_SERVICE_HEADER, addressService);
      if (hint) reply.header(PLACE_HINT_HEADER, hint);
      return candidates;
    },
  );
}
