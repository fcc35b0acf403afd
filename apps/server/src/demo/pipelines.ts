import type { ImportGasPipelineRecord, PressureClass } from '@fast/contracts';
import { round6 } from './places.ts';
import type { Random } from './random.ts';

type Point = [number, number];

interface Route {
  id: string;
  name: string;
  owner: string;
  pressureClass: PressureClass;
  substance?: 'NATURAL_GAS' | 'BIOGAS';
  yearBuilt: number;
  /** Towns, landfalls and junctions the pipe passes, in order (WGS84 lon, lat). */
  via: Point[];
}

// Fictitious operators for the three onshore networks of domain.md § 15.
const ROGALAND = 'Rogaland Gassnett AS';
const HAUGALAND = 'Haugaland Gass AS';
const GRENLAND = 'Grenland Naturgass AS';

const P = {
  kaarstoe: [5.524, 59.274],
  bokn: [5.44, 59.225],
  vikevaag: [5.702, 59.098],
  finnoey: [5.865, 59.165],
  mekjarvik: [5.603, 59.028],
  randaberg: [5.618, 59.001],
  stavanger: [5.728, 58.965],
  hinna: [5.74, 58.915],
  forus: [5.72, 58.885],
  risavika: [5.588, 58.918],
  tananger: [5.585, 58.935],
  sola: [5.645, 58.885],
  sandnes: [5.738, 58.852],
  ganddal: [5.72, 58.805],
  kleppe: [5.632, 58.775],
  bryne: [5.648, 58.735],
  naerboe: [5.64, 58.665],
  varhaug: [5.645, 58.617],
  haugesund: [5.27, 59.41],
  karmsundet: [5.31, 59.36],
  haavik: [5.3, 59.31],
  kopervik: [5.305, 59.283],
  aksdal: [5.44, 59.42],
  heroeya: [9.635, 59.118],
  porsgrunn: [9.655, 59.14],
  skien: [9.61, 59.205],
  brevik: [9.7, 59.055],
  stathelle: [9.695, 59.045],
  rafnes: [9.583, 59.05],
} satisfies Record<string, Point>;

