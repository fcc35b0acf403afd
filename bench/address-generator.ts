/**
 * A deterministic, fictional national address register for `npm run bench:places`: Kartverket's
 * "Matrikkelen – Adresse" has about 2.6 million street addresses, so this makes that many, shaped
 * like it. Every municipality gets streets in proportion to its people (and a little to its area,
 * as scattered houses have addresses too); a street has a name unique in its municipality, one
 * postal code of that municipality (the reference data's list), houses numbered from 1 (a few with
 * letters, "110 A", "110 B") along a line from a point inside the municipality (the demo register's
 * `pointIn`). Names come from the demo register's generators (`streetAddress`, `placeName`,
 * `personName`) plus a few that every Norwegian town has, so common names ("Storgata",
 * "Kirkeveien") recur across the country as they do in the real register, and the rest form a long
 * tail. Streets the benchmark's fixed queries name are planted first.
 *
 * Rows are produced in batches from a generator, one street at a time: 2.6 million rows never
 * exist at once.
 */
import { personName, placeName, streetAddress } from '../apps/server/src/demo/names.ts';
import { loadPlaces, type MunicipalityInfo, type Places, pointIn, round6 } from '../apps/server/src/demo/places.ts';
import { Random } from '../apps/server/src/demo/random.ts';
import type { AddressRow } from '../apps/server/src/modules/reference-layers/kartverket-addresses.ts';

/** Streets the benchmark's fixed queries look for ("Storgata 12", "Havneveien 12, 5003", "Vardasveien 110 b"). */
const PLANTED: { municipalityId: string; street: string; houses: number; postalCode: string; lettered: number[] }[] = [
  { municipalityId: '0301', street: 'Storgata', houses: 60, postalCode: '0184', lettered: [] },
  { municipalityId: '4601', street: 'Havneveien', houses: 40, postalCode: '5003', lettered: [] },
  { municipalityId: '1103', street: 'Vardåsveien', houses: 130, postalCode: '4018', lettered: [110] },
];

/** Names most towns have; drawn for a few streets in each municipality. */
const TOWN_STREETS = [
  'Storgata',
  'Nygata',
  'Kongens gate',
  'Dronningens gate',
  'Jernbanegata',
  'Rådhusgata',
  'Sentrumsveien',
  'Prestegårdsveien',
  'Kirkebakken',
  'Idrettsveien',
];
const SUFFIXES = ['veien', 'veien', 'veien', 'gata', 'bakken', 'svingen', 'stien', 'lia', 'åsen', 'tunet'];
const NYNORSK_SUFFIXES = ['vegen', 'vegen', 'vegen', 'gata', 'bakken', 'svingen', 'stien', 'lia', 'åsen', 'tunet'];
const NYNORSK_COUNTIES = new Set(['46', '15']);

/** Metres between two houses on one side of a street. */
const HOUSE_SPACING = 15;
const KM_PER_DEGREE_LAT = 111.2;

/** A street name of the kinds the register has, its frequencies falling from the common to the one-off. */
function streetName(random: Random, m: MunicipalityInfo): string {
  const u = random.next();
  // The demo register's own streets ("Kirkegata", "Havneveien") without their number.
  if (u < 0.22) return streetAddress(random, m.countyId, random.chance(0.1)).replace(/ \d+[A-Z]?$/, '');
  if (u < 0.25) return random.pick(TOWN_STREETS);
  if (u < 0.7) {
    const suffixes = NYNORSK_COUNTIES.has(m.countyId) ? NYNORSK_SUFFIXES : SUFFIXES;
    return `${placeName(random)}${random.pick(suffixes)}`;
  }
  const [first, last] = personName(random).split(' ');
  const road = NYNORSK_COUNTIES.has(m.countyId) ? 'veg' : 'vei';
  if (u < 0.88) return `${last}s ${random.chance(0.7) ? road : 'gate'}`;
  return `${first} ${last}s ${road}`;
}

export interface AddressGeneration {
  /** Addresses wanted in all; each municipality's share is rounded, so the total is close to it. */
  total: number;
  seed: string;
  /** Rows per batch yielded. */
  batchSize: number;
}

interface Street {
  m: MunicipalityInfo;
  name: string;
  houses: number;
  lettered: ReadonlySet<number>;
  postalCode: string;
  postalPlace: string;
}

