import fc from 'fast-check';
import mgrs from 'mgrs';
import { describe, expect, it } from 'vitest';
import { type CoordinateReading, looksLikeUtmWithoutZone, parseCoordinates } from './coordinate-parser.ts';

// 1e-7° is about 1 cm: the control values below are given to seven decimals.
const CLOSE = 1e-7 * 1.5;

function expectOne(text: string, latitude: number, longitude: number, notation?: CoordinateReading['notation']) {
  const readings = parseCoordinates(text);
  expect(readings, text).toHaveLength(1);
  const [reading] = readings as [CoordinateReading];
  expect(Math.abs(reading.latitude - latitude), `${text}: latitude ${reading.latitude}`).toBeLessThan(CLOSE);
  expect(Math.abs(reading.longitude - longitude), `${text}: longitude ${reading.longitude}`).toBeLessThan(CLOSE);
  if (notation) expect(reading.notation).toBe(notation);
  return reading;
}

describe('decimal degrees (WGS84)', () => {
  it('reads every way of writing them', () => {
    for (const text of [
      '60.3913, 5.3221',
      '60.3913,5.3221',
      '60.3913 5.3221',
      '60,3913 5,3221',
      '60,3913, 5,3221',
      'N60.3913 E5.3221',
      'N 60.3913, E 5.3221',
      '60.3913N 5.3221E',
      '60.3913° N 5.3221° Ø',
      '60.3913 n 5.3221 ø',
      '  60.3913 ; 5.3221  ',
    ]) {
      expectOne(text, 60.3913, 5.3221, 'degrees');
    }
  });
  it('takes the hemisphere letters for the order, whatever it is', () => {
    expectOne('E5.3221 N60.3913', 60.3913, 5.3221);
    expectOne('5.3221E 60.3913N', 60.3913, 5.3221);
    expectOne('60.5N 3.25W', 60.5, -3.25);
    expectOne('60.5N 3.25V', 60.5, -3.25);
    expectOne('33.9S 18.4E', -33.9, 18.4);
    expectOne('-33.9, 18.4', -33.9, 18.4);
  });
  it('reads longitude first (as GeoJSON writes it) when only that order lands in Norway', () => {
    expectOne('5.3221, 60.3913', 60.3913, 5.3221);
    expectOne('[10.7461, 59.9127]', 59.9127, 10.7461);
  });
  it('answers a coordinate outside Norway too, latitude first', () => {
    expectOne('40.7128, -74.006', 40.7128, -74.006);
  });
  it('keeps the order that falls in or near Norway (the two never both do: its latitudes and longitudes do not overlap)', () => {
    expect(parseCoordinates('56, 34').map((r) => [r.latitude, r.longitude])).toEqual([[56, 34]]);
    expect(parseCoordinates('34.5 56.5').map((r) => [r.latitude, r.longitude])).toEqual([[56.5, 34.5]]);
    // Neither in Norway: latitude first, as written.
    expect(parseCoordinates('10, 20').map((r) => [r.latitude, r.longitude])).toEqual([[10, 20]]);
    // Only one order is a position at all.
    expect(parseCoordinates('120, 45').map((r) => [r.latitude, r.longitude])).toEqual([[45, 120]]);
  });
  it('labels the reading with its datum', () => {
    expect(expectOne('60.3913, 5.3221', 60.3913, 5.3221).label).toBe('60,391300° N 5,322100° Ø (WGS84)');
  });
});

describe('degrees and minutes, degrees-minutes-seconds (WGS84)', () => {
  const dm = [60 + 23.478 / 60, 5 + 19.326 / 60] as const;
  const dms = [60 + 23 / 60 + 28.7 / 3600, 5 + 19 / 60 + 19.6 / 3600] as const;
  it('reads degrees and decimal minutes', () => {
    for (const text of [
      "60°23.478'N 5°19.326'E",
      "60° 23.478' N, 5° 19.326' E",
      "N60°23.478' E5°19.326'",
      '60°23,478′N 5°19,326′Ø',
      "60°23.478' 5°19.326'",
      '60 23.478 N 5 19.326 E',
    ]) {
      expectOne(text, ...dm);
    }
  });
  it('reads degrees, minutes and seconds', () => {
    for (const text of [
      '60°23\'28.7"N 5°19\'19.6"E',
      '60° 23′ 28.7″ N 5° 19′ 19.6″ Ø',
      'N 60°23\'28.7" E 5°19\'19.6"',
      "60°23'28.7''N 5°19'19.6''E",
      '60 23 28.7 N 5 19 19.6 E',
      '60 23 28.7 5 19 19.6',
    ]) {
      expectOne(text, ...dms);
    }
  });
});

