import { type GeoPosition, localUtmZone, type UtmCoordinate, type UtmZone } from '@fast/contracts';
import proj4 from 'proj4';

// ETRS89 / UTM (EUREF89). WGS84 and ETRS89 are taken as identical (towgs84 zero), as EPSG's
// null transformation between them does: they differ by well under the register's accuracy.
const EPSG: Record<UtmZone, number> = { 32: 25832, 33: 25833, 35: 25835 };
const converters = Object.fromEntries(
  (Object.keys(EPSG) as `${UtmZone}`[]).map((zone) => [
    zone,
    proj4('EPSG:4326', `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs`),
  ]),
) as Record<`${UtmZone}`, proj4.Converter>;

// The web shows an incident's point in the same local zone: the rule lives in the contracts.
export { localUtmZone };

const millimetres = (metres: number) => Math.round(metres * 1000) / 1000;

export function toUtm(longitude: number, latitude: number, zone: UtmZone): UtmCoordinate {
  const [east, north] = converters[zone].forward([longitude, latitude]) as [number, number];
  return { zone, epsg: EPSG[zone], north: millimetres(north), east: millimetres(east) };
}

/** The four ways the facility screen shows a position (WGS84 in, as stored). */
export function geoPosition(longitude: number, latitude: number): GeoPosition {
  return {
    localUtm: toUtm(longitude, latitude, localUtmZone(longitude)),
    euref89Utm33: toUtm(longitude, latitude, 33),
    wgs84: { lat: latitude, lon: longitude },
  };
}
