import {
  approximateKilograms,
  type FacilityDetail,
  type HazardSummary,
  type ProtectiveZonesRequest,
  proposeContainer,
  type QuantityUnit,
  type Table3Container,
  type WindClass,
} from '@fast/contracts';
import type { LonLat } from '../geometry.ts';

/** One substance of a facility that the zones can be drawn for: it has a hazard card with an ERG guide. */
export interface ZoneSubstance {
  unNumber: string;
  name: string;
  nameNn: string;
  hazard: HazardSummary;
  /** The facility's stored quantity of it in kilograms (volumes at 1 kg/l): what proposes a container. */
  kilograms: number;
  /** The largest stored row of it in litres (m³ × 1000, or litres), for the BLEVE distance; null where the register has only masses. */
  tankLitres: number | null;
}

/** What the zones are drawn for: a facility's position and its substances, one proposed. */
export interface ZoneSubject {
  facilityId: number;
  name: string | null;
  position: LonLat;
  substances: ZoneSubstance[];
  /** The substance that sets the facility's largest protective distance (else its largest isolation). */
  proposedUnNumber: string | null;
}

const litresOf = (quantity: number, unit: QuantityUnit): number | null =>
  unit === 'm3' ? quantity * 1000 : unit === 'liter' ? quantity : null;

/**
 * A facility's substances with a card (one per UN number, the first row's names), their stored
 * quantities summed as the server sums them for its largest distances; null without a position.
 */
export function zoneSubjectOf(facility: FacilityDetail): ZoneSubject | null {
  if (!facility.position) return null;
  const byUn = new Map<string, ZoneSubstance>();
  for (const group of facility.substanceGroups) {
    for (const row of group.substances) {
      // The server answers 404 for a UN number without an ERG guide: such a substance has no zones.
      if (!row.hazard || row.hazard.guide === null) continue;
      const litres = litresOf(row.quantity, row.unit);
      const known = byUn.get(row.unNumber);
      if (known) {
        known.kilograms += approximateKilograms(row.quantity, row.unit);
        if (litres !== null && (known.tankLitres === null || litres > known.tankLitres)) known.tankLitres = litres;
      } else {
        byUn.set(row.unNumber, {
          unNumber: row.unNumber,
          name: row.name,
          nameNn: row.nameNn,
          hazard: row.hazard,
          kilograms: approximateKilograms(row.quantity, row.unit),
          tankLitres: litres,
        });
      }
    }
  }
  const substances = [...byUn.values()];
  const { evacuation, isolation } = facility.hazardDistances;
  const proposed = [evacuation?.unNumber, isolation?.unNumber, substances[0]?.unNumber].find(
    (un) => un !== undefined && byUn.has(un),
  );
  return {
    facilityId: facility.id,
    name: facility.name,
    position: [facility.position.wgs84.lon, facility.position.wgs84.lat],
    substances,
    proposedUnNumber: proposed ?? null,
  };
}

/** ERG: a small spill is one small package (up to about 200 litres); a facility's larger store is proposed as a large spill. */
const SMALL_SPILL_KILOGRAMS = 200;

/** The request's bound on a tank; the BLEVE table's largest row holds beyond its last capacity anyway. */
const MAX_TANK_LITRES = 100_000_000;

export type DaylightChoice = 'sun' | 'day' | 'night';

/** What the form holds. Null where the user has chosen nothing (yet). */
export interface ZoneChoices {
  unNumber: string;
  spill: 'small' | 'large';
  fire: boolean;
  container: Table3Container | null;
  windFromDegrees: number | null;
  windSpeed: WindClass | null;
  daylight: DaylightChoice;
}

/** The form's first choices for a substance: its proposed container, a large spill for a store beyond a small package. */
export function proposedChoices(substance: ZoneSubstance, containers: readonly Table3Container[] | null): ZoneChoices {
  return {
    unNumber: substance.unNumber,
    spill: substance.kilograms > SMALL_SPILL_KILOGRAMS || substance.kilograms === 0 ? 'large' : 'small',
    fire: false,
    container: containers ? proposeContainer(containers, substance.kilograms) : null,
    windFromDegrees: null,
    windSpeed: null,
    daylight: 'sun',
  };
}

/** A large spill of a Table 3 gas: the container and the wind's speed decide its distances. */
export function usesTable3(hazard: HazardSummary, spill: ZoneChoices['spill']): boolean {
  return spill === 'large' && hazard.table3;
}

/**
 * Whether the answer will have a downwind zone, which cannot be drawn without the wind's
 * direction: a toxic-inhalation hazard (Tables 1 and 3, any spill), and a large spill's
 * evacuation by the guide unless it is in all directions (explosives).
 */
export function needsWindDirection(hazard: HazardSummary, spill: ZoneChoices['spill']): boolean {
  if (hazard.evacuationAllDirections) return false;
  return hazard.toxicInhalation || hazard.table3 || (spill === 'large' && hazard.evacuationM !== null);
}

export type ChoiceProblem = 'windRequired' | 'speedRequired' | 'containerRequired';

/** What the form still lacks for this substance; none when it can be sent. */
export function choiceProblems(substance: ZoneSubstance, choices: ZoneChoices): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  if (usesTable3(substance.hazard, choices.spill) && choices.container === null) problems.push('containerRequired');
  if (needsWindDirection(substance.hazard, choices.spill) && choices.windFromDegrees === null) problems.push('windRequired');
  if (usesTable3(substance.hazard, choices.spill) && choices.windSpeed === null) problems.push('speedRequired');
  return problems;
}

/**
 * The request for the choices: a container only for a large spill of a Table 3 gas (the server
 * refuses it otherwise), the tank only for a BLEVE gas in fire, and day or night only when the
 * user chose it (else the server reads it from the sun at the point).
 */
export function zonesRequestOf(subject: ZoneSubject, substance: ZoneSubstance, choices: ZoneChoices): ProtectiveZonesRequest {
  const [longitude, latitude] = subject.position;
  const request: ProtectiveZonesRequest = {
    unNumber: substance.unNumber,
    latitude,
    longitude,
    spill: choices.spill,
    fire: choices.fire,
  };
  if (usesTable3(substance.hazard, choices.spill) && choices.container !== null) request.container = choices.container;
  if (choices.fire && substance.hazard.bleve && substance.tankLitres !== null && substance.tankLitres > 0)
    request.tankLitres = Math.min(substance.tankLitres, MAX_TANK_LITRES);
  if (choices.windFromDegrees !== null) request.windFromDegrees = choices.windFromDegrees;
  if (choices.windSpeed !== null) request.windSpeed = choices.windSpeed;
  if (choices.daylight !== 'sun') request.daylight = choices.daylight;
  return request;
}
