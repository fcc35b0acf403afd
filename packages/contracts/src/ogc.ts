import { type Static, Type } from 'typebox';
import { MajorAccidentValue, PressureClass } from './import-record.ts';
import { Nullable } from './schema.ts';

/**
 * The OGC API – Features service under /ogc (issue 38; OGC 17-069r4 Part 1: Core, OGC 18-058r1
 * Part 2: Coordinate Reference Systems by Reference): the caller's facilities and the gas
 * pipelines as GeoJSON, for map systems (QGIS, ArcGIS, GDAL/OGR). Explosives facilities are never
 * served, as no export carries them.
 */

export const OGC_ITEMS_DEFAULT_LIMIT = 100;
export const OGC_ITEMS_MAX_LIMIT = 10_000;

/** The coordinate reference systems the service answers in (Part 2), by their OGC URIs. */
export const OgcCrs = {
  CRS84: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
  EPSG_4258: 'http://www.opengis.net/def/crs/EPSG/0/4258',
  EPSG_25832: 'http://www.opengis.net/def/crs/EPSG/0/25832',
  EPSG_25833: 'http://www.opengis.net/def/crs/EPSG/0/25833',
  EPSG_25835: 'http://www.opengis.net/def/crs/EPSG/0/25835',
} as const;
export type OgcCrs = (typeof OgcCrs)[keyof typeof OgcCrs];
/** CRS84 first: the default, and the storage CRS (WGS84 longitude, latitude). */
export const OGC_CRS_LIST: readonly OgcCrs[] = Object.values(OgcCrs);

/** The conformance classes the service implements, and only those. */
export const OGC_CONFORMANCE_CLASSES = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
] as const;

export const OgcCollectionId = { FACILITIES: 'facilities', GAS_PIPELINES: 'gas-pipelines' } as const;
export type OgcCollectionId = (typeof OgcCollectionId)[keyof typeof OgcCollectionId];

export const OgcMediaType = {
  JSON: 'application/json',
  GEOJSON: 'application/geo+json',
  HTML: 'text/html',
  OPENAPI: 'application/vnd.oai.openapi+json;version=3.0',
  SCHEMA: 'application/schema+json',
} as const;

/** `f`: the answer's format, overriding Accept. */
const Format = Type.Union([Type.Literal('json'), Type.Literal('html')], { description: 'json (default) or html' });
export type OgcFormat = Static<typeof Format>;

/** A feature's id: a facility's number, a gas pipeline's identifier. */
const FEATURE_ID = '^[A-Za-z0-9_.-]{1,64}$';

const CrsParam = Type.String({ description: 'The answer’s CRS, one of the collection’s `crs` URIs (CRS84 by default)' });

/** `?f=` alone: the landing page, conformance, the API document, the collections and queryables. */
export const OgcPageQuery = Type.Object({ f: Type.Optional(Format) }, { additionalProperties: false });
export type OgcPageQuery = Static<typeof OgcPageQuery>;

/**
 * GET /ogc/collections/{collectionId}/items. Query strings arrive as text (the server does not
 * coerce types); the server checks numbers, ranges and CRS names and answers 400 for anything
 * else, as Part 1 asks of an unknown parameter too. Paging follows the answer's `next` link,
 * whose `after` is the last feature's id (the items are in id order).
 */
export const OgcItemsQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,6}$', description: `1 to ${OGC_ITEMS_MAX_LIMIT}, default ${OGC_ITEMS_DEFAULT_LIMIT}` }),
    ),
    after: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,10}$', description: 'The next page: the items after this id (from a `next` link)' }),
    ),
    before: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,10}$', description: 'The previous page: the items before this id (from a `prev` link)' }),
    ),
    bbox: Type.Optional(Type.String({ description: 'minx,miny,maxx,maxy in bbox-crs (CRS84 by default)' })),
    'bbox-crs': Type.Optional(Type.String({ description: 'The CRS of bbox, one of the collection’s `crs` URIs' })),
    crs: Type.Optional(CrsParam),
    datetime: Type.Optional(
      Type.String({
        description: 'facilities: the date the record was last updated, an instant or an interval (`2024-01-01/..`)',
      }),
    ),
    municipality: Type.Optional(
      Type.String({ pattern: '^[0-9]{4}(,[0-9]{4})*$', description: 'facilities: municipality numbers, comma-separated' }),
    ),
    majorAccident: Type.Optional(
      Type.String({
        pattern: '^(NOT_AFFECTED|PARAGRAPH_SIX|PARAGRAPH_NINE)(,(NOT_AFFECTED|PARAGRAPH_SIX|PARAGRAPH_NINE))*$',
        description: 'facilities: major-accident values, comma-separated',
      }),
    ),
    f: Type.Optional(Format),
  },
  { additionalProperties: false },
);
export type OgcItemsQuery = Static<typeof OgcItemsQuery>;

/** GET /ogc/collections/{collectionId}/items/{featureId}. */
export const OgcItemQuery = Type.Object(
  { crs: Type.Optional(CrsParam), f: Type.Optional(Format) },
  { additionalProperties: false },
);
export type OgcItemQuery = Static<typeof OgcItemQuery>;

export const OgcFeatureParams = Type.Object({ featureId: Type.String({ pattern: FEATURE_ID }) }, { additionalProperties: false });

