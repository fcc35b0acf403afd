/**
 * How the incident screen and the nearby export say where a facility lies from the point:
 * "350 m" / "1,2 km" and a compass direction (the same abbreviations in Bokmål and Nynorsk).
 */

export const COMPASS_DIRECTIONS = ['N', 'NØ', 'Ø', 'SØ', 'S', 'SV', 'V', 'NV'] as const;
export type CompassDirection = (typeof COMPASS_DIRECTIONS)[number];

/** The eight-point direction of a bearing (degrees clockwise from north); each covers 45°, N from 337.5° to 22.5°. */
export function compassDirection(bearingDegrees: number): CompassDirection {
  const normalised = ((bearingDegrees % 360) + 360) % 360;
  return COMPASS_DIRECTIONS[Math.round(normalised / 45) % 8] as CompassDirection;
}

const oneDecimal = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });

/**
 * A distance as a responder reads it: whole metres below one kilometre ("350 m"), kilometres with
 * one decimal below ten ("1,2 km"), whole kilometres beyond ("12 km"). Grouping is a non-breaking
 * space as Norwegian writes it ("1 250 km").
 */
export function formatDistance(meters: number): string {
  const roundedMeters = Math.round(Math.max(0, meters));
  if (roundedMeters < 1000) return `${roundedMeters} m`;
  const kilometres = roundedMeters / 1000;
  if (kilometres < 9.95) return `${oneDecimal.format(kilometres)} km`;
  return `${whole.format(kilometres)} km`;
}

const kilometres = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 2 });

/** A radius as the chips and the export say it: "100 m", "1 km", "1,5 km" (the same in Bokmål and Nynorsk). */
export function formatRadius(metres: number): string {
  return metres < 1000 ? `${metres} m` : `${kilometres.format(metres / 1000)} km`;
}
