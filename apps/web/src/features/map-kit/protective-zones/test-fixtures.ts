import type {
  FacilityDetail,
  HazardCard,
  HazardSummary,
  MapZoneResult,
  ProtectiveZonesResponse,
  SubstanceRow,
  VulnerableInside,
  VulnerableObject,
  WindResponse,
} from '@fast/contracts';
import { circleRing, destination, type LonLat } from '../geometry.ts';

/**
 * A waterworks in Bergen with a few tonnes of chlorine (ERG 2016 Table 3) and a propane tank
 * (BLEVE), and the answers the API gives for them, for the protective zones' tests.
 */

export const WATERWORKS_POSITION: LonLat = [5.3221, 60.3913];

/** The zones request for Chlorine's large spill at the waterworks: multiple ton cylinders, a moderate wind from the south-west. */
export const CHLORINE_LARGE_SPILL_REQUEST = {
  unNumber: '1017',
  latitude: WATERWORKS_POSITION[1],
  longitude: WATERWORKS_POSITION[0],
  spill: 'large',
  fire: false,
  container: 'multiple-ton-cylinders',
  windFromDegrees: 225,
  windSpeed: 'moderate',
};

const summary = (over: Partial<HazardSummary> & Pick<HazardSummary, 'unNumber' | 'guide'>): HazardSummary => ({
  adrClass: '2',
  labels: ['2.1'],
  hazardNumber: '23',
  toxicInhalation: false,
  table3: false,
  bleve: false,
  isolationM: 100,
  evacuationM: 800,
  evacuationDayM: null,
  evacuationAllDirections: false,
  fireIsolationM: 1600,
  edition: '2016',
  adrEdition: '2017',
  ...over,
});

export const CHLORINE_SUMMARY = summary({
  unNumber: '1017',
  guide: 124,
  labels: ['2.3', '5.1', '8'],
  hazardNumber: '265',
  toxicInhalation: true,
  table3: true,
  isolationM: 100,
  evacuationM: null,
  fireIsolationM: 800,
});
export const PROPANE_SUMMARY = summary({ unNumber: '1978', guide: 115, bleve: true });
export const EXPLOSIVE_SUMMARY = summary({
  unNumber: '0081',
  guide: 112,
  adrClass: '1',
  labels: ['1'],
  hazardNumber: null,
  isolationM: 500,
  evacuationAllDirections: true,
});

const row = (over: Partial<SubstanceRow> & Pick<SubstanceRow, 'unNumber' | 'name' | 'quantity' | 'unit'>): SubstanceRow => ({
  substanceId: 1,
  nameNn: over.name,
  hazardDivision: null,
  unitPosition: 0,
  position: 0,
  unitType: { id: 7, description: 'Vannverk', descriptionNn: 'Vassverk' },
  hazard: null,
  ...over,
});

/** Chlorine in two rows (3 and 1 tonnes: multiple ton cylinders), propane in two tanks (2 and 4.5 m³), and an unknown without a card. */
export function waterworks(): FacilityDetail {
  return {
    id: 42,
    name: 'Kismul vannverk',
    position: { wgs84: { lat: WATERWORKS_POSITION[1], lon: WATERWORKS_POSITION[0] } },
    substanceGroups: [
      {
        groupId: 1,
        name: 'Giftige gasser',
        nameNn: 'Giftige gassar',
        totals: [{ unit: 'tonn', quantity: 4 }],
        substances: [
          row({ unNumber: '1017', name: 'Klor', quantity: 3, unit: 'tonn', hazard: CHLORINE_SUMMARY }),
          row({ unNumber: '1017', name: 'Klor', quantity: 1000, unit: 'kg', position: 1, hazard: CHLORINE_SUMMARY }),
        ],
      },
      {
        groupId: 2,
        name: 'Brannfarlige gasser',
        nameNn: 'Brannfarlege gassar',
        totals: [{ unit: 'm3', quantity: 6.5 }],
        substances: [
          row({ unNumber: '1978', name: 'Propan', quantity: 2, unit: 'm3', hazard: PROPANE_SUMMARY }),
          row({ unNumber: '1978', name: 'Propan', quantity: 4.5, unit: 'm3', position: 1, hazard: PROPANE_SUMMARY }),
          row({ unNumber: '9999', name: 'Ukjent', quantity: 1, unit: 'kg' }),
        ],
      },
    ],
    hazardDistances: {
      isolation: {
        metres: 300,
        unNumber: '1017',
        name: 'Klor',
        nameNn: 'Klor',
        edition: '2016',
        table: '3',
        container: 'multiple-ton-cylinders',
        allDirections: true,
      },
      evacuation: {
        metres: 4000,
        dayMetres: 2100,
        unNumber: '1017',
        name: 'Klor',
        nameNn: 'Klor',
        edition: '2016',
        table: '3',
        container: 'multiple-ton-cylinders',
        allDirections: false,
      },
      fire: null,
    },
  } as unknown as FacilityDetail;
}