const ROUTES: Route[] = [
  // Rogaland: the transmission line from Kårstø to Risavika with the branch to Finnøy
  {
    id: 'ROG-HT-01',
    name: 'Kårstø–Bokn',
    owner: ROGALAND,
    pressureClass: 'HIGH',
    yearBuilt: 2003,
    via: [P.kaarstoe, [5.49, 59.25], P.bokn],
  },
  {
    id: 'ROG-HT-02',
    name: 'Bokn–Rennesøy',
    owner: ROGALAND,
    pressureClass: 'HIGH',
    yearBuilt: 2003,
    via: [P.bokn, [5.56, 59.16], P.vikevaag],
  },
  {
    id: 'ROG-HT-03',
    name: 'Rennesøy–Mekjarvik',
    owner: ROGALAND,
    pressureClass: 'HIGH',
    yearBuilt: 2003,
    via: [P.vikevaag, [5.65, 59.06], P.mekjarvik],
  },
  {
    id: 'ROG-HT-04',
    name: 'Mekjarvik–Risavika',
    owner: ROGALAND,
    pressureClass: 'HIGH',
    yearBuilt: 2004,
    via: [P.mekjarvik, [5.6, 58.98], P.tananger, P.risavika],
  },
  {
    id: 'ROG-HT-05',
    name: 'Rennesøy–Finnøy (T-avgrening)',
    owner: ROGALAND,
    pressureClass: 'HIGH',
    yearBuilt: 2005,
    via: [P.vikevaag, [5.78, 59.13], P.finnoey],
  },
  // Rogaland distribution: Mekjarvik in the north to Varhaug in the south
  {
    id: 'ROG-MT-01',
    name: 'Risavika–Sola–Sandnes',
    owner: ROGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2004,
    via: [P.risavika, [5.61, 58.9], P.sola, P.forus, P.sandnes],
  },
  {
    id: 'ROG-MT-02',
    name: 'Mekjarvik–Randaberg–Stavanger',
    owner: ROGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2004,
    via: [P.mekjarvik, P.randaberg, [5.69, 58.985], P.stavanger],
  },
  {
    id: 'ROG-MT-03',
    name: 'Stavanger–Hinna–Forus',
    owner: ROGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2005,
    via: [P.stavanger, [5.735, 58.94], P.hinna, P.forus],
  },
  {
    id: 'ROG-MT-04',
    name: 'Sandnes–Ganddal–Kleppe',
    owner: ROGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2005,
    via: [P.sandnes, P.ganddal, [5.67, 58.79], P.kleppe],
  },
  {
    id: 'ROG-MT-05',
    name: 'Kleppe–Bryne–Nærbø',
    owner: ROGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2006,
    via: [P.kleppe, P.bryne, [5.645, 58.7], P.naerboe],
  },
  {
    id: 'ROG-MT-06',
    name: 'Nærbø–Varhaug',
    owner: ROGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2007,
    via: [P.naerboe, [5.643, 58.64], P.varhaug],
  },
  {
    id: 'ROG-MT-07',
    name: 'Sola–Kleppe (biogass)',
    owner: ROGALAND,
    pressureClass: 'MEDIUM',
    substance: 'BIOGAS',
    yearBuilt: 2016,
    via: [P.sola, [5.64, 58.83], P.kleppe],
  },
  // Haugaland and Karmøy
  {
    id: 'HAU-MT-01',
    name: 'Kårstø–Aksdal–Haugesund',
    owner: HAUGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2002,
    via: [P.kaarstoe, [5.5, 59.35], P.aksdal, [5.36, 59.42], P.haugesund],
  },
  {
    id: 'HAU-MT-02',
    name: 'Haugesund–Karmsundet–Kopervik',
    owner: HAUGALAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2004,
    via: [P.haugesund, P.karmsundet, P.haavik, P.kopervik],
  },
  // Grenland
  {
    id: 'GRE-HT-01',
    name: 'Rafnes–Herøya',
    owner: GRENLAND,
    pressureClass: 'HIGH',
    yearBuilt: 2002,
    via: [P.rafnes, [9.6, 59.08], P.heroeya],
  },
  {
    id: 'GRE-MT-01',
    name: 'Herøya–Porsgrunn–Skien',
    owner: GRENLAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2003,
    via: [P.heroeya, P.porsgrunn, [9.63, 59.175], P.skien],
  },
  {
    id: 'GRE-MT-02',
    name: 'Herøya–Brevik–Stathelle',
    owner: GRENLAND,
    pressureClass: 'MEDIUM',
    yearBuilt: 2006,
    via: [P.heroeya, [9.68, 59.09], P.brevik, P.stathelle],
  },
];

// Low-pressure street networks in the towns the medium-pressure lines reach.
const LOW_PRESSURE_TOWNS: { prefix: string; owner: string; centre: Point; streets: number; name: string; yearBuilt: number }[] = [
  { prefix: 'ROG-LT-STA', owner: ROGALAND, centre: P.stavanger, streets: 6, name: 'Stavanger sentrum', yearBuilt: 2006 },
  { prefix: 'ROG-LT-SAN', owner: ROGALAND, centre: P.sandnes, streets: 5, name: 'Sandnes sentrum', yearBuilt: 2006 },
  { prefix: 'ROG-LT-FOR', owner: ROGALAND, centre: P.forus, streets: 4, name: 'Forus næringspark', yearBuilt: 2005 },
  { prefix: 'ROG-LT-BRY', owner: ROGALAND, centre: P.bryne, streets: 3, name: 'Bryne', yearBuilt: 2008 },
  { prefix: 'ROG-LT-NAE', owner: ROGALAND, centre: P.naerboe, streets: 2, name: 'Nærbø', yearBuilt: 2009 },
  { prefix: 'ROG-LT-SOL', owner: ROGALAND, centre: P.sola, streets: 3, name: 'Sola', yearBuilt: 2007 },
  { prefix: 'HAU-LT-HAU', owner: HAUGALAND, centre: P.haugesund, streets: 3, name: 'Haugesund', yearBuilt: 2008 },
  { prefix: 'GRE-LT-POR', owner: GRENLAND, centre: P.porsgrunn, streets: 3, name: 'Porsgrunn', yearBuilt: 2010 },
];