/** Each house of a street, numbered from 1 along a line from a point inside its municipality. */
function* houses(places: Places, random: Random, street: Street, nextId: () => number): Generator<AddressRow> {
  const [x0, y0] = pointIn(places, random, street.m, random.chance(0.75));
  const cosLat = Math.cos((y0 * Math.PI) / 180);
  const metresToLon = 1 / (KM_PER_DEGREE_LAT * 1000 * cosLat);
  const metresToLat = 1 / (KM_PER_DEGREE_LAT * 1000);
  let angle = random.float(0, 2 * Math.PI);
  let spacing = HOUSE_SPACING;
  const length = (Math.ceil(street.houses / 2) + 1) * spacing;
  // The street's far end inside the municipality too: turned round, or squeezed towards its start.
  const endInside = () =>
    places.geometry.contains(
      street.m.id,
      x0 + Math.cos(angle) * ((length * spacing) / HOUSE_SPACING) * metresToLon,
      y0 + Math.sin(angle) * ((length * spacing) / HOUSE_SPACING) * metresToLat,
    );
  if (!endInside()) {
    angle += Math.PI;
    if (!endInside()) spacing = 2;
  }
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  for (let number = 1; number <= street.houses; number++) {
    // Odd numbers on one side, even on the other, 8 m from the middle of the road.
    const along = Math.ceil(number / 2) * spacing;
    const side = number % 2 === 1 ? 8 : -8;
    const longitude = round6(x0 + (dx * along - dy * side) * metresToLon);
    const latitude = round6(y0 + (dy * along + dx * side) * metresToLat);
    const lettered = street.lettered.has(number) || random.chance(0.05);
    const letters: (string | null)[] = lettered ? (random.chance(0.3) ? ['A', 'B', 'C'] : ['A', 'B']) : [null];
    // A lettered house sometimes keeps the plain number too ("110", "110 A", "110 B").
    if (lettered && random.chance(0.4)) letters.unshift(null);
    for (const letter of letters) {
      yield {
        id: nextId(),
        municipalityId: street.m.id,
        street: street.name,
        number,
        letter,
        postalCode: street.postalCode,
        postalPlace: street.postalPlace,
        latitude,
        longitude,
      };
    }
  }
}

/** The register's addresses, `batchSize` at a time, the same for the same options. */
export async function* generateAddresses(options: AddressGeneration): AsyncGenerator<AddressRow[]> {
  const places = await loadPlaces();
  const random = new Random(options.seed);
  const weight = (m: MunicipalityInfo) => m.population + 2 * m.areaKm2;
  const totalWeight = places.municipalities.reduce((sum, m) => sum + weight(m), 0);
  let id = 0;
  const nextId = () => ++id;
  let batch: AddressRow[] = [];

  for (const m of places.municipalities) {
    const postal = places.postalCodes.get(m.id) ?? [{ postcode: '0000', place: m.adminCentre, municipalityId: m.id }];
    const wanted = Math.round((options.total * weight(m)) / totalWeight);
    const names = new Set<string>();
    const planted = PLANTED.filter((p) => p.municipalityId === m.id);
    let made = 0;
    for (let index = 0; made < wanted || index < planted.length; index++) {
      const plant = planted[index];
      let street: Street;
      if (plant) {
        const code = postal.find((p) => p.postcode === plant.postalCode);
        if (!code) throw new Error(`postal code ${plant.postalCode} is not ${m.name}'s`);
        street = {
          m,
          name: plant.street,
          houses: plant.houses,
          lettered: new Set(plant.lettered),
          postalCode: code.postcode,
          postalPlace: code.place,
        };
      } else {
        let name = streetName(random, m);
        for (let attempt = 0; names.has(name) && attempt < 20; attempt++) name = streetName(random, m);
        if (names.has(name)) continue;
        const code = random.pick(postal);
        // Most streets are short; a few long roads have hundreds of numbers.
        const length = Math.floor(random.logUniform(2, 160));
        street = {
          m,
          name,
          houses: Math.max(1, Math.min(length, wanted - made)),
          lettered: new Set(),
          postalCode: code.postcode,
          postalPlace: code.place,
        };
      }
      names.add(street.name);
      for (const row of houses(places, random, street, nextId)) {
        made++;
        batch.push(row);
        if (batch.length === options.batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
  }
  if (batch.length > 0) yield batch;
}
