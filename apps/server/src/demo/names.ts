import { organisationNumberCheckDigit } from '@fast/contracts';
import type { Random } from './random.ts';

// Fictitious people and businesses that read as Norwegian. Business names are built from parts, so
// no real company is named; common first and last names alone identify nobody.

const FIRST_NAMES = [
  'Anne',
  'Inger',
  'Kari',
  'Marit',
  'Ingrid',
  'Liv',
  'Eva',
  'Berit',
  'Astrid',
  'Bjørg',
  'Hilde',
  'Anna',
  'Solveig',
  'Marianne',
  'Randi',
  'Ida',
  'Nina',
  'Maria',
  'Elisabeth',
  'Kristin',
  'Silje',
  'Tone',
  'Ragnhild',
  'Åse',
  'Sigrid',
  'Jan',
  'Per',
  'Bjørn',
  'Ole',
  'Lars',
  'Kjell',
  'Knut',
  'Arne',
  'Svein',
  'Thomas',
  'Hans',
  'Geir',
  'Tor',
  'Morten',
  'Terje',
  'Odd',
  'Erik',
  'Martin',
  'Andreas',
  'Rune',
  'Trond',
  'Harald',
  'Øyvind',
  'Jon',
  'Magnus',
  'Håkon',
  'Sindre',
  'Eirik',
  'Torbjørn',
  'Stian',
  'Jørgen',
  'Åsmund',
  'Halvor',
  'Gunnar',
  'Steinar',
];
const LAST_NAMES = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Kristiansen',
  'Jensen',
  'Karlsen',
  'Johnsen',
  'Pettersen',
  'Eriksen',
  'Berg',
  'Haugen',
  'Hagen',
  'Johannessen',
  'Andreassen',
  'Jacobsen',
  'Dahl',
  'Jørgensen',
  'Halvorsen',
  'Henriksen',
  'Lund',
  'Sørensen',
  'Jakobsen',
  'Moen',
  'Gundersen',
  'Iversen',
  'Strand',
  'Solberg',
  'Svendsen',
  'Eide',
  'Knutsen',
  'Martinsen',
  'Paulsen',
  'Bakken',
  'Kristoffersen',
  'Mathisen',
  'Lie',
  'Amundsen',
  'Nguyen',
  'Rasmussen',
  'Ali',
  'Lunde',
  'Solheim',
  'Berge',
  'Moe',
  'Nygård',
  'Bakke',
  'Kristensen',
  'Fredriksen',
  'Holm',
  'Lien',
  'Hauge',
  'Christensen',
  'Andresen',
  'Nielsen',
  'Knudsen',
  'Evensen',
  'Sæther',
  'Aas',
  'Myhre',
  'Hanssen',
  'Ahmed',
  'Haugland',
  'Thomassen',
  'Sivertsen',
  'Simonsen',
  'Danielsen',
  'Berntsen',
  'Sandvik',
  'Rønning',
  'Arnesen',
  'Antonsen',
  'Næss',
  'Vik',
  'Haug',
  'Ellingsen',
  'Thorsen',
  'Edvardsen',
  'Birkeland',
  'Isaksen',
  'Gulbrandsen',
  'Ruud',
  'Aasen',
  'Strøm',
  'Myklebust',
  'Tangen',
  'Ødegård',
  'Eliassen',
  'Helland',
  'Bøe',
  'Jenssen',
  'Aune',
  'Mikkelsen',
  'Tveit',
  'Brekke',
  'Abrahamsen',
  'Madsen',
];

