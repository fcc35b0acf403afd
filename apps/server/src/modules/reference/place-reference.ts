import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MunicipalityRef } from '@fast/contracts';
import { REFERENCE_DIR } from '../../reference-dir.ts';
import { loadMunicipalityGeometry } from './municipality-geometry.ts';
import { loadPostalCodeRecords } from './postal-codes.ts';
import { placeWords } from './place-text.ts';

/**
 * The public places of the lookup, from the reference data only (apps/server/reference): the
 * municipalities with their label points, Posten's postal codes placed by Erik Bolstad's points
 * (else at their municipality's label point), and the boundaries that tell which municipality a
 * point lies in. Never positions from the register: a postal code placed at its facilities would
 * give away where they are.
 */

export interface MunicipalityPlace {
  ref: MunicipalityRef;
  /** Its display name: the name, with the county where two municipalities share it ("Herøy (Nordland)"). */
  label: string;
  /** The words of its name, display name and Sami and Kven names, folded (placeWords). */
  words: readonly string[];
  longitude: number;
  latitude: number;
}

export interface PostalCodePlace {
  postcode: string;
  place: string;
  /** The postcode and the words of the place, folded: what a query's words must start. */
  words: readonly string[];
  municipality: MunicipalityRef | null;
  longitude: number;
  latitude: number;
  /** Placed by Erik Bolstad's points (which require attribution), not by the municipality. */
  fromPostcodePoints: boolean;
}

export interface PlaceReference {
  municipalities: readonly MunicipalityPlace[];
  postalCodes: readonly PostalCodePlace[];
  postalCode(postcode: string): PostalCodePlace | undefined;
  /**
   * The postal code placed by Erik Bolstad's points whose point this is (to the 6 decimals the
   * incident URL keeps): a point chosen as that postal code, which must credit the points.
   */
  postcodePointAt(longitude: number, latitude: number): PostalCodePlace | undefined;
  /** The municipality a point lies in; null outside Norway's municipalities. */
  municipalityAt(longitude: number, latitude: number): Promise<MunicipalityRef | null>;
}

interface MunicipalityRecord {
  id: string;
  name: string;
  displayName: string;
  names: Record<string, string>;
  labelPoint: [number, number];
}

interface PostcodePoint {
  postcode: string;
  latitude: number;
  longitude: number;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(join(REFERENCE_DIR, file), 'utf8')) as T;
}

// Half the last of the 6 decimals a point keeps in the incident URL.
const SAME_POINT_DEGREES = 5e-7;

let cached: Promise<PlaceReference> | undefined;

/** Read once per process (about 1 MB of JSON). */
export function loadPlaceReference(): Promise<PlaceReference> {
  cached ??= load();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}

async function load(): Promise<PlaceReference> {
  const [records, postcodes, points] = await Promise.all([
    readJson<MunicipalityRecord[]>('municipalities.json'),
    loadPostalCodeRecords(),
    readJson<PostcodePoint[]>('postal-code-points.json'),
  ]);
  const municipalities = records.map(
    (m): MunicipalityPlace => ({
      ref: { id: m.id, name: m.name },
      label: m.displayName,
      words: placeWords([m.name, m.displayName, ...Object.values(m.names)].join(' ')),
      longitude: m.labelPoint[0],
      latitude: m.labelPoint[1],
    }),
  );
  const byId = new Map(municipalities.map((m) => [m.ref.id, m]));
  const pointOf = new Map(points.map((p) => [p.postcode, p]));
  const postalCodes = postcodes.flatMap((p): PostalCodePlace[] => {
    const municipality = byId.get(p.municipalityId);
    const point = pointOf.get(p.postcode);
    // Svalbard and Jan Mayen have postcodes but no municipality of the 357; without a point they have no place.
    const position = point ?? (municipality && { longitude: municipality.longitude, latitude: municipality.latitude });
    if (!position) return [];
    return [
      {
        postcode: p.postcode,
        place: p.place,
        words: [p.postcode, ...placeWords(p.place)],
        municipality: municipality?.ref ?? null,
        longitude: position.longitude,
        latitude: position.latitude,
        fromPostcodePoints: point !== undefined,
      },
    ];
  });
  const byPostcode = new Map(postalCodes.map((p) => [p.postcode, p]));
  return {
    municipalities,
    postalCodes,
    postalCode: (postcode) => byPostcode.get(postcode),
    postcodePointAt: (longitude, latitude) =>
      postalCodes.find(
        (p) =>
          p.fromPostcodePoints &&
          Math.abs(p.longitude - longitude) < SAME_POINT_DEGREES &&
          Math.abs(p.latitude - latitude) < SAME_POINT_DEGREES,
      ),
    async municipalityAt(longitude, latitude) {
      const id = (await loadMunicipalityGeometry()).municipalityAt(longitude, latitude);
      return id === null ? null : (byId.get(id)?.ref ?? null);
    },
  };
}
