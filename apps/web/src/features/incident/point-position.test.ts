import { describe, expect, it } from 'vitest';
import { latitudeBand, pointPositions, spacedMgrs } from './point-position.ts';

describe('pointPositions', () => {
  // Control values: echo "LAT LON" | cs2cs -f %.3f EPSG:4326 EPSG:258ZZ (PROJ), ZZ Kartverket's zone by longitude.
  it.each([
    { latitude: 60.3913, longitude: 5.3221, utm: '32V 297354 6700648' },
    { latitude: 59.9139, longitude: 10.7522, utm: '32V 597980 6643119' },
    { latitude: 69.6492, longitude: 18.9553, utm: '33W 653421 7731721' },
    { latitude: 70.0743, longitude: 29.749, utm: '35W 604528 7776517' },
    // West of zone 32 (zone 31's longitudes): still zone 32, as on Kartverket's maps.
    { latitude: 58.0, longitude: 4.6, utm: '32V 240032 6437182' },
  ])('shows $latitude, $longitude in local UTM as $utm', ({ latitude, longitude, utm }) => {
    expect(pointPositions({ latitude, longitude }).utm.text).toBe(utm);
  });

  it('gives WGS84 to six decimals, as the place field reads it back', () => {
    expect(pointPositions({ latitude: 60.3913, longitude: 5.3221 }).wgs84).toBe('60.391300, 5.322100');
  });

  it('gives MGRS to the metre whose digits are the UTM metres of the same zone', () => {
    // Bergen lies in MGRS zone 32V as in local UTM: the 100 km square's digits are E and N mod 100 000.
    expect(pointPositions({ latitude: 60.3913, longitude: 5.3221 }).mgrs).toBe('32V KN 97353 00648');
    expect(pointPositions({ latitude: 59.9139, longitude: 10.7522 }).mgrs).toBe('32V NM 97979 43118');
  });

  it('has no MGRS beyond 84°N, where MGRS is not defined', () => {
    expect(pointPositions({ latitude: 85, longitude: 10 }).mgrs).toBe('');
  });
});

describe('latitudeBand and spacedMgrs', () => {
  it('names the 8° bands, X up to 84°N', () => {
    expect([57.9, 58, 64, 72, 83.9, -80].map(latitudeBand)).toEqual(['V', 'V', 'W', 'X', 'X', 'C']);
  });

  it('spaces a compact MGRS reference of any precision', () => {
    expect(spacedMgrs('32VKM9680396175')).toBe('32V KM 96803 96175');
    expect(spacedMgrs('32VKM968961')).toBe('32V KM 968 961');
    expect(spacedMgrs('4QFJ')).toBe('4Q FJ');
  });
});
