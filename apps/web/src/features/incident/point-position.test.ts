import { describe, expect, it } from 'vitest';
import { pointPositions, spacedMgrs } from './point-position.ts';

describe('pointPositions', () => {
  // Control values: echo "LAT LON" | cs2cs -f %.3f EPSG:4326 EPSG:258ZZ (PROJ), ZZ the zone of the
  // municipality's county (32 up to Trøndelag, 33 Nordland, 35 Troms and Finnmark), else of the longitude.
  it.each([
    { latitude: 60.3913, longitude: 5.3221, municipality: '4601', utm: '32V 297354 6700648' },
    { latitude: 59.9139, longitude: 10.7522, municipality: '0301', utm: '32V 597980 6643119' },
    // Tromsø is west of 24°E but in Troms: zone 35.
    { latitude: 69.6492, longitude: 18.9553, municipality: '5501', utm: '35W 188547 7747296' },
    { latitude: 70.0743, longitude: 29.749, municipality: '5607', utm: '35W 604528 7776517' },
    // At sea west of zone 32 (zone 31's longitudes), no municipality: still zone 32.
    { latitude: 58.0, longitude: 4.6, municipality: null, utm: '32V 240032 6437182' },
  ])('shows $latitude, $longitude ($municipality) in local UTM as $utm', ({ latitude, longitude, municipality, utm }) => {
    expect(pointPositions({ latitude, longitude }, municipality).utm.text).toBe(utm);
  });

  it('gives WGS84 to six decimals, as the place field reads it back', () => {
    expect(pointPositions({ latitude: 60.3913, longitude: 5.3221 }, '4601').wgs84).toBe('60.391300, 5.322100');
  });

  it('gives MGRS to the metre whose digits are the UTM metres of the same zone', () => {
    // Bergen lies in MGRS zone 32V as in local UTM: the 100 km square's digits are E and N mod 100 000.
    expect(pointPositions({ latitude: 60.3913, longitude: 5.3221 }, '4601').mgrs).toBe('32V KN 97353 00648');
    expect(pointPositions({ latitude: 59.9139, longitude: 10.7522 }, '0301').mgrs).toBe('32V NM 97979 43118');
  });

  it('has no MGRS beyond 84°N, where MGRS is not defined', () => {
    expect(pointPositions({ latitude: 85, longitude: 10 }, null).mgrs).toBe('');
  });
});

describe('spacedMgrs', () => {
  it('spaces a compact MGRS reference of any precision', () => {
    expect(spacedMgrs('32VKM9680396175')).toBe('32V KM 96803 96175');
    expect(spacedMgrs('32VKM968961')).toBe('32V KM 968 961');
    expect(spacedMgrs('4QFJ')).toBe('4Q FJ');
  });
});