export const OgcLink = Type.Object(
  {
    href: Type.String(),
    rel: Type.String(),
    type: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type OgcLink = Static<typeof OgcLink>;

export const OgcLanding = Type.Object(
  { title: Type.String(), description: Type.String(), links: Type.Array(OgcLink) },
  { additionalProperties: false },
);
export type OgcLanding = Static<typeof OgcLanding>;

export const OgcConformance = Type.Object({ conformsTo: Type.Array(Type.String()) }, { additionalProperties: false });
export type OgcConformance = Static<typeof OgcConformance>;

export const OgcCollection = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Type.String(),
    itemType: Type.Literal('feature'),
    extent: Type.Object(
      {
        spatial: Type.Object(
          { bbox: Type.Array(Type.Array(Type.Number())), crs: Type.String() },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    crs: Type.Array(Type.String()),
    storageCrs: Type.String(),
    links: Type.Array(OgcLink),
  },
  { additionalProperties: false },
);
export type OgcCollection = Static<typeof OgcCollection>;

export const OgcCollections = Type.Object(
  { links: Type.Array(OgcLink), collections: Type.Array(OgcCollection), crs: Type.Array(Type.String()) },
  { additionalProperties: false },
);
export type OgcCollections = Static<typeof OgcCollections>;

/** A JSON Schema of a collection's queryable properties (`application/schema+json`). */
export const OgcQueryables = Type.Object(
  {
    $schema: Type.String(),
    $id: Type.String(),
    type: Type.Literal('object'),
    title: Type.String(),
    properties: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
    additionalProperties: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type OgcQueryables = Static<typeof OgcQueryables>;

const Position = Type.Array(Type.Number(), { minItems: 2, maxItems: 2 });

/**
 * A facility as a feature: flat properties, each a string, number or null, so that a map system's
 * attribute table takes every one as a column (QGIS, ArcGIS and GeoPackage have no lists).
 */
export const OgcFacilityProperties = Type.Object(
  {
    name: Nullable(Type.String()),
    street: Nullable(Type.String()),
    postalCode: Nullable(Type.String()),
    postalPlace: Nullable(Type.String()),
    municipalityCode: Type.String(),
    municipalityName: Type.String(),
    majorAccident: Type.Enum(Object.values(MajorAccidentValue)),
    /** The types of its facility units, comma-separated, in unit order. */
    facilityUnits: Type.String(),
    /** What it stores: "Propan (UN 1978) 3 tonn; ...", per substance and unit. */
    substances: Type.String(),
    /** The UN numbers it stores, comma-separated. */
    unNumbers: Type.String(),
    /** Its largest distances from the ERG (metres), null where none of its substances gives one. */
    isolationMetres: Nullable(Type.Number()),
    evacuationMetres: Nullable(Type.Number()),
    fireMetres: Nullable(Type.Number()),
    /** The edition the distances are read from ("ERG 2016"); null without any. */
    hazardEdition: Nullable(Type.String()),
    /** The date the record was last updated (YYYY-MM-DD): what `datetime` filters on. */
    updated: Type.String(),
    /** The facility's page in the app. */
    url: Type.String(),
  },
  { additionalProperties: false },
);
export type OgcFacilityProperties = Static<typeof OgcFacilityProperties>;

export const OgcFacilityFeature = Type.Object(
  {
    type: Type.Literal('Feature'),
    id: Type.Integer({ minimum: 1 }),
    geometry: Nullable(Type.Object({ type: Type.Literal('Point'), coordinates: Position }, { additionalProperties: false })),
    properties: OgcFacilityProperties,
    links: Type.Optional(Type.Array(OgcLink)),
  },
  { additionalProperties: false },
);
export type OgcFacilityFeature = Static<typeof OgcFacilityFeature>;

export const OgcGasPipelineProperties = Type.Object(
  {
    name: Type.String(),
    owner: Type.String(),
    pressureClass: Type.Enum(Object.values(PressureClass)),
    maximumOperatingPressureBar: Type.Number(),
    diameterMm: Type.Number(),
  },
  { additionalProperties: false },
);

export const OgcGasPipelineFeature = Type.Object(
  {
    type: Type.Literal('Feature'),
    id: Type.String(),
    geometry: Type.Union([
      Type.Object({ type: Type.Literal('LineString'), coordinates: Type.Array(Position) }, { additionalProperties: false }),
      Type.Object(
        { type: Type.Literal('MultiLineString'), coordinates: Type.Array(Type.Array(Position)) },
        { additionalProperties: false },
      ),
    ]),
    properties: OgcGasPipelineProperties,
    links: Type.Optional(Type.Array(OgcLink)),
  },
  { additionalProperties: false },
);
export type OgcGasPipelineFeature = Static<typeof OgcGasPipelineFeature>;

/** An items page. `numberMatched` is left out where it is not known exactly (a bbox in a projected CRS). */
export const OgcFeatureCollection = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(Type.Union([OgcFacilityFeature, OgcGasPipelineFeature])),
    links: Type.Array(OgcLink),
    timeStamp: Type.String(),
    numberMatched: Type.Optional(Type.Integer({ minimum: 0 })),
    numberReturned: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type OgcFeatureCollection = Static<typeof OgcFeatureCollection>;
