import type { DistanceSetter, FacilityHazardDistances } from '@fast/contracts';
import type { TFunction } from 'i18next';
import { formatQuantity } from '../../lib/number-format.ts';
import type { Drawing } from './draw-tools.ts';
import { boundsOf, circleRing, type LonLat } from './geometry.ts';

/** The navigation state with which the facility page asks the map to draw a facility's safety zones. */
export interface SafetyZonesRequest {
  safetyZones: true;
}
export const SAFETY_ZONES_REQUEST: SafetyZonesRequest = { safetyZones: true };

export function asksForSafetyZones(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<SafetyZonesRequest>).safetyZones === true;
}

/** A ring to draw: its radius and the label the zone panel lists it by. */
export interface SafetyZone {
  radiusMetres: number;
  label: string;
}

/**
 * "125 m – Ammoniakk (UN 1005)": a largest distance and the substance that sets it; a protective
 * distance of table 1 says it is the night's and gives the day's beside it.
 */
export function distanceSetterText(setter: DistanceSetter, t: TFunction, language: string): string {
  return t(setter.dayMetres === undefined ? 'hazard.largest.value' : 'hazard.largest.valueNightDay', {
    metres: formatQuantity(setter.metres),
    day: formatQuantity(setter.dayMetres ?? 0),
    name: language === 'nn' ? setter.nameNn : setter.name,
    un: setter.unNumber,
  });
}

/**
 * The isolation ring and the evacuation ring, each of the substance that sets the largest distance
 * of its kind (they may be different substances); none for a distance the sources do not give.
 */
export function safetyZonesOf(distances: FacilityHazardDistances, t: TFunction, language: string): SafetyZone[] {
  const zones: SafetyZone[] = [];
  for (const kind of ['isolation', 'evacuation'] as const) {
    const setter = distances[kind];
    if (setter && setter.metres > 0)
      zones.push({
        radiusMetres: setter.metres,
        label: t(`map.safetyZones.${kind}`, { value: distanceSetterText(setter, t, language) }),
      });
  }
  return zones;
}

/** [west, south, east, north] of the largest ring (the evacuation ring where there is one): what the map shows whole. */
export function safetyZonesBounds(center: LonLat, zones: readonly SafetyZone[]): [number, number, number, number] | null {
  const largest = Math.max(0, ...zones.map((zone) => zone.radiusMetres));
  return largest > 0 ? boundsOf(circleRing(center, largest)) : null;
}

/** Draws the rings around a facility as ordinary labelled circles; answers how many the drawing took. */
export function drawSafetyZones(drawing: Drawing, center: LonLat, zones: readonly SafetyZone[]): number {
  return zones.filter((zone) => drawing.addCircle(center, zone.radiusMetres, zone.label) !== null).length;
}
