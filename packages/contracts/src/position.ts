/**
 * Position notations, pure: the local UTM zone of a municipality's county or a point, the UTM
 * latitude bands, a UTM reference as FAST writes it, where MGRS reaches and how it is spaced. The
 * server projects and parses with them (apps/server/src/modules/position), the web shows them.
 */

/** The UTM zones used for mapping in Norway (zone 34 is not used; 33 and 35 are extended). */
export const UTM_ZONES = [32, 33, 35] as const;
export type UtmZone = (typeof UTM_ZONES)[number];

/** The counties (2024 numbers) whose local UTM zone is not 32: Nordland; Troms and Finnmark. */
const COUNTY_UTM_ZONES: Readonly<Record<string, UtmZone>> = { '18': 33, '55': 35, '56': 35 };

/**
 * The zone in which a "local UTM position" is given, by county as Geonorge recommends: 32 for
 * southern Norway up to and including Trøndelag, 33 for Nordland, 35 for Troms and Finnmark.
 * Not by longitude: a facility in Trysil (east of 12°E) is in 32, one in Tromsø in 35. The
 * county is the first two digits of the municipality number.
 */
export function localUtmZone(municipalityId: string): UtmZone {
  return COUNTY_UTM_ZONES[municipalityId.slice(0, 2)] ?? 32;
}

/**
 * The local UTM zone of a point (the incident screen and its export): its municipality's county's;
 * outside every municipality (at sea, abroad) there is no county, so the zone of its longitude,
 * within Norway's three.
 */
export function pointUtmZone(municipalityId: string | null, longitude: number): UtmZone {
  if (municipalityId) return localUtmZone(municipalityId);
  if (longitude < 12) return 32;
  return longitude < 24 ? 33 : 35;
}

// MGRS/UTM latitude bands C–X without I and O, 8° each from 80°S (X is 12°).
export const LATITUDE_BANDS = 'CDEFGHJKLMNPQRSTUVWX';

/** The UTM latitude band of a latitude (X stretched to 84°N): Norway is V and W, Svalbard X. */
export function latitudeBand(latitude: number): string {
  const index = Math.min(LATITUDE_BANDS.length - 1, Math.max(0, Math.floor((latitude + 80) / 8)));
  return LATITUDE_BANDS[index] as string;
}

/**
 * A UTM position as the incident screen and its export write it, and the place field reads it
 * back: zone and latitude band, then easting and northing in whole metres ("32V 297354 6700648").
 */
export function utmReference(zone: UtmZone, latitude: number, east: number, north: number): string {
  return `${zone}${latitudeBand(latitude)} ${Math.round(east)} ${Math.round(north)}`;
}

/** MGRS is defined from 80°S to 84°N: beyond (no facility is there, but a point may be) it has no reference. */
export const hasMgrs = (latitude: number): boolean => latitude > -80 && latitude < 84;

/** "32VKM9680396175" → "32V KM 96803 96175": a compact MGRS reference of any precision, spaced as it is read out. */
export function spacedMgrs(compact: string): string {
  const match = /^(\d{1,2}[A-Z])([A-Z]{2})(\d*)$/.exec(compact);
  if (!match) return compact;
  const [, gridZone, square, digits = ''] = match;
  const half = digits.length / 2;
  return [gridZone, square, digits.slice(0, half), digits.slice(half)].filter(Boolean).join(' ');
}
