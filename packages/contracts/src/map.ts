import { type Static, Type } from 'typebox';
import { MunicipalityRef } from './geography.ts';
import { FacilityHazardDistances } from './hazard.ts';
import { MajorAccidentValue, PipelineSubstance, PressureClass } from './import-record.ts';
import { MAP_PAGE_SIZE } from './limits.ts';
import { Uuid } from './patterns.ts';
import { Nullable, StreetAddress } from './schema.ts';

/**
 * The map (DESIGN.md § 4): every facility of the caller's scope in compact pages, the filtered
 * facilities of a search, a facility's popup, the facilities and substances inside a drawn zone,
 * the gas pipelines and the offline basemap.
 */

/**
 * Major-accident values by their index in a compact map facility. The order is part of the API:
 * never reorder, only append.
 */
export const MAP_MAJOR_ACCIDENT_VALUES = [
  MajorAccidentValue.NOT_AFFECTED,
  MajorAccidentValue.PARAGRAPH_SIX,
  MajorAccidentValue.PARAGRAPH_NINE,
] as const;

/** Coordinates of map facilities are rounded to this many decimals (1e-5° ≈ 1.1 m north–south). */
export const MAP_COORDINATE_DECIMALS = 5;

/**
 * One facility on the map, as a tuple to keep 100 000 of them small on the wire (about 16 bytes
 * each gzipped, against about 19 for objects):
 * `[id, longitude, latitude, name, majorAccident, explosives, firstUnitTypeId]`, where
 * `majorAccident` indexes MAP_MAJOR_ACCIDENT_VALUES, `explosives` is 1 or 0, `name` is null for
 * private persons without a facility name, and `firstUnitTypeId` is the type of the first
 * facility unit (the ids of GET /api/v1/facilities/search/criteria).
 */
export const MapFacilityTuple = Type.Tuple([
  Type.Integer({ minimum: 1 }),
  Type.Number({ minimum: -180, maximum: 180 }),
  Type.Number({ minimum: -90, maximum: 90 }),
  // A type list rather than anyOf: the server's serialiser handles it inside a tuple, and fast.
  Type.Unsafe<string | null>({ type: ['string', 'null'] }),
  Type.Integer({ minimum: 0, maximum: MAP_MAJOR_ACCIDENT_VALUES.length - 1 }),
  Type.Integer({ minimum: 0, maximum: 1 }),
  Type.Integer({ minimum: 1 }),
]);
export type MapFacilityTuple = Static<typeof MapFacilityTuple>;

/** A map facility as the web app works with it (decoded from the tuple). */
export interface MapFacility {
  id: number;
  longitude: number;
  latitude: number;
  name: string | null;
  majorAccident: MajorAccidentValue;
  explosives: boolean;
  unitTypeId: number;
}

export function decodeMapFacility(tuple: MapFacilityTuple): MapFacility {
  const [id, longitude, latitude, name, majorAccident, explosives, unitTypeId] = tuple;
  return {
    id,
    longitude,
    latitude,
    name,
    majorAccident: MAP_MAJOR_ACCIDENT_VALUES[majorAccident] ?? MajorAccidentValue.NOT_AFFECTED,
    explosives: explosives === 1,
    unitTypeId,
  };
}

/**
 * POST /api/v1/map/facilities. Without `pitId`, a new snapshot of the caller's facilities is taken
 * and its first page answered. With the `pitId` and `continueFrom` of the previous answer, the next
 * page of that same snapshot: across one snapshot's pages no facility appears twice or goes missing,
 * whatever is imported meanwhile. A snapshot expires MAP_SNAPSHOT_IDLE_SECONDS after its last page.
 * `null` is the same as leaving a continuation field out (an answer's `continueFrom` is null on the
 * last page).
 */
export const MapFacilitiesQuery = Type.Object(
  {
    pageSize: Type.Integer({ minimum: 1, maximum: MAP_PAGE_SIZE }),
    pitId: Type.Optional(Nullable(Uuid)),
    /** The position in the snapshot to continue from (the previous answer's `continueFrom`). */
    continueFrom: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }))),
  },
  { additionalProperties: false },
);
export type MapFacilitiesQuery = Static<typeof MapFacilitiesQuery>;