const wind = (low: number, moderate: number, high: number) => ({ low, moderate, high });

/** Chlorine's card with its ERG 2016 Table 3 rows (the gas has four of the six containers). */
export const CHLORINE_CARD = {
  unNumber: '1017',
  figures: {
    edition: '2016',
    guide: 124,
    guideDistances: { isolationM: 100, largeSpillM: null, largeSpillAllDirections: false, fireIsolationM: 800 },
    table1: {
      material: 'Chlorine',
      atmospheric: false,
      smallSpill: { isolationM: 60, dayM: 300, nightM: 1100 },
      largeSpill: null,
    },
    table3: [
      { container: 'rail-tank-car', isolationM: 1000, day: wind(9900, 6400, 5100), night: wind(11000, 9000, 6700) },
      { container: 'highway-tank-truck', isolationM: 600, day: wind(5800, 3400, 2900), night: wind(6700, 5000, 4100) },
      { container: 'multiple-ton-cylinders', isolationM: 300, day: wind(2100, 1300, 1000), night: wind(4000, 2400, 1300) },
      {
        container: 'multiple-small-cylinders-or-single-ton-cylinder',
        isolationM: 150,
        day: wind(1500, 800, 500),
        night: wind(2900, 1300, 600),
      },
    ],
    bleve: null,
    fireIsolationM: 800,
  },
  summary: CHLORINE_SUMMARY,
} as unknown as HazardCard;

export const MET_WIND: WindResponse = {
  available: true,
  windFromDegrees: 224.6,
  windSpeedMetresPerSecond: 4.2,
  windSpeed: 'moderate',
  validAt: '2026-11-28T13:00:00Z',
  updatedAt: '2026-11-28T12:12:00Z',
  source: 'MET Norway',
  credit: { text: 'Meteorologisk institutt (MET Norway), CC BY 4.0', url: 'https://api.met.no/doc/License' },
};

const inside = (...names: [string, number][]): MapZoneResult => ({
  facilities: names.map(([name, distanceMetres], index) => ({
    id: 100 + index,
    name,
    privatePerson: false,
    municipality: { id: '4601', name: 'Bergen' },
    majorAccident: 'NOT_AFFECTED',
    explosives: false,
    longitude: WATERWORKS_POSITION[0],
    latitude: WATERWORKS_POSITION[1],
    distanceMetres,
  })),
  totalCount: names.length,
  substanceTotals: [],
});

/** A vulnerable object near the waterworks, `distanceMeters` away towards `bearingDegrees`. */
export function vulnerableObject(
  over: Pick<VulnerableObject, 'kind' | 'name' | 'capacity' | 'distanceMeters' | 'bearingDegrees'> & Partial<VulnerableObject>,
): VulnerableObject {
  const [longitude, latitude] = destination(WATERWORKS_POSITION, over.distanceMeters, over.bearingDegrees);
  return {
    sourceId: `demo-${over.kind}-${over.name}`,
    address: 'Nordnesgaten 1, 5005 Bergen',
    municipalityId: '4601',
    latitude,
    longitude,
    ...over,
  };
}

