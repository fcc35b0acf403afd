import { LATITUDE_BANDS } from '@fast/contracts';
import mgrs from 'mgrs';
import { utmProjection } from './utm.ts';

/**
 * Coordinates as Norwegian responders paste them: WGS84 degrees (decimal, degrees and minutes,
 * degrees-minutes-seconds; hemisphere letters N/S/E/W or Ø/V, before or after; decimal point or
 * comma), EUREF89 UTM with its zone (31–36, easting first, a band letter allowed: "32V 296803
 * 6696176", "sone 33 -33077 6729785") and MGRS at any precision ("32VKM9680396175"). Pure: text in,
 * readings out; no reading when the text is no coordinate.
 */

export type CoordinateNotation = 'degrees' | 'utm' | 'mgrs';

export interface CoordinateReading {
  notation: CoordinateNotation;
  latitude: number;
  longitude: number;
  /** The reading as the candidate shows it, with its datum. */
  label: string;
}

// Mainland Norway, its sea areas and neighbours, generously: an order of latitude and longitude
// that lands here is the one a Norwegian responder meant.
const NEAR_NORWAY = { minLatitude: 55, maxLatitude: 73, minLongitude: -2, maxLongitude: 35 };

export function nearNorway(latitude: number, longitude: number): boolean {
  return (
    latitude >= NEAR_NORWAY.minLatitude &&
    latitude <= NEAR_NORWAY.maxLatitude &&
    longitude >= NEAR_NORWAY.minLongitude &&
    longitude <= NEAR_NORWAY.maxLongitude
  );
}

/** EUREF89 UTM zones of Norway and its neighbours that a UTM text may name (EPSG:25831–25836). */
const UTM_ZONES = new Set([31, 32, 33, 34, 35, 36]);

const fixed = (value: number, decimals: number) => value.toFixed(decimals).replace('.', ',');

function degreesLabel(latitude: number, longitude: number): string {
  const lat = `${fixed(Math.abs(latitude), 6)}° ${latitude < 0 ? 'S' : 'N'}`;
  const lon = `${fixed(Math.abs(longitude), 6)}° ${longitude < 0 ? 'V' : 'Ø'}`;
  return `${lat} ${lon} (WGS84)`;
}

// ---------------------------------------------------------------------------------------------
// MGRS

const MGRS_PATTERN = /^(\d{1,2})([C-HJ-NP-X])([A-HJ-NP-Z]{2})(\d{0,10})$/;

function parseMgrs(text: string): CoordinateReading[] {
  const spaced = text.replace(/^MGRS\s*/, '');
  // Easting and northing written apart must have the same number of digits.
  const groups = /[A-Z]\s*(\d+)\s+(\d+)$/.exec(spaced);
  if (groups && groups[1]?.length !== groups[2]?.length) return [];
  const compact = spaced.replace(/\s+/g, '');
  const match = MGRS_PATTERN.exec(compact);
  if (!match) return [];
  const [, zone, band, square, digits = ''] = match as unknown as [string, string, string, string, string];
  if (digits.length % 2 !== 0 || Number(zone) < 1 || Number(zone) > 60) return [];
  let corner: number[];
  try {
    corner = mgrs.inverse(compact);
  } catch {
    return [];
  }
  // The centre of the square the reference names (1 m to 100 km by its number of digits), in
  // UTM: the library's south-west corner back to its whole metres, plus half the square.
  const projection = utmProjection(Number(zone));
  const [west, south] = corner as [number, number];
  const [easting, northing] = projection.forward([west, south]).map(Math.round) as [number, number];
  const half = digits.length / 2;
  const size = 10 ** (5 - half);
  const [longitude, latitude] = projection.inverse([easting + size / 2, northing + size / 2]) as [number, number];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
  // The library decodes a band that does not hold the square's rows to another place: refuse it.
  if (bandOf(latitude) !== band) return [];
  // MGRS is a grid on WGS84 (its datum, as the other notations' labels say theirs).
  const label = `MGRS ${zone}${band} ${square}${half > 0 ? ` ${digits.slice(0, half)} ${digits.slice(half)}` : ''} (WGS84)`;
  return [{ notation: 'mgrs', latitude, longitude, label }];
}

