import {
  approximateKilograms,
  type BleveRow,
  type BriefingQuery,
  type DistanceSetter,
  type FacilityDetail,
  type HazardCard,
  type ProtectiveZonesRequest,
  type ProtectiveZonesResponse,
  proposeContainer,
  type SubstanceRow,
  type WindClass,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { facilityHazards } from '../hazard/facility-hazards.ts';
import { presentHazardGuide } from '../hazard/hazard.presenter.ts';
import type { Scope } from '../identity/identity.ts';
import { protectiveZones, spillDistances } from '../protective-zones/protective-zones.service.ts';

/** The zones the page draws, as the protective-zones endpoint answers them for the user's settings. */
export interface BriefingZones {
  response: ProtectiveZonesResponse;
  /** Whether the user gave a wind direction; without one no downwind zone is drawn. */
  windGiven: boolean;
  /** Whether the user gave the wind class; otherwise Table 3 is read at low wind, the row's largest. */
  windSpeedGiven: boolean;
  /**
   * The protective-action distance at the other time of day, where the sun decided day or night
   * (the page is kept and read later): null where day or night was given, or the distance is not
   * a Table 1 or Table 3 figure (which alone depend on it).
   */
  otherDaylightMetres: number | null;
}

/** The BLEVE table of the facility's flammable gas with the largest stored quantity. */
interface BriefingBleve {
  unNumber: string;
  name: string;
  nameNn: string;
  edition: string;
  rows: BleveRow[];
}

/** What the briefing shows beyond the facility's record: the zones, the guide's essentials, the BLEVE table. */
export interface BriefingHazards {
  /** The substance that sets the facility's largest protective distance (evacuation, else isolation). */
  setter: DistanceSetter | null;
  /** Null where no substance has a distance, or the facility has no position. */
  zones: BriefingZones | null;
  /** The setter's guide, its essentials in both written forms. */
  guide: NonNullable<HazardCard['erg']> | null;
  bleve: BriefingBleve | null;
}

const substanceRows = (facility: FacilityDetail): SubstanceRow[] => facility.substanceGroups.flatMap((g) => g.substances);

const kilogramsOf = (facility: FacilityDetail, unNumber: string) =>
  substanceRows(facility)
    .filter((s) => s.unNumber === unNumber)
    .reduce((sum, s) => sum + approximateKilograms(s.quantity, s.unit), 0);

/**
 * The zones of the setter's substance at the facility, with the settings the user made on the
 * screen: spill large and fire by default; a Table 3 gas in the container proposed from the stored
 * quantity (as the facility's largest distances read it) and at low wind unless given.
 */
async function zonesOf(
  db: Db,
  scope: Scope,
  facility: FacilityDetail,
  setter: DistanceSetter,
  query: BriefingQuery,
  now: Date,
): Promise<BriefingZones | null> {
  const position = facility.position;
  if (!position) return null;
  const figures = (await facilityHazards(db)).get(setter.unNumber)?.figures ?? null;
  if (!figures) return null;
  const spill = query.spill ?? 'large';
  const table3 = spill === 'large' ? figures.table3 : null;
  const container =
    query.container ??
    (table3
      ? (setter.container ??
        proposeContainer(
          table3.map((r) => r.container),
          kilogramsOf(facility, setter.unNumber),
        ) ??
        undefined)
      : undefined);
  const windSpeed: WindClass = query.windSpeed ?? 'low';
  const windGiven = query.windFromDegrees !== undefined;
  const request: ProtectiveZonesRequest = {
    unNumber: setter.unNumber,
    latitude: position.wgs84.lat,
    longitude: position.wgs84.lon,
    spill,
    fire: query.fire !== 'false',
    windSpeed,
    // Without a direction the distances are the same; the service needs one only to place the
    // downwind square, which the page then leaves out and gives in words.
    windFromDegrees: windGiven ? Number(query.windFromDegrees) : 0,
    ...(container === undefined ? {} : { container }),
    ...(query.daylight === undefined ? {} : { daylight: query.daylight }),
  };
  const response = await protectiveZones(db, scope, request, now);
  const { parameters } = response;
  const action = parameters.protectiveAction;
  // Only Tables 1 and 3 give day and night figures; a guide's downwind evacuation has one.
  const byDaylight = action !== null && !action.allDirections && action.table !== 'guide';
  let otherDaylightMetres: number | null = null;
  // The other half of the day's figure, from the same table: no second zone computation.
  if (byDaylight && parameters.daylightBasis === 'sun') {
    const other = parameters.daylight === 'day' ? 'night' : 'day';
    otherDaylightMetres = spillDistances(figures, request, other).protectiveAction?.metres ?? null;
  }
  return { response, windGiven, windSpeedGiven: query.windSpeed !== undefined, otherDaylightMetres };
}

/** The BLEVE table of the facility's BLEVE gas with the largest stored quantity (the figures are the table's, the same for each). */
async function bleveOf(db: Db, facility: FacilityDetail): Promise<BriefingBleve | null> {
  const hazards = await facilityHazards(db);
  let best: { row: SubstanceRow; kilograms: number; rows: BleveRow[]; edition: string } | null = null;
  for (const row of substanceRows(facility)) {
    const figures = hazards.get(row.unNumber)?.figures;
    if (!figures?.bleve) continue;
    const kilograms = kilogramsOf(facility, row.unNumber);
    if (best === null || kilograms > best.kilograms) best = { row, kilograms, rows: figures.bleve, edition: figures.edition };
  }
  if (!best) return null;
  return { unNumber: best.row.unNumber, name: best.row.name, nameNn: best.row.nameNn, edition: best.edition, rows: best.rows };
}

/**
 * What the briefing shows of the facility's hazards: the zones of the substance that sets its
 * largest protective distance (POST /api/v1/protective-zones with the user's settings), that
 * substance's guide and its essentials, and a BLEVE table where a flammable gas is stored.
 * Throws the service's 400 for settings that do not fit the substance (a container of a gas not
 * in Table 3, or one the gas does not have).
 */
export async function briefingHazards(
  db: Db,
  scope: Scope,
  facility: FacilityDetail,
  query: BriefingQuery,
  now: Date,
): Promise<BriefingHazards> {
  const setter = facility.hazardDistances.evacuation ?? facility.hazardDistances.isolation;
  const [zones, hazards, bleve] = await Promise.all([
    setter ? zonesOf(db, scope, facility, setter, query, now) : null,
    facilityHazards(db),
    bleveOf(db, facility),
  ]);
  const card = setter ? hazards.get(setter.unNumber)?.card : undefined;
  const guide = card ? presentHazardGuide(card) : null;
  return { setter, zones, guide, bleve };
}
