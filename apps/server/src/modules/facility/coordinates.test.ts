import { describe, expect, it } from 'vitest';
import { geoPosition, localUtmZone } from './coordinates.ts';

/**
 * Control values computed independently with PROJ 9.1.1 (Debian proj-bin), for example
 *   echo "59.9139 10.7522" | cs2cs -d 4 EPSG:4326 EPSG:25832
 * (input latitude longitude in EPSG:4326's axis order; output easting northing).
 */
const CONTROL = [
  { place: 'Oslo', lat: 59.9139, lon: 10.7522, zone: 32, local: [597979.9029, 6643118.9914], utm33: [262560.4822, 6649443.584] },
  {
    place: 'Bergen',
    lat: 60.39299,
    lon: 5.32415,
    zone: 32,
    local: [297477.307, 6700830.0631],
    utm33: [-31977.5369, 6734371.7982],
  },
  { place: 'Bodø', lat: 67.2804, lon: 14.4049, zone: 33, local: [474351.6838, 7462761.7303], utm33: [474351.6838, 7462761.7303] },
  { place: 'Alta', lat: 69.9689, lon: 23.2716, zone: 33, local: [815366.191, 7783838.027], utm33: [815366.191, 7783838.027] },
  {
    place: 'Kirkenes',
    lat: 69.7271,
    lon: 30.0455,
    zone: 35,
    local: [617727.1874, 7738376.3802],
    utm33: [1076704.3607, 7806978.9593],
  },
  {
    place: 'Vardø',
    lat: 70.3705,
    lon: 31.1107,
    zone: 35,
    local: [654019.3677, 7812397.9207],
    utm33: [1097843.7839, 7887003.0383],
  },
  { place: '12°E', lat: 60, lon: 12, zone: 33, local: [332705.1789, 6655205.4835], utm33: [332705.1789, 6655205.4835] },
  { place: '24°E', lat: 69.5, lon: 24, zone: 35, local: [382787.6565, 7712991.1277], utm33: [850664.817, 7735979.2961] },
] as const;

const CENTIMETRE = 0.01;

describe('geoPosition', () => {
  it.each(CONTROL)('$place: local UTM zone $zone and EUREF89 UTM33 within 1 cm of PROJ', (c) => {
    const position = geoPosition(c.lon, c.lat);
    expect(position.localUtm.zone).toBe(c.zone);
    expect(position.localUtm.epsg).toBe(25800 + c.zone);
    expect(Math.abs(position.localUtm.east - c.local[0])).toBeLessThan(CENTIMETRE);
    expect(Math.abs(position.localUtm.north - c.local[1])).toBeLessThan(CENTIMETRE);
    expect(position.euref89Utm33).toMatchObject({ zone: 33, epsg: 25833 });
    expect(Math.abs(position.euref89Utm33.east - c.utm33[0])).toBeLessThan(CENTIMETRE);
    expect(Math.abs(position.euref89Utm33.north - c.utm33[1])).toBeLessThan(CENTIMETRE);
    expect(position.wgs84).toEqual({ lat: c.lat, lon: c.lon });
  });
});

describe('localUtmZone', () => {
  it('follows the longitude: 32 west of 12°E, 33 up to 24°E, 35 from there', () => {
    expect([4.5, 11.999, 12, 18, 23.999, 24, 31.2].map(localUtmZone)).toEqual([32, 32, 33, 33, 33, 35, 35]);
  });
});