/** The objects inside as the server answers: nearest first, totals per kind in the contract's order. */
export function vulnerableInside(objects: VulnerableObject[]): VulnerableInside {
  const sorted = [...objects].sort((a, b) => a.distanceMeters - b.distanceMeters);
  const kinds = ['kindergarten', 'school', 'care-home', 'hospital'] as const;
  return {
    objects: sorted,
    totalCount: sorted.length,
    totals: kinds.flatMap((kind) => {
      const ofKind = sorted.filter((o) => o.kind === kind);
      if (ofKind.length === 0) return [];
      const known = ofKind.filter((o) => o.capacity !== null);
      return [
        {
          kind,
          count: ofKind.length,
          capacity: known.reduce((sum, o) => sum + (o.capacity ?? 0), 0),
          capacityKnown: known.length,
        },
      ];
    }),
  };
}

export const VULNERABLE_LAYER = {
  version: 1,
  source: 'FAST demodata: fiktive sårbare objekter',
  loadedAt: '2026-11-28T08:00:00.000Z',
};

/** The downwind square as the server draws it: its upwind side centred on the spill. */
function downwindSquare(center: LonLat, towards: number, side: number): LonLat[] {
  const near = [destination(center, side / 2, towards - 90), destination(center, side / 2, towards + 90)] as const;
  const far = near.map((corner) => destination(corner, side, towards));
  return [near[0], near[1], far[1] as LonLat, far[0] as LonLat, near[0]];
}

/** A large chlorine spill from multiple ton cylinders, wind from the south-west, moderate, by night. */
export function chlorineZones(): ProtectiveZonesResponse {
  return {
    isolation: { type: 'Polygon', coordinates: [circleRing(WATERWORKS_POSITION, 300)] },
    protectiveAction: { type: 'Polygon', coordinates: [downwindSquare(WATERWORKS_POSITION, 45, 2400)] },
    fire: null,
    parameters: {
      unNumber: '1017',
      name: 'Klor',
      nameNn: 'Klor',
      guide: 124,
      edition: '2016',
      table: '3',
      material: 'Chlorine',
      spill: 'large',
      fire: false,
      container: 'multiple-ton-cylinders',
      windFromDegrees: 225,
      downwindDegrees: 45,
      windSpeed: 'moderate',
      daylight: 'night',
      daylightBasis: 'sun',
      at: '2026-11-28T21:30:00.000Z',
      atmospheric: false,
      tankLitres: null,
      bleveCapacityLitres: null,
      isolation: { metres: 300, table: '3', allDirections: true },
      protectiveAction: { metres: 2400, table: '3', allDirections: false },
      fireIsolation: null,
      bleve: null,
    },
    facilitiesInside: {
      isolation: inside(['Kismul vannverk', 0]),
      protectiveAction: inside(['Kismul vannverk', 0], ['Nordnes bad', 850], ['Sandviken bryggeri', 2100]),
      fire: null,
    },
    vulnerableInside: {
      isolation: vulnerableInside([]),
      protectiveAction: vulnerableInside([
        vulnerableObject({
          kind: 'kindergarten',
          name: 'Nordnes barnehage',
          capacity: 80,
          distanceMeters: 650,
          bearingDegrees: 40,
        }),
        vulnerableObject({ kind: 'school', name: 'Nordnes skole', capacity: 412, distanceMeters: 900, bearingDegrees: 50 }),
        vulnerableObject({
          kind: 'kindergarten',
          name: 'Klosteret barnehage',
          capacity: 54,
          distanceMeters: 1200,
          bearingDegrees: 45,
        }),
        vulnerableObject({
          kind: 'care-home',
          name: 'Nordnes sykehjem',
          capacity: null,
          distanceMeters: 1800,
          bearingDegrees: 30,
        }),
      ]),
      fire: null,
      layer: VULNERABLE_LAYER,
    },
  };
}