describe('EUREF89 UTM with zone (control values from PROJ cs2cs, EPSG:258xx → EPSG:4326)', () => {
  // echo "296803 6696176" | cs2cs -f %.7f EPSG:25832 EPSG:4326
  const bergen = [60.3509507, 5.3166562] as const;
  it('reads zone, band letter, easting and northing', () => {
    for (const text of [
      '32V 296803 6696176',
      '32 296803 6696176',
      '32V 296803, 6696176',
      'UTM 32V 296803 6696176',
      'sone 32 296803 6696176',
      'Sone 32V Ø 296803 N 6696176',
      '32V 296803mE 6696176mN',
      '32V 296803E 6696176N',
      'EUREF89 UTM 32 296803 6696176',
      '32V 6696176 296803',
    ]) {
      expectOne(text, ...bergen, 'utm');
    }
  });
  it('reads a negative easting (zone 33 stretched west over Vestlandet)', () => {
    // echo "-33077 6729785" | cs2cs -f %.7f EPSG:25833 EPSG:4326
    expectOne('sone 33 -33077 6729785', 60.35095, 5.3166538, 'utm');
  });
  it('reads zones 31 to 36', () => {
    // echo "500000 7000000" | cs2cs -f %.7f EPSG:258$zone EPSG:4326
    const longitudes: Record<number, number> = { 31: 3, 32: 9, 33: 15, 34: 21, 35: 27, 36: 33 };
    for (const [zone, longitude] of Object.entries(longitudes)) expectOne(`${zone} 500000 7000000`, 63.1293397, longitude, 'utm');
    // echo "296803 6696176" | cs2cs -f %.7f EPSG:25831 EPSG:4326
    expectOne('31 296803 6696176', 60.3509507, -0.6833438, 'utm');
  });
  it('refuses other zones, southern bands and bands that do not hold the point', () => {
    for (const text of [
      '30 296803 6696176',
      '37 500000 7000000',
      '32C 296803 6696176',
      '32M 296803 6696176',
      '32D 296803 6696176',
    ]) {
      expect(parseCoordinates(text), text).toEqual([]);
    }
  });
  it('labels the reading with its datum and zone', () => {
    expect(expectOne('32V 296803 6696176', ...bergen).label).toBe('EUREF89 UTM 32V 296803 Ø 6696176 N');
  });
});

describe('MGRS (control: PROJ for the same UTM square, and the mgrs package)', () => {
  // The centre of the named square. 32VKM 96803 96176 is UTM 32 296803 6696176 (1 m square):
  // echo "296803.5 6696176.5" | cs2cs -f %.7f EPSG:25832 EPSG:4326
  it('reads any precision, with or without spaces, as the centre of its square', () => {
    expectOne('32VKM 96803 96176', 60.3509555, 5.3166648, 'mgrs');
    expectOne('32VKM9680396176', 60.3509555, 5.3166648, 'mgrs');
    expectOne('32V KM 96803 96176', 60.3509555, 5.3166648, 'mgrs');
    expectOne('32vkm9680396176', 60.3509555, 5.3166648, 'mgrs');
    // echo "296803.5 6696175.5" | cs2cs ...
    expectOne('32VKM9680396175', 60.3509465, 5.3166658, 'mgrs');
    // 1 km: echo "296500 6696500" | cs2cs ...; 100 km: echo "250000 6650000" | cs2cs ...
    expectOne('32VKM9696', 60.3537018, 5.3108488, 'mgrs');
    expectOne('32VKM', 59.9114626, 4.527599, 'mgrs');
    // Oslo: echo "597000.5 6643000.5" | cs2cs ...
    expectOne('32V NM 97000 43000', 59.913068, 10.734639, 'mgrs');
  });
  it('agrees with the mgrs package both ways', () => {
    fc.assert(
      fc.property(fc.double({ min: 58, max: 71, noNaN: true }), fc.double({ min: 4.5, max: 31, noNaN: true }), (lat, lon) => {
        const reference = mgrs.forward([lon, lat], 5);
        const [reading] = parseCoordinates(reference);
        // The package's own UTM series differ from PROJ's by up to a centimetre or two.
        const [expectedLon, expectedLat] = mgrs.toPoint(reference) as [number, number];
        expect(Math.abs((reading?.latitude ?? 0) - expectedLat)).toBeLessThan(3e-7);
        expect(Math.abs((reading?.longitude ?? 0) - expectedLon)).toBeLessThan(6e-7);
        // The centre of a 1 m square is within a metre of the point.
        expect(Math.abs((reading?.latitude ?? 0) - lat)).toBeLessThan(2e-5);
      }),
      { numRuns: 200 },
    );
  });
  it('labels the reading', () => {
    expect(parseCoordinates('32VKM9680396176')[0]?.label).toBe('MGRS 32V KM 96803 96176 (WGS84)');
  });
});

