import type { DistanceSetter } from '@fast/contracts';
import type { TFunction } from 'i18next';
import { ergSourceText, formatErgDistance } from '../../components/facility-format.ts';

/** The navigation state with which the facility page asks the map to open a facility's safety zones (their form). */
export interface SafetyZonesRequest {
  safetyZones: true;
}
export const SAFETY_ZONES_REQUEST: SafetyZonesRequest = { safetyZones: true };

export function asksForSafetyZones(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<SafetyZonesRequest>).safetyZones === true;
}

/**
 * "100 m – Propan (UN 1978); ERG 2016, veiledningen": a largest distance, the substance that sets
 * it and where the figure comes from (edition and table); a protective distance read by night and
 * by day gives both ("4,0 km natt / 2,1 km dag – Klor (UN 1017); ERG 2016, tabell 3: flere
 * tonnsylindere, svak vind").
 */
export function distanceSetterText(setter: DistanceSetter, t: TFunction, language: string): string {
  const common = {
    name: language === 'nn' ? setter.nameNn : setter.name,
    un: setter.unNumber,
    source: ergSourceText(setter, t),
  };
  return setter.dayMetres === undefined
    ? t('hazard.largest.value', { ...common, distance: formatErgDistance(setter.metres) })
    : t('hazard.largest.valueNightDay', {
        ...common,
        night: formatErgDistance(setter.metres),
        day: formatErgDistance(setter.dayMetres),
      });
}