export const MapFacilitiesPage = Type.Object(
  {
    facilities: Type.Array(MapFacilityTuple),
    hasMoreResults: Type.Boolean(),
    pitId: Uuid,
    /** Where the next page starts; null on the last page. */
    continueFrom: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** Facilities in the whole snapshot: "how many of how many" while loading. */
    totalCount: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type MapFacilitiesPage = Static<typeof MapFacilitiesPage>;

/** A snapshot lives this long after its last use (each page renews it). */
export const MAP_SNAPSHOT_IDLE_SECONDS = 300;

/** POST /api/v1/map/facilities/filtered: the facilities of a search that have a position. */
export const MapFilteredFacilities = Type.Object(
  { facilities: Type.Array(MapFacilityTuple), totalCount: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type MapFilteredFacilities = Static<typeof MapFilteredFacilities>;

/** GET /api/v1/map/facilities/{facilityId}: what the map's popup shows. */
export const MapFacilityPopup = Type.Object(
  {
    id: Type.Integer(),
    name: Nullable(Type.String()),
    privatePerson: Type.Boolean(),
    address: StreetAddress,
    municipality: MunicipalityRef,
    majorAccident: Type.Enum(Object.values(MajorAccidentValue)),
    explosives: Type.Boolean(),
    longitude: Type.Number(),
    latitude: Type.Number(),
    /** The facility's largest isolation and evacuation distances (hazard cards). */
    hazardDistances: Type.Optional(FacilityHazardDistances),
  },
  { additionalProperties: false },
);
export type MapFacilityPopup = Static<typeof MapFacilityPopup>;

/** Path parameters arrive as text: a positive integer of at most ten digits. */
export const MapFacilityParams = Type.Object(
  { facilityId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) },
  { additionalProperties: false },
);

/** The most vertices a zone polygon may have (a drawn circle has 64). */
export const MAP_ZONE_MAX_VERTICES = 5_000;
/** The most facilities a zone lists; its substance totals always cover every facility inside. */
export const MAP_ZONE_MAX_FACILITIES = 5_000;

const Position = Type.Tuple([Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })]);

/** A GeoJSON Polygon in WGS84: the first ring is the outline, any others are holes. */
export const ZonePolygon = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(Type.Array(Position, { minItems: 4, maxItems: MAP_ZONE_MAX_VERTICES }), {
      minItems: 1,
      maxItems: 50,
    }),
  },
  { additionalProperties: false },
);
export type ZonePolygon = Static<typeof ZonePolygon>;

/** The largest circle a zone may be: a county's size, far beyond any incident's. */
export const MAP_ZONE_MAX_RADIUS_METRES = 200_000;

/**
 * A circle on the earth's surface: every point whose great-circle distance from the centre is at
 * most the radius (haversine on a sphere of radius EARTH_RADIUS_METRES). Sent as centre and
 * radius, not as the drawn polygon, so that membership is exact to the metre.
 */
export const ZoneCircle = Type.Object(
  {
    center: Position,
    radiusMetres: Type.Number({ exclusiveMinimum: 0, maximum: MAP_ZONE_MAX_RADIUS_METRES }),
  },
  { additionalProperties: false },
);
export type ZoneCircle = Static<typeof ZoneCircle>;

/** The mean earth radius (IUGG) used for zone circles and distances. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two [longitude, latitude] points (haversine). */
export function haversineMetres([lon1, lat1]: readonly [number, number], [lon2, lat2]: readonly [number, number]): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** POST /api/v1/map/zone and /api/v1/map/zone/export: a drawn polygon or rectangle, or a circle. */
export const MapZoneRequest = Type.Union([
  Type.Object({ polygon: ZonePolygon }, { additionalProperties: false }),
  Type.Object({ circle: ZoneCircle }, { additionalProperties: false }),
]);
export type MapZoneRequest = Static<typeof MapZoneRequest>;

