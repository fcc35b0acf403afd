import { type Static, Type } from 'typebox';
import { ZonePolygon } from './map.ts';
import { NEARBY_MAX_RADIUS_METERS } from './nearby.ts';
import { IsoDateTime } from './patterns.ts';
import { Nullable } from './schema.ts';

/**
 * What a hazard threatens (issue 37): schools, kindergartens, care homes and hospitals, from the
 * `vulnerable-objects` reference layer the authority loads (Utdanningsdirektoratet's NSR and NBR,
 * the health institutions). Public data: every signed-in user sees every object, whatever their
 * municipality access (the facilities stay scoped).
 *
 * POST /api/v1/vulnerable-objects/within   → VulnerableWithinResponse (a circle)
 * POST /api/v1/vulnerable-objects/inside   → VulnerableWithinResponse (a polygon drawn on the map)
 * GET  /api/v1/map/vulnerable-objects      → VulnerableObjectCollection (the map layer)
 * and `vulnerableInside` of POST /api/v1/protective-zones (the zones' polygons).
 */

export const VULNERABLE_OBJECT_KINDS = ['kindergarten', 'school', 'care-home', 'hospital'] as const;
export type VulnerableObjectKind = (typeof VULNERABLE_OBJECT_KINDS)[number];
export const VulnerableObjectKindSchema = Type.Enum([...VULNERABLE_OBJECT_KINDS]);

/** What `capacity` counts for each kind: children, pupils, places, beds. */
export const CAPACITY_UNIT_OF_KIND = {
  kindergarten: 'children',
  school: 'pupils',
  'care-home': 'places',
  hospital: 'beds',
} as const satisfies Record<VulnerableObjectKind, string>;

/** At most this many objects are listed per answer (nearest first); the totals count them all. */
export const VULNERABLE_MAX_LISTED = 2_000;

export const VulnerableWithinRequest = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    radiusMeters: Type.Number({ minimum: 1, maximum: NEARBY_MAX_RADIUS_METERS }),
  },
  { additionalProperties: false },
);
export type VulnerableWithinRequest = Static<typeof VulnerableWithinRequest>;

/** A polygon or rectangle drawn on the map, as POST /api/v1/map/zone takes it. */
export const VulnerableInsideRequest = Type.Object({ polygon: ZonePolygon }, { additionalProperties: false });
export type VulnerableInsideRequest = Static<typeof VulnerableInsideRequest>;

export const VulnerableObject = Type.Object(
  {
    /** The publisher's id (NSR's or NBR's organisation number, the institution's id). */
    sourceId: Type.String(),
    kind: VulnerableObjectKindSchema,
    name: Type.String(),
    address: Nullable(Type.String()),
    municipalityId: Nullable(Type.String()),
    latitude: Type.Number(),
    longitude: Type.Number(),
    /** Pupils, children, places or beds (CAPACITY_UNIT_OF_KIND), where the source gives it. */
    capacity: Nullable(Type.Integer({ minimum: 0 })),
    /** Geodesic distance on WGS84 from the centre or the spill, in metres (to the decimetre). */
    distanceMeters: Type.Number({ minimum: 0 }),
    /** Initial bearing from the centre to the object, degrees clockwise from true north, 0 ≤ b < 360. */
    bearingDegrees: Type.Number({ minimum: 0, exclusiveMaximum: 360 }),
  },
  { additionalProperties: false },
);
export type VulnerableObject = Static<typeof VulnerableObject>;

/** One kind's count and summed capacity; `capacityKnown` says how many of them gave a capacity. */
export const VulnerableKindTotal = Type.Object(
  {
    kind: VulnerableObjectKindSchema,
    count: Type.Integer({ minimum: 0 }),
    capacity: Type.Integer({ minimum: 0 }),
    capacityKnown: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type VulnerableKindTotal = Static<typeof VulnerableKindTotal>;

/** The layer version an answer was read from; null when no vulnerable objects are loaded. */
export const VulnerableLayerVersion = Nullable(
  Type.Object(
    { version: Type.Integer({ minimum: 1 }), source: Type.String(), loadedAt: IsoDateTime },
    { additionalProperties: false },
  ),
);

/** The objects inside one circle or zone: nearest first, totals per kind in VULNERABLE_OBJECT_KINDS order (kinds with none left out). */
export const VulnerableInside = Type.Object(
  {
    objects: Type.Array(VulnerableObject),
    totalCount: Type.Integer({ minimum: 0 }),
    totals: Type.Array(VulnerableKindTotal),
  },
  { additionalProperties: false },
);
export type VulnerableInside = Static<typeof VulnerableInside>;

export const VulnerableWithinResponse = Type.Object(
  {
    ...VulnerableInside.properties,
    layer: VulnerableLayerVersion,
  },
  { additionalProperties: false },
);
export type VulnerableWithinResponse = Static<typeof VulnerableWithinResponse>;

/** The protective zones' objects, zone by zone (null where the zone is). */
export const ProtectiveZonesVulnerable = Type.Object(
  {
    isolation: VulnerableInside,
    protectiveAction: Nullable(VulnerableInside),
    fire: Nullable(VulnerableInside),
    layer: VulnerableLayerVersion,
  },
  { additionalProperties: false },
);
export type ProtectiveZonesVulnerable = Static<typeof ProtectiveZonesVulnerable>;

/** The map layer: every active object as a GeoJSON point (WGS84), compact. */
export const VulnerableObjectFeature = Type.Object(
  {
    type: Type.Literal('Feature'),
    geometry: Type.Object(
      { type: Type.Literal('Point'), coordinates: Type.Tuple([Type.Number(), Type.Number()]) },
      { additionalProperties: false },
    ),
    properties: Type.Object(
      {
        sourceId: Type.String(),
        kind: VulnerableObjectKindSchema,
        name: Type.String(),
        address: Nullable(Type.String()),
        capacity: Nullable(Type.Integer({ minimum: 0 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type VulnerableObjectFeature = Static<typeof VulnerableObjectFeature>;

export const VulnerableObjectCollection = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(VulnerableObjectFeature),
    layer: VulnerableLayerVersion,
  },
  { additionalProperties: false },
);
export type VulnerableObjectCollection = Static<typeof VulnerableObjectCollection>;