function bandOf(latitude: number): string | undefined {
  if (latitude < -80 || latitude > 84) return undefined;
  return LATITUDE_BANDS[Math.min(19, Math.floor((latitude + 80) / 8))];
}

// ---------------------------------------------------------------------------------------------
// UTM

const NUMBER = '-?\\d+(?:\\.\\d+)?';
const UTM_PATTERN = new RegExp(
  `^(?:(?:SONE|ZONE|UTM)\\s*)?(\\d{2})\\s*([C-HJ-NP-X])?(?:\\s*[,;:]\\s*|\\s+)(?:[EØ]\\s*)?(${NUMBER})\\s*(?:[EØ]|M[EØ]?)?(?:\\s*[,;/]\\s*|\\s+)(?:N\\s*)?(${NUMBER})\\s*(?:N|MN?)?$`,
);

function parseUtm(text: string): CoordinateReading[] {
  const match = UTM_PATTERN.exec(text.replace(/^(?:EUREF\s*89|ETRS\s*89)\s*/, '').replace(/^UTM\s*/, 'UTM '));
  if (!match) return [];
  const [, zoneText, band, first, second] = match as unknown as [string, string, string | undefined, string, string];
  const zone = Number(zoneText);
  if (!UTM_ZONES.has(zone)) return [];
  const projection = utmProjection(zone);
  // Easting first, as the notation says; a northing pasted first is recognised by its size
  // (Norway's northings are 6.4–8.0 million metres, eastings within ±1 million of 500 000).
  let easting = Number(first);
  let northing = Number(second);
  if (Math.abs(easting) >= 1_500_000 && Math.abs(northing) < 1_500_000) [easting, northing] = [northing, easting];
  if (easting < -500_000 || easting > 1_500_000 || northing < 0 || northing > 9_400_000) return [];
  if (band && band < 'N') return []; // the southern hemisphere: no EUREF89 zone of Norway's
  const [longitude, latitude] = projection.inverse([easting, northing]) as [number, number];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
  if (band && Math.abs(LATITUDE_BANDS.indexOf(band) - LATITUDE_BANDS.indexOf(bandOf(latitude) ?? '')) > 1) return [];
  const label = `EUREF89 UTM ${zone}${band ?? ''} ${Math.round(easting)} Ø ${Math.round(northing)} N`;
  return [{ notation: 'utm', latitude, longitude, label }];
}

/** Norway's UTM northings (6.4–8.0 million metres, generously) and eastings (zone 33 reaches west of −500 000 m no further). */
const NORWAY_NORTHINGS = { min: 6_300_000, max: 8_100_000 };
const ZONELESS_UTM_PATTERN = new RegExp(
  `^(?:[EØN]\\s*)?(${NUMBER})\\s*(?:[EØN]|M[EØN]?)?(?:\\s*[,;/]\\s*|\\s+)(?:[EØN]\\s*)?(${NUMBER})\\s*(?:[EØN]|M[EØN]?)?$`,
);

/**
 * The text is a UTM easting and northing in Norway without their zone ("6700000 300000", "300000
 * 6700000", "Ø 296803 N 6696176"): no coordinate (the zone decides where it is), but the place
 * field can say what is missing instead of finding nothing.
 */
export function looksLikeUtmWithoutZone(text: string): boolean {
  const match = ZONELESS_UTM_PATTERN.exec(normalise(text));
  if (!match) return false;
  const values = [Number(match[1]), Number(match[2])];
  const northing = values.findIndex((v) => v >= NORWAY_NORTHINGS.min && v <= NORWAY_NORTHINGS.max);
  if (northing < 0) return false;
  const easting = values[1 - northing] as number;
  // An easting of metres: more than a few digits (no degrees), within a zone's reach.
  return Math.abs(easting) >= 1_000 && easting >= -500_000 && easting <= 1_500_000;
}

