import { type Static, Type } from 'typebox';
import { ErgTable, type Table3Container, Table3ContainerSchema, WindClassSchema } from './hazard.ts';
import { MapZoneResult } from './map.ts';
import { Nullable } from './schema.ts';
import { ProtectiveZonesVulnerable } from './vulnerable-objects.ts';

/**
 * POST /api/v1/protective-zones: the ERG's zones for one UN number at one point, as the guidebook
 * draws them. Isolation, fire and BLEVE distances are all-around (geodesic circles); the
 * protective action distance is downwind (a square whose side is the distance, its upwind side
 * centred on the spill) except where the guide evacuates in all directions (explosives).
 */
export const ProtectiveZonesRequest = Type.Object(
  {
    unNumber: Type.String({ pattern: '^[0-9]{4}$' }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    spill: Type.Union([Type.Literal('small'), Type.Literal('large')]),
    fire: Type.Boolean(),
    /** A Table 3 container; only for a large spill of a Table 3 gas (another container → 400). */
    container: Type.Optional(Table3ContainerSchema),
    /** The tank's capacity, for the BLEVE distance of a flammable gas in fire. */
    tankLitres: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100_000_000 })),
    /** Where the wind blows from, degrees clockwise from true north; the zone lies the opposite way. */
    windFromDegrees: Type.Optional(Type.Number({ minimum: 0, maximum: 360 })),
    windSpeed: Type.Optional(WindClassSchema),
    /** Day or night; by default from the sun at the point at `at`. */
    daylight: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('night')])),
    /** When (ISO 8601), for day or night; by default now. */
    at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type ProtectiveZonesRequest = Static<typeof ProtectiveZonesRequest>;

const Position = Type.Tuple([Type.Number(), Type.Number()]);
/** A GeoJSON Polygon in WGS84 (longitude, latitude), one closed ring. */
export const ZoneGeometry = Type.Object(
  { type: Type.Literal('Polygon'), coordinates: Type.Array(Type.Array(Position)) },
  { additionalProperties: false },
);
export type ZoneGeometry = Static<typeof ZoneGeometry>;

/** How day or night was decided: given by the caller, or from the sun at the point at a time. */
export const DaylightBasis = Type.Union([Type.Literal('given'), Type.Literal('sun')]);

/** A distance the answer used, and the table it was read from. */
export const ZoneDistance = Type.Object(
  { metres: Type.Integer({ minimum: 0 }), table: ErgTable, allDirections: Type.Boolean() },
  { additionalProperties: false },
);
export type ZoneDistance = Static<typeof ZoneDistance>;

export const ProtectiveZonesParameters = Type.Object(
  {
    unNumber: Type.String(),
    name: Type.String(),
    nameNn: Type.String(),
    guide: Type.Integer(),
    /** The ERG edition of every figure below. */
    edition: Type.String(),
    /** The table the protective action distance was read from; the isolation's is in `isolation`. */
    table: ErgTable,
    /** The ERG row name where the figures are a material's own (Table 1, Table 3, BLEVE). */
    material: Nullable(Type.String()),
    spill: Type.Union([Type.Literal('small'), Type.Literal('large')]),
    fire: Type.Boolean(),
    container: Nullable(Table3ContainerSchema),
    windFromDegrees: Nullable(Type.Number()),
    /** Where the zone lies: the direction the wind blows to. */
    downwindDegrees: Nullable(Type.Number()),
    windSpeed: Nullable(WindClassSchema),
    daylight: Type.Union([Type.Literal('day'), Type.Literal('night')]),
    daylightBasis: DaylightBasis,
    /** The time the sun was read at (ISO 8601), when `daylightBasis` is "sun". */
    at: Nullable(Type.String()),
    /** The "+" of Table 1: the distance can be larger in certain atmospheric conditions. */
    atmospheric: Type.Boolean(),
    tankLitres: Nullable(Type.Number()),
    /** The BLEVE table's capacity row used (the smallest at least the tank; the largest beyond it). */
    bleveCapacityLitres: Nullable(Type.Integer()),
    isolation: ZoneDistance,
    protectiveAction: Nullable(ZoneDistance),
    fireIsolation: Nullable(ZoneDistance),
    bleve: Nullable(ZoneDistance),
  },
  { additionalProperties: false },
);
export type ProtectiveZonesParameters = Static<typeof ProtectiveZonesParameters>;

/** The caller's facilities inside each zone, nearest to the spill first (scoped like every query). */
export const ProtectiveZonesFacilities = Type.Object(
  {
    isolation: MapZoneResult,
    protectiveAction: Nullable(MapZoneResult),
    fire: Nullable(MapZoneResult),
  },
  { additionalProperties: false },
);
export type ProtectiveZonesFacilities = Static<typeof ProtectiveZonesFacilities>;

export const ProtectiveZonesResponse = Type.Object(
  {
    isolation: ZoneGeometry,
    /** The downwind square, or the all-around circle of the explosives guides; null where the guide gives no such distance. */
    protectiveAction: Nullable(ZoneGeometry),
    /** The larger of the fire isolation and the BLEVE evacuation circles (when `fire`); null otherwise. */
    fire: Nullable(ZoneGeometry),
    parameters: ProtectiveZonesParameters,
    facilitiesInside: ProtectiveZonesFacilities,
    /** Schools, kindergartens, care homes and hospitals inside each zone (public data, not scoped). */
    vulnerableInside: ProtectiveZonesVulnerable,
  },
  { additionalProperties: false },
);
export type ProtectiveZonesResponse = Static<typeof ProtectiveZonesResponse>;

/**
 * The Table 3 container a stored quantity of one gas most likely sits in, among the gas's own
 * rows: up to a tonne in small cylinders or one ton cylinder, a few tonnes in ton cylinders (an
 * ammonia plant's few tonnes: a nurse tank's size), up to a tank truck's load, else a rail tank
 * car's. A proposal for the screen and the facility's largest distances; the user may change it.
 */
export function proposeContainer(available: readonly Table3Container[], kilograms: number): Table3Container | null {
  const order: Table3Container[] =
    kilograms <= 100
      ? ['multiple-small-cylinders', 'multiple-small-cylinders-or-single-ton-cylinder']
      : kilograms <= 1_000
        ? ['multiple-small-cylinders-or-single-ton-cylinder', 'multiple-small-cylinders', 'agricultural-nurse-tank']
        : kilograms <= 10_000
          ? ['multiple-ton-cylinders', 'agricultural-nurse-tank', 'highway-tank-truck']
          : kilograms <= 30_000
            ? ['highway-tank-truck']
            : ['rail-tank-car', 'highway-tank-truck'];
  return order.find((c) => available.includes(c)) ?? available[0] ?? null;
}

/**
 * A stored quantity in kilograms, for proposing a container and ranking equal distances: masses as
 * they are, volumes at 1 kg per litre (the register does not hold densities; liquefied chlorine
 * is 1.4 kg/l, ammonia 0.7, so this is the right order of magnitude, not a weight).
 */
export function approximateKilograms(quantity: number, unit: 'm3' | 'liter' | 'tonn' | 'kg'): number {
  return unit === 'tonn' || unit === 'm3' ? quantity * 1000 : quantity;
}
