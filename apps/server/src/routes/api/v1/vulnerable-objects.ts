import {
  VulnerableInsideRequest,
  VulnerableObjectCollection,
  VulnerableWithinRequest,
  VulnerableWithinResponse,
} from '@fast/contracts';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import { Type } from 'typebox';
import type { App } from '../../../app-types.ts';
import {
  vulnerableInsidePolygon,
  vulnerableObjectLayer,
  vulnerableWithin,
} from '../../../modules/vulnerable-objects/vulnerable-objects.service.ts';
import { GZIP_ONLY } from '../../compression.ts';
import { errorResponses } from '../../schemas.ts';

/**
 * Schools, kindergartens, care homes and hospitals (issue 37): public data the authority loads as
 * a reference layer, so every signed-in user who has accepted the terms sees all of it, whatever
 * their municipalities. No facility data: nothing to log.
 */
export default async function vulnerableObjectRoutes(app: App) {
  await app.register(fastifyCompress, GZIP_ONLY);
  await app.register(fastifyEtag);

  app.post(
    '/vulnerable-objects/within',
    {
      config: { access: 'terms', accessLog: { none: 'facility-free' } },
      schema: {
        tags: ['nearby'],
        summary:
          'Schools, kindergartens, care homes and hospitals within a radius of a point, nearest first (geodesic on WGS84), with totals and capacity by kind',
        body: VulnerableWithinRequest,
        response: { 200: VulnerableWithinResponse, ...errorResponses },
      },
    },
    async (request) => vulnerableWithin(app.readDb, request.body),
  );

  app.post(
    '/vulnerable-objects/inside',
    {
      config: { access: 'terms', accessLog: { none: 'facility-free' } },
      schema: {
        tags: ['map'],
        summary:
          'Schools, kindergartens, care homes and hospitals inside a polygon drawn on the map, nearest its centre first, with totals and capacity by kind',
        body: VulnerableInsideRequest,
        response: { 200: VulnerableWithinResponse, ...errorResponses },
      },
    },
    async (request) => vulnerableInsidePolygon(app.readDb, request.body.polygon),
  );

  app.get(
    '/map/vulnerable-objects',
    {
      config: { access: 'terms', accessLog: { none: 'facility-free' } },
      schema: {
        tags: ['map'],
        summary:
          'Every school, kindergarten, care home and hospital of the loaded layer as GeoJSON points; 304 to a matching If-None-Match',
        response: { 200: VulnerableObjectCollection, 304: Type.Null({ description: 'Not modified' }), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const { etag, collection } = await vulnerableObjectLayer(app.readDb);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      return collection;
    },
  );
}
