import { Readable } from 'node:stream';
import {
  OgcCollection,
  OgcCollectionId,
  OgcCollections,
  OgcConformance,
  OgcFeatureParams,
  OgcItemQuery,
  OgcItemsQuery,
  OgcLanding,
  type OgcLink,
  OgcMediaType,
  OgcPageQuery,
} from '@fast/contracts';
import fastifyCompress from '@fastify/compress';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AccessLogRule, App } from '../../app-types.ts';
import { notFound } from '../../errors.ts';
import {
  COLLECTION_TEXT,
  link,
  presentCollection,
  presentCollections,
  presentConformance,
  presentLanding,
  presentQueryables,
  selfLinks,
} from '../../modules/ogc/ogc.presenter.ts';
import { collectionItem, collectionItems, collectionVersion } from '../../modules/ogc/ogc.service.ts';
import { parseCrs } from '../../modules/ogc/ogc-crs.ts';
import {
  collectionHtml,
  collectionsHtml,
  conformanceHtml,
  itemHtml,
  itemsHtml,
  landingHtml,
  queryablesHtml,
} from '../../modules/ogc/ogc-html.ts';
import { featureCollectionText } from '../../modules/ogc/ogc-json-writer.ts';
import { ogcOpenApi } from '../../modules/ogc/ogc-openapi.ts';
import { parseItemsQuery } from '../../modules/ogc/ogc-query.ts';
import { GZIP_ONLY } from '../compression.ts';
import { errorResponses } from '../schemas.ts';
import { etagOf, formatOf, isFresh, notModified, privateAnswer, urlWithoutFormat } from './negotiation.ts';

const FACILITY_FREE: AccessLogRule = { none: 'facility-free' };
/**
 * The documents written as text (the features, the OpenAPI, the queryables, whose JSON Schema
 * has `$id` and `$schema` properties the OpenAPI generator would take for its own): each route
 * test checks them against their contract's schema.
 */
const ANY_DOCUMENT = Type.Object({}, { additionalProperties: true });
const TAGS = ['ogc'];

function sendJson(reply: FastifyReply, body: unknown, type: string = OgcMediaType.JSON) {
  return reply.type(`${type}${type.includes(';') ? '' : '; charset=utf-8'}`).send(JSON.stringify(body));
}

function sendHtml(reply: FastifyReply, html: string | AsyncIterable<string>) {
  reply.type('text/html; charset=utf-8');
  return reply.send(typeof html === 'string' ? html : Readable.from(html, { objectMode: false }));
}

/** The CRS's header value (Part 2: `Content-Crs`, the URI in angle brackets). */
const contentCrs = (crs: string) => `<${crs}>`;

/**
 * OGC API – Features (issue 38; OGC 17-069r4 Part 1 and Part 2) under /ogc, on the app's own
 * origin and access rules: every route is at the `feed` level (a person's token with
 * FAST-ORG-NUMBER, exactly the app's scope; plugins/access.ts), the facilities scoped in SQL and
 * explosives facilities never served (modules/ogc). JSON by default, HTML for `Accept: text/html`
 * or `f=html`. A facility outside the scope, like an unknown collection, is "not found".
 */
