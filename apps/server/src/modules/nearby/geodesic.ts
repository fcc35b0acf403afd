import geographiclib from 'geographiclib-geodesic';

const { Geodesic } = geographiclib;

const WGS84 = Geodesic.WGS84;
const MASK = Geodesic.DISTANCE | Geodesic.AZIMUTH;

/**
 * Distance (metres, to the decimetre as shown) and initial bearing (degrees clockwise from true
 * north, 0 ≤ b < 360; 0 for the same point) from one point to another along the WGS84 geodesic
 * (GeographicLib, Karney).
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
