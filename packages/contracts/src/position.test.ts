import { describe, expect, it } from 'vitest';
import { hasMgrs, latitudeBand, localUtmZone, pointUtmZone, spacedMgrs, utmReference } from './position.ts';

describe('localUtmZone', () => {
  it('follows the county of the municipality: 32 up to and including Trøndelag, 33 Nordland, 35 Troms and Finnmark', () => {
    const southern = ['0301', '1103', '1508', '3101', '3201', '3301', '3421', '3901', '4001', '4204', '4601', '5001', '5042'];
    for (const municipality of southern) expect(localUtmZone(municipality), municipality).toBe(32);
    for (const municipality of ['1804', '1806', '1875']) expect(localUtmZone(municipality), municipality).toBe(33);
    for (const municipality of ['5501', '5503', '5601', '5605', '5634'])
      expect(localUtmZone(municipality), municipality).toBe(35);
  });
});

describe('pointUtmZone', () => {
  it('is the municipality’s county’s zone, and outside every municipality the zone of the longitude', () => {
    expect(pointUtmZone('5501', 18.9553)).toBe(35);
    expect(pointUtmZone('3401', 12.5)).toBe(32);
    expect([4.6, 11.99, 12, 23.99, 24, 31].map((longitude) => pointUtmZone(null, longitude))).toEqual([32, 32, 33, 33, 35, 35]);
  });
});

describe('latitudeBand', () => {
  it('names the 8° bands, X up to 84°N', () => {
    expect([57.9, 58, 64, 72, 83.9, -80].map(latitudeBand)).toEqual(['V', 'V', 'W', 'X', 'X', 'C']);
  });
});

describe('utmReference and hasMgrs', () => {
  it('writes zone and band, then easting and northing in whole metres', () => {
    expect(utmReference(32, 60.3913, 297_353.6, 6_700_647.5)).toBe('32V 297354 6700648');
    expect(utmReference(35, 69.6492, 188_546.8, 7_747_295.9)).toBe('35W 188547 7747296');
  });

  it('has MGRS from 80°S up to 84°N only', () => {
    expect([-80.1, -79.9, 60, 83.9, 84, 89.5].map(hasMgrs)).toEqual([false, true, true, true, false, false]);
  });
});

describe('spacedMgrs', () => {
  it('spaces a compact MGRS reference of any precision', () => {
    expect(spacedMgrs('32VKM9680396175')).toBe('32V KM 96803 96175');
    expect(spacedMgrs('32VKM968961')).toBe('32V KM 968 961');
    expect(spacedMgrs('4QFJ')).toBe('4Q FJ');
  });
});