export default async function ogcRoutes(app: App) {
  // Pages of 10 000 features are ~10 MB of GeoJSON: gzip for a client that takes it.
  await app.register(fastifyCompress, GZIP_ONLY);
  const base = `${app.config.publicUrl}/ogc`;
  const pageConfig = { access: 'feed' as const, accessLog: FACILITY_FREE };

  app.get(
    '/',
    {
      config: pageConfig,
      schema: {
        tags: TAGS,
        summary: 'OGC API – Features: the landing page',
        querystring: OgcPageQuery,
        response: { 200: OgcLanding, ...errorResponses },
      },
    },
    async (request, reply) => {
      const format = formatOf(request, request.query.f);
      privateAnswer(reply);
      const landing = presentLanding(base, format);
      return format === 'html' ? sendHtml(reply, landingHtml(base, landing)) : sendJson(reply, landing);
    },
  );

  app.get(
    '/conformance',
    {
      config: pageConfig,
      schema: {
        tags: TAGS,
        summary: 'OGC API – Features: the conformance classes implemented',
        querystring: OgcPageQuery,
        response: { 200: OgcConformance, ...errorResponses },
      },
    },
    async (request, reply) => {
      const format = formatOf(request, request.query.f);
      privateAnswer(reply);
      const conformance = presentConformance();
      return format === 'html' ? sendHtml(reply, conformanceHtml(base, conformance)) : sendJson(reply, conformance);
    },
  );

  app.get(
    '/api',
    {
      config: pageConfig,
      schema: {
        tags: TAGS,
        summary: 'OGC API – Features: its OpenAPI 3.0 document',
        querystring: OgcPageQuery,
        response: { 200: ANY_DOCUMENT, ...errorResponses },
      },
    },
    async (_request, reply) => {
      privateAnswer(reply);
      return sendJson(reply, ogcOpenApi(base), OgcMediaType.OPENAPI);
    },
  );

  app.get(
    '/collections',
    {
      config: pageConfig,
      schema: {
        tags: TAGS,
        summary: 'OGC API – Features: the collections',
        querystring: OgcPageQuery,
        response: { 200: OgcCollections, ...errorResponses },
      },
    },
    async (request, reply) => {
      const format = formatOf(request, request.query.f);
      privateAnswer(reply);
      const collections = presentCollections(base, format);
      return format === 'html' ? sendHtml(reply, collectionsHtml(base, collections)) : sendJson(reply, collections);
    },
  );

  for (const id of Object.values(OgcCollectionId)) {
    const collection = { id, title: COLLECTION_TEXT[id].title };
    const itemsRule: AccessLogRule = id === OgcCollectionId.FACILITIES ? { action: 'VIEW' } : FACILITY_FREE;

    app.get(
      `/collections/${id}`,
      {
        config: pageConfig,
        schema: {
          tags: TAGS,
          summary: `OGC API – Features: the ${id} collection`,
          querystring: OgcPageQuery,
          response: { 200: OgcCollection, ...errorResponses },
        },
      },
      async (request, reply) => {
        const format = formatOf(request, request.query.f);
        privateAnswer(reply);
        const described = presentCollection(base, id, format);
        return format === 'html' ? sendHtml(reply, collectionHtml(base, described)) : sendJson(reply, described);
      },
    );

    app.get(
      `/collections/${id}/queryables`,
      {
        config: pageConfig,
        schema: {
          tags: TAGS,
          summary: `OGC API – Features: what ${id} can be filtered by`,
          querystring: OgcPageQuery,
          response: { 200: ANY_DOCUMENT, ...errorResponses },
        },
      },
      async (request, reply) => {
        const format = formatOf(request, request.query.f);
        privateAnswer(reply);
        const queryables = presentQueryables(base, id);
        return format === 'html'
          ? sendHtml(reply, queryablesHtml(base, id, queryables))
          : sendJson(reply, queryables, OgcMediaType.SCHEMA);
      },
    );

    app.get(
      `/collections/${id}/items`,
      {
        config: { access: 'feed', accessLog: itemsRule },
        schema: {
          tags: TAGS,
          summary: `OGC API – Features: the ${id} of the caller's scope, a page at a time (GeoJSON; explosives facilities never)`,
          querystring: OgcItemsQuery,
          response: { 200: ANY_DOCUMENT, ...errorResponses },
        },
      },
      async (request, reply) => {
        const format = formatOf(request, request.query.f);
        const items = parseItemsQuery(request.query);
        privateAnswer(reply);
        // The version before the data: an ETag never labels newer data with an older version.
        const etag = etagOf(request, format, await collectionVersion(app.readDb, request.scope, id));
        reply.header('etag', etag);
        if (isFresh(request, etag)) return notModified(reply);
        const page = await collectionItems(app.readDb, request.scope, id, items, app.config.publicUrl);
        if (page.facilityIds) {
          reply.reveals({
            facilityIds: page.facilityIds,
            detail: `OGC API ${id}/items ${request.url.split('?')[1] ?? ''}`.trim(),
          });
        }
        reply.header('content-crs', contentCrs(items.crs));
        const next = page.next === null ? null : urlWithoutFormat(base, request, { after: page.next, before: null });
        const prev = page.prev === null ? null : urlWithoutFormat(base, request, { before: page.prev, after: null });
        const withF = (url: string, f: string) => `${url}${url.includes('?') ? '&' : '?'}f=${f}`;
        if (format === 'html') {
          return sendHtml(
            reply,
            itemsHtml(
              base,
              collection,
              page,
              {
                next: next && withF(next, 'html'),
                prev: prev && withF(prev, 'html'),
                json: withF(urlWithoutFormat(base, request), 'json'),
              },
              items.crs,
            ),
          );
        }
        const links: OgcLink[] = [
          ...selfLinks(urlWithoutFormat(base, request), 'json', OgcMediaType.GEOJSON),
          ...(next ? [link(withF(next, 'json'), 'next', OgcMediaType.GEOJSON, 'Neste side')] : []),
          ...(prev ? [link(withF(prev, 'json'), 'prev', OgcMediaType.GEOJSON, 'Forrige side')] : []),
          link(`${base}/collections/${id}`, 'collection', OgcMediaType.JSON, collection.title),
        ];
        reply.type(`${OgcMediaType.GEOJSON}; charset=utf-8`);
        return reply.send(Readable.from(featureCollectionText(page, links, new Date().toISOString()), { objectMode: false }));
      },
    );

    app.get(
      `/collections/${id}/items/:featureId`,
      {
        config: { access: 'feed', accessLog: itemsRule },
        schema: {
          tags: TAGS,
          summary: `OGC API – Features: one of the ${id} (404 outside the caller's scope)`,
          params: OgcFeatureParams,
          querystring: OgcItemQuery,
          response: { 200: ANY_DOCUMENT, ...errorResponses },
        },
      },
      async (request, reply) => {
        const format = formatOf(request, request.query.f);
        const crs = parseCrs(request.query.crs, 'crs');
        privateAnswer(reply);
        const etag = etagOf(request, format, await collectionVersion(app.readDb, request.scope, id));
        const feature = await collectionItem(app.readDb, request.scope, id, request.params.featureId, crs, app.config.publicUrl);
        // Outside the scope is not found, as an id that does not exist: its existence never shows.
        if (!feature) throw notFound();
        reply.header('etag', etag);
        if (isFresh(request, etag)) return notModified(reply);
        if (typeof feature.id === 'number')
          reply.reveals({ facilityIds: [feature.id], detail: `OGC API ${id}/items/${feature.id}` });
        reply.header('content-crs', contentCrs(crs));
        const url = urlWithoutFormat(base, request);
        if (format === 'html')
          return sendHtml(reply, itemHtml(base, collection, feature, crs, `${url}${url.includes('?') ? '&' : '?'}f=json`));
        return sendJson(
          reply,
          {
            ...feature,
            links: [
              ...selfLinks(url, 'json', OgcMediaType.GEOJSON),
              link(`${base}/collections/${id}`, 'collection', OgcMediaType.JSON, collection.title),
            ],
          },
          OgcMediaType.GEOJSON,
        );
      },
    );
  }
}