// ---------------------------------------------------------------------------------------------
// Degrees: decimal, degrees and minutes, degrees-minutes-seconds

type Axis = 'latitude' | 'longitude';
const HEMISPHERES: Record<string, { axis: Axis; sign: 1 | -1 }> = {
  N: { axis: 'latitude', sign: 1 },
  S: { axis: 'latitude', sign: -1 },
  E: { axis: 'longitude', sign: 1 },
  Ø: { axis: 'longitude', sign: 1 },
  O: { axis: 'longitude', sign: 1 },
  W: { axis: 'longitude', sign: -1 },
  V: { axis: 'longitude', sign: -1 },
};

type Token = { type: 'number'; text: string } | { type: 'unit'; unit: '°' | "'" | '"' } | { type: 'hemisphere'; letter: string };

/** Numbers (with their decimal mark as given), degree/minute/second marks and hemisphere letters. */
function tokenise(text: string, decimalComma: boolean): Token[] | null {
  const tokens: Token[] = [];
  const number = decimalComma ? /^-?\d+(?:[.,]\d+)?/ : /^-?\d+(?:\.\d+)?/;
  let rest = text;
  while (rest.length > 0) {
    const space = /^[\s,;/]+/.exec(rest);
    if (space) {
      rest = rest.slice(space[0].length);
      continue;
    }
    const numeric = number.exec(rest);
    if (numeric) {
      tokens.push({ type: 'number', text: numeric[0].replace(',', '.') });
      rest = rest.slice(numeric[0].length);
      continue;
    }
    const char = rest[0] as string;
    if (char === '°' || char === "'" || char === '"') tokens.push({ type: 'unit', unit: char });
    else if (char in HEMISPHERES) tokens.push({ type: 'hemisphere', letter: char });
    else return null;
    rest = rest.slice(1);
  }
  return tokens;
}

interface Angle {
  value: number;
  hemisphere?: string;
  parts: number;
}

/** One angle from its numbers and marks: degrees, or degrees and minutes, or degrees, minutes and seconds. */
function angle(tokens: Token[]): Angle | null {
  let hemisphere: string | undefined;
  const numbers: { value: string; unit?: string }[] = [];
  for (const [index, token] of tokens.entries()) {
    if (token.type === 'hemisphere') {
      // A letter only first or last.
      if (hemisphere || (index !== 0 && index !== tokens.length - 1)) return null;
      hemisphere = token.letter;
    } else if (token.type === 'number') {
      numbers.push({ value: token.text });
    } else {
      const last = numbers[numbers.length - 1];
      if (!last || last.unit) return null;
      last.unit = token.unit;
    }
  }
  if (numbers.length < 1 || numbers.length > 3) return null;
  const expectedUnits = ['°', "'", '"'];
  for (const [index, n] of numbers.entries()) {
    if (n.unit && n.unit !== expectedUnits[index]) return null;
    // Only the last part may have decimals; only the first a sign.
    if (index < numbers.length - 1 && n.value.includes('.')) return null;
    if (index > 0 && n.value.startsWith('-')) return null;
  }
  const [degrees, minutes = 0, seconds = 0] = numbers.map((n) => Number(n.value)) as [number, number?, number?];
  if (minutes >= 60 || seconds >= 60) return null;
  const negative = numbers[0]?.value.startsWith('-') ?? false;
  if (negative && hemisphere) return null;
  const magnitude = Math.abs(degrees) + minutes / 60 + seconds / 3600;
  return { value: negative ? -magnitude : magnitude, ...(hemisphere ? { hemisphere } : {}), parts: numbers.length };
}

