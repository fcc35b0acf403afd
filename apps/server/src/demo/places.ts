import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadMunicipalityGeometry, type MunicipalityGeometry } from '../modules/reference/municipality-geometry.ts';
import { loadPostalCodeRecords, type PostalCodeRecord } from '../modules/reference/postal-codes.ts';
import { REFERENCE_DIR } from '../reference-dir.ts';
import type { Random } from './random.ts';

export interface MunicipalityInfo {
  id: string;
  name: string;
  countyId: string;
  adminCentre: string;
  population: number;
  areaKm2: number;
  labelPoint: [number, number];
}

export interface Places {
  municipalities: MunicipalityInfo[];
  byId: Map<string, MunicipalityInfo>;
  postalCodes: Map<string, PostalCodeRecord[]>;
  geometry: MunicipalityGeometry;
}

export async function loadPlaces(): Promise<Places> {
  const municipalities = JSON.parse(await readFile(join(REFERENCE_DIR, 'municipalities.json'), 'utf8')) as MunicipalityInfo[];
  const postalCodes = new Map<string, PostalCodeRecord[]>();
  for (const p of await loadPostalCodeRecords()) {
    const list = postalCodes.get(p.municipalityId) ?? [];
    list.push(p);
    postalCodes.set(p.municipalityId, list);
  }
  return {
    municipalities,
    byId: new Map(municipalities.map((m) => [m.id, m])),
    postalCodes,
    geometry: await loadMunicipalityGeometry(),
  };
}

// Town centres where the reference labelPoint lies in forest or in the rural part of a large
// municipality (Oslo's is in Nordmarka, Sandnes's east of Lysefjorden): urban facilities cluster here.
const TOWN_CENTRES: Record<string, [number, number]> = {
  '0301': [10.757, 59.918],
  '4601': [5.33, 60.385],
  '1103': [5.728, 58.965],
  '1108': [5.738, 58.852],
  '1124': [5.645, 58.885],
  '1127': [5.617, 59.0],
  '5001': [10.395, 63.43],
  '3201': [10.53, 59.905],
  '3203': [10.44, 59.835],
  '3205': [11.05, 59.955],
  '3301': [10.205, 59.742],
  '4204': [7.995, 58.148],
  '5501': [18.955, 69.65],
  '3107': [10.935, 59.215],
  '4003': [9.61, 59.21],
  '4001': [9.655, 59.14],
  '1106': [5.27, 59.41],
  '1149': [5.3, 59.28],
};

export function townCentre(m: MunicipalityInfo): [number, number] {
  return TOWN_CENTRES[m.id] ?? m.labelPoint;
}

const KM_PER_DEGREE_LAT = 111.2;

/**
 * A point inside the municipality. Urban facilities scatter normally around the town centre (with a
 * spread that grows with the municipality), rural ones uniformly over the municipality's box; every
 * candidate is checked against the polygon, so a point never lands in the sea or a neighbour.
 */
export function pointIn(places: Places, random: Random, m: MunicipalityInfo, urban: boolean): [number, number] {
  const [cx, cy] = townCentre(m);
  const cosLat = Math.cos((cy * Math.PI) / 180);
  const spreadKm = Math.min(12, Math.max(0.8, 0.18 * Math.sqrt(m.areaKm2)));
  const box = places.geometry.bbox(m.id);
  for (let attempt = 0; attempt < 200; attempt++) {
    let x: number;
    let y: number;
    if ((urban && attempt < 100) || !box) {
      x = cx + (random.gaussian() * spreadKm) / (KM_PER_DEGREE_LAT * cosLat);
      y = cy + (random.gaussian() * spreadKm) / KM_PER_DEGREE_LAT;
    } else {
      x = random.float(box[0], box[2]);
      y = random.float(box[1], box[3]);
    }
    if (places.geometry.contains(m.id, x, y)) return [round6(x), round6(y)];
  }
  return m.labelPoint;
}

/** Moves a point by `metres` in a random direction, keeping it inside the municipality. */
export function offsetPoint(
  places: Places,
  random: Random,
  m: MunicipalityInfo,
  point: [number, number],
  metres: number,
): [number, number] {
  const angle = random.float(0, 2 * Math.PI);
  const cosLat = Math.cos((point[1] * Math.PI) / 180);
  const x = point[0] + (Math.cos(angle) * metres) / (KM_PER_DEGREE_LAT * 1000 * cosLat);
  const y = point[1] + (Math.sin(angle) * metres) / (KM_PER_DEGREE_LAT * 1000);
  return places.geometry.contains(m.id, x, y) ? [round6(x), round6(y)] : point;
}

export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