export const MapZoneFacility = Type.Object(
  {
    id: Type.Integer(),
    name: Nullable(Type.String()),
    privatePerson: Type.Boolean(),
    municipality: MunicipalityRef,
    majorAccident: Type.Enum(Object.values(MajorAccidentValue)),
    explosives: Type.Boolean(),
    longitude: Type.Number(),
    latitude: Type.Number(),
    /** Great-circle distance from the zone's centre (a circle's centre, a polygon's vertex mean). */
    distanceMetres: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type MapZoneFacility = Static<typeof MapZoneFacility>;

/**
 * The stored quantity of one substance group inside a zone. Volumes are summed in m³ (litres
 * converted) and masses in tonnes (kilograms converted); a group may have both.
 */
export const MapZoneSubstanceTotal = Type.Object(
  {
    substanceGroupId: Type.Integer(),
    name: Type.String(),
    nameNn: Type.String(),
    cubicMetres: Type.Number({ minimum: 0 }),
    tonnes: Type.Number({ minimum: 0 }),
    /** Facilities inside the zone that store something of this group. */
    facilityCount: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type MapZoneSubstanceTotal = Static<typeof MapZoneSubstanceTotal>;

export const MapZoneResult = Type.Object(
  {
    /** Nearest first (to the zone's centre), at most MAP_ZONE_MAX_FACILITIES. */
    facilities: Type.Array(MapZoneFacility),
    /** Every facility inside, also those the list leaves out. */
    totalCount: Type.Integer({ minimum: 0 }),
    substanceTotals: Type.Array(MapZoneSubstanceTotal),
  },
  { additionalProperties: false },
);
export type MapZoneResult = Static<typeof MapZoneResult>;

/** The file name of a zone's export (Content-Disposition). */
export const MAP_ZONE_EXPORT_FILE_NAME = 'anlegg-i-sone.xlsx';

/** GET /api/v1/map/gaspipes: one Feature per pipeline. */
export const GasPipelineProperties = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    owner: Type.String(),
    pressureClass: Type.Enum(Object.values(PressureClass)),
    substance: Type.Enum(Object.values(PipelineSubstance)),
    maximumOperatingPressureBar: Type.Number(),
    diameterMm: Type.Integer(),
    material: Type.String(),
    yearBuilt: Type.Integer(),
  },
  { additionalProperties: false },
);
export type GasPipelineProperties = Static<typeof GasPipelineProperties>;

const LineCoordinates = Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 3 }), { minItems: 2 });

export const GasPipelineFeature = Type.Object(
  {
    type: Type.Literal('Feature'),
    id: Type.String(),
    properties: GasPipelineProperties,
    geometry: Type.Union([
      Type.Object({ type: Type.Literal('LineString'), coordinates: LineCoordinates }, { additionalProperties: false }),
      Type.Object(
        { type: Type.Literal('MultiLineString'), coordinates: Type.Array(LineCoordinates) },
        { additionalProperties: false },
      ),
    ]),
  },
  { additionalProperties: false },
);
export type GasPipelineFeature = Static<typeof GasPipelineFeature>;

export const GasPipelineCollection = Type.Object(
  { type: Type.Literal('FeatureCollection'), features: Type.Array(GasPipelineFeature) },
  { additionalProperties: false },
);
export type GasPipelineCollection = Static<typeof GasPipelineCollection>;

/**
 * The offline basemap as vector tiles (GET /api/v1/map/basemap/{z}/{x}/{y}): one layer, cut down
 * to BASEMAP_MAX_ZOOM (MapLibre enlarges the deepest tiles beyond it).
 */
export const BASEMAP_TILE_LAYER = 'basemap';
export const BASEMAP_MAX_ZOOM = 12;

/** Path parameters arrive as text: the tile's zoom, column and row (checked against the zoom by the server). */
export const BasemapTileParams = Type.Object(
  {
    z: Type.String({ pattern: '^([0-9]|1[0-2])$', description: `Zoom 0–${BASEMAP_MAX_ZOOM}` }),
    x: Type.String({ pattern: '^[0-9]{1,4}$', description: 'Column, below 2^z' }),
    y: Type.String({ pattern: '^[0-9]{1,4}$', description: 'Row, below 2^z' }),
  },
  { additionalProperties: false },
);
export type BasemapTileParams = Static<typeof BasemapTileParams>;

/** What the basemap tiles' features are (their `kind`): the layers of the offline basemap. */
export const BasemapFeatureKind = {
  COUNTY: 'county',
  MUNICIPALITY: 'municipality',
  COUNTY_LABEL: 'county-label',
  MUNICIPALITY_LABEL: 'municipality-label',
} as const;
export type BasemapFeatureKind = (typeof BasemapFeatureKind)[keyof typeof BasemapFeatureKind];