/** Place-like first parts of business names ("Nordfjell", "Vestbakken"). */
const NAME_STEMS = [
  'Nord',
  'Sør',
  'Vest',
  'Øst',
  'Fjell',
  'Fjord',
  'Dal',
  'Vik',
  'Strand',
  'Berg',
  'Lia',
  'Haug',
  'Åsen',
  'Nes',
  'Holm',
  'Bakke',
  'Skog',
  'Elve',
  'Sjø',
  'Bre',
  'Myr',
  'Stein',
  'Furu',
  'Bjørke',
  'Lyng',
  'Sol',
  'Kyst',
  'Havn',
  'Øy',
  'Bratt',
];
const NAME_ENDS = ['heim', 'vik', 'dal', 'nes', 'by', 'sund', 'li', 'berg', 'stad', 'voll', 'haug', 'land', 'ås', 'mo', 'rud'];

const STREET_BASES = [
  'Kirke',
  'Skole',
  'Stasjons',
  'Fjord',
  'Strand',
  'Bjørke',
  'Gran',
  'Furu',
  'Lia',
  'Haug',
  'Mølle',
  'Sjø',
  'Havne',
  'Brygge',
  'Elve',
  'Bakke',
  'Eng',
  'Park',
  'Torg',
  'Kongs',
  'Dronning',
  'Løkke',
  'Solbakke',
  'Hage',
  'Eike',
  'Rogn',
  'Lyng',
  'Myr',
  'Sag',
  'Meieri',
  'Smie',
  'Nes',
  'Vik',
  'Berg',
  'Dal',
  'Ås',
  'Skog',
];
const URBAN_SUFFIXES = ['gata', 'veien', 'veien', 'veien', 'gate', 'stien', 'allé', 'bakken', 'svingen'];
const NYNORSK_SUFFIXES = ['vegen', 'vegen', 'vegen', 'gata', 'stien', 'bakken', 'svingen'];
const INDUSTRIAL_STREETS = [
  'Industriveien',
  'Næringsveien',
  'Havneveien',
  'Terminalveien',
  'Verkstedveien',
  'Kaiveien',
  'Fabrikkveien',
];

/** Counties where street names are mostly Nynorsk ("-vegen"): Vestland, Møre og Romsdal. */
const NYNORSK_COUNTIES = new Set(['46', '15']);

export function personName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

export function placeName(random: Random): string {
  return `${random.pick(NAME_STEMS)}${random.pick(NAME_ENDS)}`;
}

export function streetAddress(random: Random, countyId: string, industrial = false): string {
  const number = random.chance(0.7) ? random.int(1, 60) : random.int(61, 240);
  const letter = random.chance(0.12) ? random.pick(['A', 'B', 'C']) : '';
  if (industrial && random.chance(0.6)) return `${random.pick(INDUSTRIAL_STREETS)} ${number}${letter}`;
  const suffixes = NYNORSK_COUNTIES.has(countyId) ? NYNORSK_SUFFIXES : URBAN_SUFFIXES;
  let base = random.pick(STREET_BASES);
  const suffix = random.pick(suffixes);
  // "Kirkegata" but "Kirke allé"
  if (suffix === 'allé') return `${base} allé ${number}${letter}`;
  if (base.endsWith('s') && suffix.startsWith('s')) base = base.slice(0, -1);
  return `${base}${suffix} ${number}${letter}`;
}

export function businessName(random: Random, kind: string, town: string): string {
  // Place-like names are the most common, then the town's name, then family firms.
  const u = random.next();
  if (u < 0.5) return `${placeName(random)} ${kind} AS`;
  if (u < 0.8) return `${town} ${kind} AS`;
  if (u < 0.92) return `${random.pick(LAST_NAMES)} ${kind} AS`;
  return `${random.pick(LAST_NAMES)} & Sønn ${kind} AS`;
}

/** A 9-digit number with a valid MOD11 check digit, starting with 8 or 9 as Enhetsregisteret's do. */
export function organisationNumber(random: Random, used: Set<string>): string {
  for (;;) {
    const firstEight = `${random.pick(['8', '9'])}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;
    const check = organisationNumberCheckDigit(firstEight);
    if (check === null) continue;
    const number = `${firstEight}${check}`;
    if (used.has(number)) continue;
    used.add(number);
    return number;
  }
}
