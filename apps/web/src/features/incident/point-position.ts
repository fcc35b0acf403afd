import { hasMgrs, pointUtmZone, type UtmZone, utmReference } from '@fast/contracts';
import { forward as toMgrs } from 'mgrs';
import proj4 from 'proj4';
import type { IncidentPoint } from './incident-url.ts';

/**
 * The incident's point in the three notations a responder reads out or types into a terminal,
 * each in the form the place field itself accepts back (so a copied position can be pasted):
 * local UTM (EUREF89, in the zone of the point's county as on the facility page, easting first),
 * WGS84 decimal degrees, and MGRS to the metre.
 */
export interface PointPositions {
  utm: { zone: UtmZone; text: string };
  wgs84: string;
  mgrs: string;
}

// ETRS89 / UTM with WGS84 and ETRS89 taken as identical, as the server's facility positions do.
const converters = new Map<UtmZone, proj4.Converter>();
function converter(zone: UtmZone): proj4.Converter {
  let found = converters.get(zone);
  if (!found) {
    found = proj4('EPSG:4326', `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs`);
    converters.set(zone, found);
  }
  return found;
}

/** "32VKM9680396175" → "32V KM 96803 96175", as MGRS is written. */
export function spacedMgrs(compact: string): string {
  const match = /^(\d{1,2}[A-Z])([A-Z]{2})(\d*)$/.exec(compact);
  if (!match) return compact;
  const [, gridZone, square, digits = ''] = match;
  const half = digits.length / 2;
  return [gridZone, square, digits.slice(0, half), digits.slice(half)].filter(Boolean).join(' ');
}

/** The point in the three notations; the local UTM zone is its municipality's county's (pointUtmZone). */
export function pointPositions({ latitude, longitude }: IncidentPoint, municipalityId: string | null): PointPositions {
  const zone = pointUtmZone(municipalityId, longitude);
  const [eastMetres, northMetres] = converter(zone).forward([longitude, latitude]) as [number, number];
  return {
    utm: { zone, text: utmReference(zone, latitude, eastMetres, northMetres) },
    wgs84: `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`,
    mgrs: hasMgrs(latitude) ? spacedMgrs(toMgrs([longitude, latitude], 5)) : '',
  };
}
