import {
  BASEMAP_TILE_LAYER,
  BasemapTileParams,
  DocumentLanguage,
  GasPipelineCollection,
  MAX_ID,
  MapFacilitiesPage,
  MapFacilitiesQuery,
  MapFacilityParams,
  MapFacilityPopup,
  MapFilteredFacilities,
  MapZoneRequest,
  MapZoneResult,
  SearchExportPayloadBody,
  withExportDefaults,
} from '@fast/contracts';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { App } from '../../../app-types.ts';
import { notFound, validationError } from '../../../errors.ts';
import { facilityHazardDistances } from '../../../modules/hazard/facility-hazards.ts';
import { loadBasemap } from '../../../modules/map/basemap.ts';
import { gasPipelines } from '../../../modules/map/gas-pipelines.service.ts';
import { presentPopup, presentZone } from '../../../modules/map/map.presenter.ts';
import { compactFacilitiesOfSearch, findPopupFacility } from '../../../modules/map/map.repository.ts';
import { mapFacilitiesPage, mapPageGzip } from '../../../modules/map/map-snapshot.service.ts';
import { zoneContents } from '../../../modules/map/map-zone.service.ts';
import { exportZone } from '../../../modules/map/map-zone-export.service.ts';
import { searchFilter } from '../../../modules/search/search.repository.ts';
import { parseSearch } from '../../../modules/search/search.service.ts';
import { GZIP_ONLY } from '../../compression.ts';
import { sendDownload } from '../../download.ts';
import { sendJsonText } from '../../json-text.ts';
import { errorResponses } from '../../schemas.ts';

/**
 * For a body that is gzip already (a map page, a basemap tile): sent as it is to a client that
 * accepts gzip, inflated for one that does not. Any body with bytes: the plugin's threshold is
 * for bodies it compresses itself.
 */
const GZIPPED = {
  ...GZIP_ONLY,
  inflateIfDeflated: true,
  threshold: 1,
  customTypes: /^application\/(?:json|vnd\.mapbox-vector-tile)(?:;|$)/,
};

/** The map's endpoints (DESIGN.md § 4). Facility data is scoped in SQL by the map module. */
export default async function mapRoutes(app: App) {
  // The map moves the largest answers of the API (10 000 facilities a page): gzip them (this
  // plugin's routes only; bodies under 1 kB are sent as they are).
  await app.register(fastifyCompress, GZIP_ONLY);

  app.post(
    '/map/facilities',
    {
      config: { accessLog: { none: 'overview' } },
      compress: GZIPPED,
      schema: {
        tags: ['map'],
        summary: 'Every facility of the caller’s scope with a position, compact, in pages of one snapshot',
        body: MapFacilitiesQuery,
        response: { 200: MapFacilitiesPage, ...errorResponses },
      },
    },
    // JSON text built from the snapshot's stored text, not serialised again, with the facilities
    // gzipped once for every caller (the plugin inflates it for a client that does not take gzip).
    async (request, reply) => {
      const page = await mapFacilitiesPage(app.db, request.scope, request.body);
      return sendJsonText(reply, await mapPageGzip(app.db, page));
    },
  );

  // The search payload as the export takes it; paging and order do not apply: the map shows every match.
  app.post(
    '/map/facilities/filtered',
    {
      config: { accessLog: { none: 'overview' } },
      schema: {
        tags: ['map'],
        summary: 'The facilities of a search that have a position, compact (hitsToSkip, hitsToReturn and orderBy are ignored)',
        body: SearchExportPayloadBody,
        response: { 200: MapFilteredFacilities, ...errorResponses },
      },
    },
    async (request, reply) => {
      const search = await parseSearch(app.readDb, request.scope, withExportDefaults(request.body));
      const facilities = await compactFacilitiesOfSearch(searchFilter(app.readDb, request.scope, search));
      return sendJsonText(reply, `{"facilities":[${facilities.join(',')}],"totalCount":${facilities.length}}`);
    },
  );

  app.get(
    '/map/facilities/:facilityId',
    {
      config: { accessLog: { none: 'overview' } },
      schema: {
        tags: ['map'],
        summary: 'What the map’s popup shows of one facility',
        params: MapFacilityParams,
        response: { 200: MapFacilityPopup, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.facilityId);
      const row = id <= MAX_ID ? await findPopupFacility(app.readDb, request.scope, id) : undefined;
      if (!row) throw notFound();
      return { ...presentPopup(row), hazardDistances: await facilityHazardDistances(app.db, id) };
    },
  );

  app.post(
    '/map/zone',
    {
      config: { accessLog: { none: 'overview' } },
      schema: {
        tags: ['map'],
        summary: 'The facilities inside a drawn polygon or circle, and their substances by group',
        body: MapZoneRequest,
        response: { 200: MapZoneResult, ...errorResponses },
      },
    },
    async (request) => presentZone(await zoneContents(app.readDb, request.scope, request.body)),
  );

  app.post(
    '/map/zone/export',
    {
      config: { accessLog: { action: 'EXPORT' } },
      schema: {
        tags: ['map'],
        summary:
          'The facilities inside a zone as anlegg-i-sone.xlsx (explosives facilities left out; ?lang=nb|nn, Bokmål by default)',
        body: MapZoneRequest,
        querystring: DocumentLanguage,
        response: { ...errorResponses },
      },
    },
    async (request, reply) =>
      sendDownload(reply, await exportZone(app.readDb, request.scope, request.body, request.query.lang ?? 'nb', request.log)),
  );

  // Answers that carry their own ETag (the data's version): the plugin answers 304 to a matching If-None-Match.
  await app.register(async (child) => {
    const versioned = child.withTypeProvider<TypeBoxTypeProvider>();
    await versioned.register(fastifyEtag);

    versioned.get(
      '/map/gaspipes',
      {
        config: { accessLog: { none: 'facility-free' } },
        schema: {
          tags: ['map'],
          summary: 'Gas pipelines as GeoJSON, with their pressure class; answers 304 to a matching If-None-Match',
          response: { 200: GasPipelineCollection, 304: Type.Null({ description: 'Not modified' }), ...errorResponses },
        },
      },
      async (_request, reply) => {
        const { version, pipelines } = await gasPipelines(app.readDb);
        // private: pipelines are not public data; no-cache: ask each time, a 304 is cheap.
        reply.header('etag', `"${version}"`).header('cache-control', 'private, no-cache');
        return pipelines;
      },
    );

    // Open data (Kartverket, CC BY 4.0) that the map needs before any facility: public and cacheable.
    versioned.get(
      '/map/basemap/:z/:x/:y',
      {
        config: { access: 'public' },
        compress: GZIPPED,
        schema: {
          tags: ['map'],
          summary: 'A vector tile of the offline basemap: county and municipality boundaries and label points (© Kartverket)',
          description: `Mapbox Vector Tile with one layer, "${BASEMAP_TILE_LAYER}"; 204 for a tile with nothing in it.`,
          params: BasemapTileParams,
        },
      },
      async (request, reply) => {
        const [z, x, y] = [request.params.z, request.params.x, request.params.y].map(Number) as [number, number, number];
        if (x >= 2 ** z || y >= 2 ** z)
          throw validationError(`Kartflisen ${z}/${x}/${y} finnes ikke: x og y må være under ${2 ** z}.`);
        const basemap = await loadBasemap();
        reply.header('etag', basemap.etag).header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
        const tile = await basemap.tile(z, x, y);
        if (!tile) return reply.code(204).send();
        return reply.type('application/vnd.mapbox-vector-tile').send(tile);
      },
    );
  });
}
