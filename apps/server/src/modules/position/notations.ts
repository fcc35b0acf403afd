import { hasMgrs, type PointPositions, pointUtmZone, spacedMgrs, utmReference } from '@fast/contracts';
import mgrs from 'mgrs';
import { utmProjection } from './utm.ts';

/** "32V NM 97868 42682": the MGRS reference at 1 m, grouped as it is read out on the radio. */
export function mgrsReference(longitude: number, latitude: number): string {
  return spacedMgrs(mgrs.forward([longitude, latitude], 5));
}

/** 59° 54,600′ N: degrees and decimal minutes, with a decimal comma as Norwegian writes it. */
export function degreesMinutes(value: number, positive: string, negative: string): string {
  const hemisphere = value < 0 ? negative : positive;
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let minutes = Math.round((abs - degrees) * 60 * 1000) / 1000;
  if (minutes >= 60) {
    degrees += 1;
    minutes -= 60;
  }
  return `${degrees}° ${minutes.toFixed(3).replace('.', ',')}′ ${hemisphere}`;
}

/**
 * A point in the three notations a responder reads out or types into a terminal, each in the form
 * the place field accepts back: local UTM (EUREF89, in the zone of the point's municipality's
 * county, else of its longitude: pointUtmZone; easting first), WGS84 decimal degrees to six
 * decimals, and MGRS to the metre ('' beyond 80°S–84°N, where MGRS is not defined).
 */
export function pointPositions(latitude: number, longitude: number, municipalityId: string | null): PointPositions {
  const zone = pointUtmZone(municipalityId, longitude);
  const [east, north] = utmProjection(zone).forward([longitude, latitude]) as [number, number];
  return {
    utm: { zone, text: utmReference(zone, latitude, east, north) },
    wgs84: `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`,
    mgrs: hasMgrs(latitude) ? mgrsReference(longitude, latitude) : '',
  };
}