describe('what is no coordinate', () => {
  it('parses nothing from garbage and from places', () => {
    for (const text of [
      '',
      '   ',
      'Kaiveien 12, Ågotnes',
      '5363',
      '5363 Ågotnes',
      'Bergen',
      '60.3913',
      '60.3913, 5.3221, 7',
      '91, 181',
      "60°61'N 5°0'E",
      '60°23\'61"N 5°19\'19.6"E',
      '60.5N 5.2N',
      '60.5E 5.2E',
      'N60.5 5.2',
      "60°23.4'N 5°E",
      '32VKM968039617',
      '32VKM 968 03961',
      '99VKM9680396176',
      '32VIO9680396176',
      '32 296803',
      'sone 32',
      '--60, 5',
      '60..39, 5.32',
      'SELECT 1; --',
      '60.3913, 5.3221 Bergen',
    ]) {
      expect(parseCoordinates(text), JSON.stringify(text)).toEqual([]);
    }
  });
  it('never throws and never answers an impossible position, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        for (const reading of parseCoordinates(text)) {
          expect(Math.abs(reading.latitude)).toBeLessThanOrEqual(90);
          expect(Math.abs(reading.longitude)).toBeLessThanOrEqual(180);
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('parses no word of letters alone', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zæøåA-ZÆØÅ ]{1,30}$/), (text) => {
        expect(parseCoordinates(text)).toEqual([]);
      }),
    );
  });
  it('reads back every decimal-degree position it is given, in Norway', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 58_000_000, max: 71_000_000 }),
        fc.integer({ min: 4_500_000, max: 31_000_000 }),
        fc.constantFrom(
          (a: string, b: string) => `${a}, ${b}`,
          (a: string, b: string) => `${b} ${a}`,
          (a: string, b: string) => `N${a} E${b}`,
        ),
        (latMicro, lonMicro, write) => {
          const lat = (latMicro / 1e6).toFixed(6);
          const lon = (lonMicro / 1e6).toFixed(6);
          const [reading, other] = parseCoordinates(write(lat, lon));
          expect(other).toBeUndefined();
          expect(reading?.latitude).toBeCloseTo(Number(lat), 9);
          expect(reading?.longitude).toBeCloseTo(Number(lon), 9);
        },
      ),
    );
  });
});

describe('a UTM easting and northing without their zone', () => {
  it('is recognised in either order, with the usual marks, so the field can ask for the zone', () => {
    for (const text of [
      '6700000 300000',
      '300000 6700000',
      '296803, 6696176',
      'Ø 296803 N 6696176',
      '-33077 6729785',
      '296803E 6696176N',
    ]) {
      expect(parseCoordinates(text), text).toEqual([]);
      expect(looksLikeUtmWithoutZone(text), text).toBe(true);
    }
  });

  it('is not what has its zone, is degrees or is any other pair of numbers', () => {
    for (const text of [
      '32V 296803 6696176',
      '60 5',
      '60.39 5.32',
      '123 456',
      '6700000',
      '6700000 6700000',
      '5 6700000',
      'Havneveien 3',
    ]) {
      expect(looksLikeUtmWithoutZone(text), text).toBe(false);
    }
  });
});