/** Splits the tokens into the two angles: at hemisphere letters, at degree marks, or in two equal halves. */
function splitAngles(tokens: Token[]): [Token[], Token[]] | null {
  const letters = tokens.flatMap((t, i) => (t.type === 'hemisphere' ? [i] : []));
  if (letters.length === 2) {
    const [a, b] = letters as [number, number];
    // Letters leading ("N60 E5") or trailing ("60N 5E").
    if (a === 0) return [tokens.slice(0, b), tokens.slice(b)];
    if (b === tokens.length - 1) return [tokens.slice(0, a + 1), tokens.slice(a + 1)];
    return null;
  }
  if (letters.length !== 0) return null;
  const degreeMarks = tokens.flatMap((t, i) => (t.type === 'unit' && t.unit === '°' ? [i] : []));
  if (degreeMarks.length === 2) {
    const second = (degreeMarks[1] as number) - 1; // the number before the second degree mark
    return [tokens.slice(0, second), tokens.slice(second)];
  }
  if (tokens.some((t) => t.type === 'unit')) return null;
  if (tokens.length !== 2 && tokens.length !== 4 && tokens.length !== 6) return null;
  return [tokens.slice(0, tokens.length / 2), tokens.slice(tokens.length / 2)];
}

function readAngles(tokens: Token[]): [Angle, Angle] | null {
  const halves = splitAngles(tokens);
  if (!halves) return null;
  const first = angle(halves[0]);
  const second = angle(halves[1]);
  if (!first || !second || first.parts !== second.parts) return null;
  return [first, second];
}

function parseDegrees(text: string): CoordinateReading[] {
  // A comma between digits is a decimal mark when no point is ("60,3913 5,3221"), else it
  // separates ("60.3913,5.3221"); "60,5" is read both ways, the decimal first.
  const interpretations = !text.includes('.') && /\d,\d/.test(text) ? [true, false] : [false];
  const angles = interpretations
    .map((decimalComma) => tokenise(text, decimalComma))
    .map((tokens) => tokens && readAngles(tokens))
    .find((found) => found);
  if (!angles) return [];
  const [a, b] = angles;
  let pairs: [number, number][];
  if (a.hemisphere || b.hemisphere) {
    if (!a.hemisphere || !b.hemisphere) return [];
    const ha = HEMISPHERES[a.hemisphere] as (typeof HEMISPHERES)[string];
    const hb = HEMISPHERES[b.hemisphere] as (typeof HEMISPHERES)[string];
    if (ha.axis === hb.axis) return [];
    const first = a.value * ha.sign;
    const second = b.value * hb.sign;
    pairs = [ha.axis === 'latitude' ? [first, second] : [second, first]];
  } else {
    // No letters: latitude first as usual, or longitude first (as GeoJSON writes it).
    const readings: [number, number][] = [
      [a.value, b.value],
      [b.value, a.value],
    ];
    const valid = readings.filter(([lat, lon]) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180);
    const norwegian = valid.filter(([lat, lon]) => nearNorway(lat, lon));
    pairs = norwegian.length > 0 ? norwegian : valid.slice(0, 1);
  }
  return pairs
    .filter(([lat, lon]) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180)
    .map(([latitude, longitude]) => ({ notation: 'degrees', latitude, longitude, label: degreesLabel(latitude, longitude) }));
}

// ---------------------------------------------------------------------------------------------

/** Typographic variants of the marks people paste, as the three ASCII ones. */
function normalise(text: string): string {
  return (
    text
      .normalize('NFC')
      .toUpperCase()
      .replace(/[ºˆ˚]/g, '°')
      .replace(/[′’‘´`]/g, "'")
      .replace(/[″“”]|''/g, '"')
      .replace(/[\u00a0\u2009\u202f]/g, ' ')
      .replace(/[\u2212\u2013]/g, '-')
      // A pasted array or pair: [10.7461, 59.9127], (60.39, 5.32)
      .replace(/^[[(]\s*(.*?)\s*[\])]$/, '$1')
      .trim()
  );
}

/**
 * Every reading of `text` as a coordinate: none when it is no coordinate, one as a rule, two when
 * the order of latitude and longitude is open and both orders fall in or near Norway.
 */
export function parseCoordinates(text: string): CoordinateReading[] {
  const normalised = normalise(text);
  if (normalised.length === 0 || normalised.length > 80) return [];
  for (const parse of [parseMgrs, parseUtm, parseDegrees]) {
    const readings = parse(normalised);
    if (readings.length > 0) return readings;
  }
  return [];
}
