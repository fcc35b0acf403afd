import {
  OGC_CRS_LIST,
  OGC_ITEMS_DEFAULT_LIMIT,
  OGC_ITEMS_MAX_LIMIT,
  OgcCollectionId,
  OgcCrs,
  OgcMediaType,
} from '@fast/contracts';
import { COLLECTION_TEXT } from './ogc.presenter.ts';

/**
 * The feed's own API description (Part 1's OpenAPI 3.0 conformance class), served at /ogc/api:
 * the /ogc paths as a map system reads them, each collection's items under its own path.
 */

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const json = (schema: Record<string, unknown>, type: string = OgcMediaType.JSON) => ({
  [type]: { schema },
  [OgcMediaType.HTML]: { schema: { type: 'string' } },
});
const ERRORS = {
  '400': { $ref: '#/components/responses/Error' },
  '401': { $ref: '#/components/responses/Error' },
  '403': { $ref: '#/components/responses/Error' },
  '404': { $ref: '#/components/responses/Error' },
};
const ok = (description: string, content: Record<string, unknown>) => ({ '200': { description, content }, ...ERRORS });

function collectionPaths(id: OgcCollectionId) {
  const { title } = COLLECTION_TEXT[id];
  const facilities = id === OgcCollectionId.FACILITIES;
  const filters = facilities ? [ref('datetime'), ref('municipality'), ref('majorAccident')] : [];
  return {
    [`/collections/${id}`]: {
      get: {
        summary: `Samlingen ${title}`,
        operationId: `describe-${id}`,
        parameters: [ref('f')],
        responses: ok(title, json({ type: 'object' })),
      },
    },
    [`/collections/${id}/queryables`]: {
      get: {
        summary: `Egenskapene i ${title}`,
        operationId: `queryables-${id}`,
        parameters: [ref('f')],
        responses: ok('JSON Schema', json({ type: 'object' }, OgcMediaType.SCHEMA)),
      },
    },
    [`/collections/${id}/items`]: {
      get: {
        summary: `Objektene i ${title}`,
        operationId: `items-${id}`,
        parameters: [ref('limit'), ref('after'), ref('before'), ref('bbox'), ref('bbox-crs'), ref('crs'), ...filters, ref('f')],
        responses: {
          ...ok('GeoJSON FeatureCollection', json({ type: 'object' }, OgcMediaType.GEOJSON)),
          '304': { description: 'Uendret siden ETag-en i If-None-Match' },
        },
      },
    },
    [`/collections/${id}/items/{featureId}`]: {
      get: {
        summary: `Ett objekt i ${title}`,
        operationId: `item-${id}`,
        parameters: [
          { name: 'featureId', in: 'path', required: true, schema: { type: facilities ? 'integer' : 'string' } },
          ref('crs'),
          ref('f'),
        ],
        responses: ok('GeoJSON Feature', json({ type: 'object' }, OgcMediaType.GEOJSON)),
      },
    },
  };
}

export function ogcOpenApi(base: string) {
  const crs = { type: 'string', format: 'uri', enum: [...OGC_CRS_LIST], default: OgcCrs.CRS84 };
  return {
    openapi: '3.0.3',
    info: {
      title: 'FAST – OGC API – Features',
      version: '1.0.0',
      description:
        'Anlegg med farlige stoffer (eksplosivanlegg aldri) og gassrør, avgrenset til kommunene virksomheten har tilgang til. Hver forespørsel bærer et bearer-token og FAST-ORG-NUMBER.',
    },
    servers: [{ url: base }],
    security: [{ bearer: [], organisation: [] }],
    paths: {
      '/': {
        get: {
          summary: 'Landingssiden',
          operationId: 'landing',
          parameters: [ref('f')],
          responses: ok('Landingssiden', json({ type: 'object' })),
        },
      },
      '/conformance': {
        get: {
          summary: 'Standardene tjenesten følger',
          operationId: 'conformance',
          parameters: [ref('f')],
          responses: ok('conformsTo', json({ type: 'object' })),
        },
      },
      '/api': {
        get: {
          summary: 'Denne API-beskrivelsen',
          operationId: 'api',
          responses: ok('OpenAPI 3.0', { [OgcMediaType.OPENAPI]: { schema: { type: 'object' } } }),
        },
      },
      '/collections': {
        get: {
          summary: 'Samlingene',
          operationId: 'collections',
          parameters: [ref('f')],
          responses: ok('Samlingene', json({ type: 'object' })),
        },
      },
      ...collectionPaths(OgcCollectionId.FACILITIES),
      ...collectionPaths(OgcCollectionId.GAS_PIPELINES),
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        organisation: { type: 'apiKey', in: 'header', name: 'FAST-ORG-NUMBER' },
      },
      parameters: {
        f: {
          name: 'f',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['json', 'html'] },
          style: 'form',
          explode: false,
        },
        limit: {
          name: 'limit',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: OGC_ITEMS_MAX_LIMIT, default: OGC_ITEMS_DEFAULT_LIMIT },
          style: 'form',
          explode: false,
        },
        after: {
          name: 'after',
          in: 'query',
          required: false,
          description: 'Neste side (fra next-lenken)',
          schema: { type: 'string' },
        },
        before: {
          name: 'before',
          in: 'query',
          required: false,
          description: 'Forrige side (fra prev-lenken)',
          schema: { type: 'string' },
        },
        bbox: {
          name: 'bbox',
          in: 'query',
          required: false,
          schema: { type: 'array', minItems: 4, maxItems: 4, items: { type: 'number' } },
          style: 'form',
          explode: false,
        },
        'bbox-crs': { name: 'bbox-crs', in: 'query', required: false, schema: crs, style: 'form', explode: false },
        crs: { name: 'crs', in: 'query', required: false, schema: crs, style: 'form', explode: false },
        datetime: {
          name: 'datetime',
          in: 'query',
          required: false,
          description: 'Datoen anlegget sist ble oppdatert: et tidspunkt eller et intervall (2024-01-01/..)',
          schema: { type: 'string' },
          style: 'form',
          explode: false,
        },
        municipality: {
          name: 'municipality',
          in: 'query',
          required: false,
          description: 'Kommunenumre, kommaseparert',
          schema: { type: 'array', items: { type: 'string', pattern: '^[0-9]{4}$' } },
          style: 'form',
          explode: false,
        },
        majorAccident: {
          name: 'majorAccident',
          in: 'query',
          required: false,
          schema: { type: 'array', items: { type: 'string', enum: ['NOT_AFFECTED', 'PARAGRAPH_SIX', 'PARAGRAPH_NINE'] } },
          style: 'form',
          explode: false,
        },
      },
      responses: {
        Error: {
          description: 'Feil: { reference, type, message }',
          content: {
            [OgcMediaType.JSON]: {
              schema: {
                type: 'object',
                required: ['reference', 'type', 'message'],
                properties: {
                  reference: { type: 'string', format: 'uuid' },
                  type: { type: 'string' },
                  message: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  };
}
