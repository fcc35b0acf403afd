import geographiclib from 'geographiclib-geodesic';

/**
 * Geodesics on the WGS84 ellipsoid (GeographicLib, Karney): the distances, bearings, circles and
 * squares of the nearby list, the protective zones and the briefing's map are all measured here.
 */

const { Geodesic } = geographiclib;

const WGS84 = Geodesic.WGS84;
const MASK = Geodesic.DISTANCE | Geodesic.AZIMUTH;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/**
 * Distance (metres, to the decimetre as shown) and initial bearing (degrees clockwise from true
 * north, 0 ≤ b < 360; 0 for the same point) from one point to another along the WGS84 geodesic.
 */
export function geodesicInverse(
  latitude1: number,
  longitude1: number,
  latitude2: number,
  longitude2: number,
): { distanceMeters: number; bearingDegrees: number } {
  const { s12 = 0, azi1 = 0 } = WGS84.Inverse(latitude1, longitude1, latitude2, longitude2, MASK);
  // The same point has no direction; GeographicLib says 180°, north reads better.
  const bearing = s12 === 0 ? 0 : (azi1 + 360) % 360;
  return { distanceMeters: s12, bearingDegrees: bearing >= 360 ? 0 : bearing };
}

/** The geodesic from one point to another: its length and its azimuth where it leaves `from` (−180° to 180°). */
export function geodesicBetween(from: LatLon, to: LatLon): { metres: number; azimuth: number } {
  const { s12 = 0, azi1 = 0 } = WGS84.Inverse(from.latitude, from.longitude, to.latitude, to.longitude);
  return { metres: s12, azimuth: azi1 };
}

/** The point `metres` from `from` along the geodesic that leaves it at `azimuth` (degrees from true north). */
export function geodesicDirect(from: LatLon, azimuth: number, metres: number): LatLon & { azimuth: number } {
  const {
    lat2 = from.latitude,
    lon2 = from.longitude,
    azi2 = azimuth,
  } = WGS84.Direct(from.latitude, from.longitude, azimuth, metres);
  return { latitude: lat2, longitude: lon2, azimuth: azi2 };
}
