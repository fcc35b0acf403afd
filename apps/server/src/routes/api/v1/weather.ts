import { WindQuery, WindResponse } from '@fast/contracts';
import type { App } from '../../../app-types.ts';
import { metLocationforecast } from '../../../modules/weather/met-locationforecast.ts';
import { errorResponses } from '../../schemas.ts';

/**
 * The wind at a point for the protective zones, from MET Norway when WEATHER_URL is set. Any
 * failure answers 200 with `available: false`: the screen then asks the user, as without a service.
 * The organisation level (the default) although no facility data is revealed: it is the caller's
 * incident position that is sent on to MET, so only signed-in users of an organisation may.
 */
export default async function weatherRoutes(app: App) {
  const weather = app.config.weather ? metLocationforecast(app.config.weather) : null;

  app.get(
    '/weather/wind',
    {
      config: { accessLog: { none: 'facility-free' } },
      schema: {
        tags: ['protective-zones'],
        summary: 'The wind at a point now (MET Norway), or why there is none; the user may always override it',
        querystring: WindQuery,
        response: { 200: WindResponse, ...errorResponses },
      },
    },
    async (request, reply): Promise<WindResponse> => {
      // The wind changes and the point is an incident's: nothing of it is kept on the way.
      reply.header('cache-control', 'no-store');
      if (!weather) return { available: false, reason: 'not-configured' };
      const point = { latitude: Number(request.query.latitude), longitude: Number(request.query.longitude) };
      return weather.windAt(point, request.log);
    },
  );
}
