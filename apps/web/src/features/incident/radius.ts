import { NEARBY_MAX_RADIUS_METERS } from '@fast/contracts';

/** The radius chips, in metres. */
export const RADIUS_CHOICES = [100, 300, 500, 1000, 2000, 5000] as const;
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
