import { NEARBY_MAX_RADIUS_METERS, PLACE_QUERY_MAX_LENGTH } from '@fast/contracts';
import { PATHS } from '../../config/constants.ts';

/**
 * The incident lookup lives in the URL, so a link can be handed to the next shift:
 *
 *   lat, lon  the point, WGS84 decimal degrees        lat=60.391300&lon=5.322100
 *   r         the radius in whole metres (1–50 000)   r=500
 *   q         what was typed or chosen for the place  q=Kaiveien 12
 *
 * Parsing is forgiving: a part that does not fit is left out (a bad radius falls back to the
 * default) rather than failing the page.
 */

/** The radius chips, in metres. */
export const RADIUS_CHOICES = [100, 300, 500, 1000, 2000, 5000] as const;
export const DEFAULT_RADIUS_METERS = 500;

export interface IncidentPoint {
  latitude: number;
  longitude: number;
}

export interface IncidentState {
  point: IncidentPoint | null;
  radiusMeters: number;
  query: string;
}

const DECIMAL = /^-?\d{1,3}(\.\d+)?$/;

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || !DECIMAL.test(value)) return null;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : null;
}

function radius(value: string | null): number {
  if (value === null || !/^\d{1,5}$/.test(value)) return DEFAULT_RADIUS_METERS;
  const metres = Number(value);
  return metres >= 1 && metres <= NEARBY_MAX_RADIUS_METERS ? metres : DEFAULT_RADIUS_METERS;
}

export function parseIncidentParams(params: URLSearchParams): IncidentState {
  const latitude = coordinate(params.get('lat'), 90);
  const longitude = coordinate(params.get('lon'), 180);
  return {
    point: latitude !== null && longitude !== null ? { latitude, longitude } : null,
    radiusMeters: radius(params.get('r')),
    query: (params.get('q') ?? '').slice(0, PLACE_QUERY_MAX_LENGTH),
  };
}

/** Six decimals: about 10 cm, finer than any position in the register. */
const degrees = (value: number) => value.toFixed(6);

export function incidentSearchParams(state: IncidentState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.point) {
    params.set('lat', degrees(state.point.latitude));
    params.set('lon', degrees(state.point.longitude));
  }
  params.set('r', String(Math.round(state.radiusMeters)));
  if (state.query) params.set('q', state.query);
  return params;
}

/** /hendelse for a point (from the map or a facility), with the default radius unless given. */
export function incidentUrl(point: IncidentPoint, query = '', radiusMeters = DEFAULT_RADIUS_METERS): string {
  return `${PATHS.incident}?${incidentSearchParams({ point, radiusMeters, query }).toString()}`;
}

/**
 * The radius to offer when nothing lies within this one: the next chip, beyond the chips twice
 * the radius, up to the server's limit; null when this is the limit already.
 */
export function nextRadius(radiusMeters: number): number | null {
  const chip = RADIUS_CHOICES.find((choice) => choice > radiusMeters);
  if (chip !== undefined) return chip;
  if (radiusMeters >= NEARBY_MAX_RADIUS_METERS) return null;
  return Math.min(NEARBY_MAX_RADIUS_METERS, radiusMeters * 2);
}
