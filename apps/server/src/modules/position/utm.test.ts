import { describe, expect, it } from 'vitest';
import { geoPosition } from './utm.ts';

/**
 * Control values computed independently with PROJ 9.1.1 (Debian proj-bin), for example
 *   echo "59.9139 10.7522" | cs2cs -d 4 EPSG:4326 EPSG:25832
 * (input latitude longitude in EPSG:4326's axis order; output easting northing). The local zone
 * is the county's (Geonorge): Trysil and Lierne lie east of 12°E but in zone 32, Tromsø and Alta
 * west of 24°E but in 35.
 */
const CONTROL = [
  {
    place: 'Oslo',
    municipality: '0301',
    lat: 59.9139,
    lon: 10.7522,
    zone: 32,
    local: [597979.9029, 6643118.9914],
    utm33: [262560.4822, 6649443.584],
  },
  {
    place: 'Bergen',
    municipality: '4601',
    lat: 60.39299,
    lon: 5.32415,
    zone: 32,
    local: [297477.307, 6700830.0631],
    utm33: [-31977.5369, 6734371.7982],
  },
  {
    place: 'Trysil',
    municipality: '3421',
    lat: 61.3145,
    lon: 12.2638,
    zone: 32,
    local: [674726.4106, 6802186.1137],
    utm33: [353505.7697, 6800888.1154],
  },
  {
    place: 'Kongsvinger, 12°E',
    municipality: '3401',
    lat: 60,
    lon: 12,
    zone: 32,
    local: [667294.8211, 6655205.4835],
    utm33: [332705.1789, 6655205.4835],
  },
  {
    place: 'Lierne',
    municipality: '5042',
    lat: 64.364,
    lon: 13.81,
    zone: 32,
    local: [732031.4472, 7146364.6125],
    utm33: [442555.4683, 7138114.5543],
  },
  {
    place: 'Bodø',
    municipality: '1804',
    lat: 67.2804,
    lon: 14.4049,
    zone: 33,
    local: [474351.6838, 7462761.7303],
    utm33: [474351.6838, 7462761.7303],
  },
  {
    place: 'Narvik',
    municipality: '1806',
    lat: 68.4385,
    lon: 17.4273,
    zone: 33,
    local: [599527.7247, 7593715.5125],
    utm33: [599527.7247, 7593715.5125],
  },
  {
    place: 'Tromsø',
    municipality: '5501',
    lat: 69.6496,
    lon: 18.956,
    zone: 35,
    local: [188579.5586, 7747336.4722],
    utm33: [653445.4201, 7731767.3657],
  },
  {
    place: 'Alta',
    municipality: '5601',
    lat: 69.9689,
    lon: 23.2716,
    zone: 35,
    local: [357547.1945, 7766761.3746],
    utm33: [815366.191, 7783838.027],
  },
  {
    place: 'Kautokeino, 24°E',
    municipality: '5626',
    lat: 69.5,
    lon: 24,
    zone: 35,
    local: [382787.6565, 7712991.1277],
    utm33: [850664.817, 7735979.2961],
  },
  {
    place: 'Kirkenes',
    municipality: '5605',
    lat: 69.7271,
    lon: 30.0455,
    zone: 35,
    local: [617727.1874, 7738376.3802],
    utm33: [1076704.3607, 7806978.9593],
  },
  {
    place: 'Vardø',
    municipality: '5634',
    lat: 70.3705,
    lon: 31.1107,
    zone: 35,
    local: [654019.3677, 7812397.9207],
    utm33: [1097843.7839, 7887003.0383],
  },
] as const;

const CENTIMETRE = 0.01;

describe('geoPosition', () => {
  it.each(CONTROL)('$place: local UTM zone $zone (by county) and EUREF89 UTM33 within 1 cm of PROJ', (c) => {
    const position = geoPosition(c.lon, c.lat, c.municipality);
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