const SPEC: Record<PressureClass, { mop: [number, number]; material: string; diameter: number[] }> = {
  HIGH: { mop: [40, 100], material: 'Stål', diameter: [300, 400, 500] },
  MEDIUM: { mop: [4, 10], material: 'PE100 SDR11', diameter: [110, 160, 200, 250] },
  LOW: { mop: [0.1, 4], material: 'PE100 SDR17', diameter: [40, 63, 90, 110] },
};

/**
 * Densifies a route through its waypoints with a gentle bend between each pair: buried pipes follow
 * roads and shorelines, so they curve a little, but they do not zigzag.
 */
function trace(random: Random, via: Point[], stepKm: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < via.length - 1; i++) {
    const [x0, y0] = via[i] as Point;
    const [x1, y1] = via[i + 1] as Point;
    const cosLat = Math.cos((y0 * Math.PI) / 180);
    const lengthKm = Math.hypot((x1 - x0) * 111.2 * cosLat, (y1 - y0) * 111.2);
    const steps = Math.max(2, Math.ceil(lengthKm / stepKm));
    const bend = random.float(-0.06, 0.06); // sideways offset at mid-span, as a share of the length
    for (let s = i === 0 ? 0 : 1; s <= steps; s++) {
      const t = s / steps;
      const side = Math.sin(Math.PI * t) * bend;
      out.push([round6(x0 + (x1 - x0) * t - (y1 - y0) * side), round6(y0 + (y1 - y0) * t + (x1 - x0) * side)]);
    }
  }
  return out;
}

function record(random: Random, route: Route, coordinates: Point[]): ImportGasPipelineRecord {
  const spec = SPEC[route.pressureClass];
  return {
    recordType: 'gasPipeline',
    id: route.id,
    name: route.name,
    owner: route.owner,
    pressureClass: route.pressureClass,
    mopBar: Math.round(random.float(spec.mop[0], spec.mop[1]) * 10) / 10,
    material: spec.material,
    diameterMm: random.pick(spec.diameter),
    yearBuilt: route.yearBuilt,
    substance: route.substance ?? 'NATURAL_GAS',
    geometry: { type: 'LineString', coordinates },
  };
}

export function generatePipelines(random: Random): ImportGasPipelineRecord[] {
  const out = ROUTES.map((route) => record(random, route, trace(random, route.via, 0.5)));
  for (const town of LOW_PRESSURE_TOWNS) {
    const [cx, cy] = town.centre;
    const cosLat = Math.cos((cy * Math.PI) / 180);
    for (let s = 0; s < town.streets; s++) {
      // Street mains radiate from the town's station in different directions, 0.8–2.5 km long.
      const angle = (2 * Math.PI * s) / town.streets + random.float(-0.3, 0.3);
      const lengthKm = random.float(0.8, 2.5);
      const end: Point = [cx + (Math.cos(angle) * lengthKm) / (111.2 * cosLat), cy + (Math.sin(angle) * lengthKm) / 111.2];
      const mid: Point = [(cx + end[0]) / 2 + random.float(-0.002, 0.002), (cy + end[1]) / 2 + random.float(-0.001, 0.001)];
      const route: Route = {
        id: `${town.prefix}-${String(s + 1).padStart(2, '0')}`,
        name: `${town.name}, gatenett ${s + 1}`,
        owner: town.owner,
        pressureClass: 'LOW',
        yearBuilt: town.yearBuilt + random.int(0, 8),
        via: [town.centre, mid, end],
      };
      out.push(record(random, route, trace(random, route.via, 0.15)));
    }
  }
  return out;
}
