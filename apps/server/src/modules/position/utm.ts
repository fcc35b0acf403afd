import { type GeoPosition, localUtmZone, type UtmCoordinate, type UtmZone } from '@fast/contracts';
import proj4 from 'proj4';

// ETRS89 / UTM (EUREF89). WGS84 and ETRS89 are taken as identical (towgs84 zero), as EPSG's
// null transformation between them does: they differ by well under the register's accuracy.
const EPSG: Record<UtmZone, number> = { 32: 25832, 33: 25833, 35: 25835 };
const projections = new Map<number, proj4.Converter>();

/**
 * WGS84 ↔ EUREF89 UTM zone `zone` (northern hemisphere): `forward` takes [longitude, latitude]
 * to [easting, northing], `inverse` back. Made once per zone.
 */
export function utmProjection(zone: number): proj4.Converter {
  let projection = projections.get(zone);
  if (!projection) {
    projection = proj4('EPSG:4326', `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs`);
    projections.set(zone, projection);
  }
  return projection;
}

const millimetres = (metres: number) => Math.round(metres * 1000) / 1000;

export function toUtm(longitude: number, latitude: number, zone: UtmZone): UtmCoordinate {
  const [east, north] = utmProjection(zone).forward([longitude, latitude]) as [number, number];
  return { zone, epsg: EPSG[zone], north: millimetres(north), east: millimetres(east) };
}

/**
 * The ways the facility screen shows a position (WGS84 in, as stored): local UTM in the zone of
 * the facility's county, the national EUREF89 UTM33, and WGS84.
 */
export function geoPosition(longitude: number, latitude: number, municipalityId: string): GeoPosition {
  return {
    localUtm: toUtm(longitude, latitude, localUtmZone(municipalityId)),
    euref89Utm33: toUtm(longitude, latitude, 33),
    wgs84: { lat: latitude, lon: longitude },
  };
}
