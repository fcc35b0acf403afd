import type {
  ErgFigures,
  ErgTable,
  ProtectiveZonesParameters,
  ProtectiveZonesRequest,
  ProtectiveZonesResponse,
  Table3Row,
  ZoneDistance,
  ZoneGeometry,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound } from '../../errors.ts';
import type { LatLon } from '../geodesy/geodesic.ts';
import { facilityHazards } from '../hazard/facility-hazards.ts';
import type { Scope } from '../identity/identity.ts';
import { daylightAt } from './daylight.ts';
import { facilitiesInZones, vulnerableInZones } from './zone-contents.ts';
import { downwindOf, downwindSquare, geodesicCircle } from './zone-geometry.ts';

const invalid = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message);
const distance = (metres: number, table: ErgTable, allDirections: boolean): ZoneDistance => ({ metres, table, allDirections });

/** What the ERG gives for the spill: the isolation, and the protective action (downwind, or all-around for explosives). */
interface SpillDistances {
  isolation: ZoneDistance;
  protectiveAction: ZoneDistance | null;
  table3Row: Table3Row | null;
}

export function spillDistances(figures: ErgFigures, request: ProtectiveZonesRequest, daylight: 'day' | 'night'): SpillDistances {
  const { table1, table3, guideDistances: guide } = figures;
  const large = request.spill === 'large';
  if (request.container !== undefined && !(large && table3)) {
    throw invalid('Beholder (tabell 3) gjelder bare store utslipp av gassene i ERG-tabell 3.');
  }
  if (large && table3) {
    if (request.container === undefined) throw invalid('Velg beholder: store utslipp av denne gassen følger ERG-tabell 3.');
    const row = table3.find((r) => r.container === request.container);
    if (!row) throw invalid('Denne gassen har ikke den beholderen i ERG-tabell 3.');
    if (request.windSpeed === undefined) throw invalid('Oppgi vindstyrke: svak, moderat eller sterk.');
    return {
      isolation: distance(row.isolationM, '3', true),
      protectiveAction: distance(row[daylight][request.windSpeed], '3', false),
      table3Row: row,
    };
  }
  const spill = table1 ? (large ? table1.largeSpill : table1.smallSpill) : null;
  if (spill) {
    return {
      isolation: distance(spill.isolationM, '1', true),
      protectiveAction: distance(daylight === 'day' ? spill.dayM : spill.nightM, '1', false),
      table3Row: null,
    };
  }
  // The guide page: an immediate isolation, and for a large spill its evacuation (downwind, or all-around).
  return {
    isolation: distance(guide.isolationM, 'guide', true),
    protectiveAction:
      large && guide.largeSpillM !== null ? distance(guide.largeSpillM, 'guide', guide.largeSpillAllDirections) : null,
    table3Row: null,
  };
}

/** The BLEVE table's row for a tank: the smallest capacity that holds it, the largest beyond the table. */
function bleveRow(figures: ErgFigures, tankLitres: number | undefined) {
  if (!figures.bleve || tankLitres === undefined) return null;
  return figures.bleve.find((r) => r.capacityLitres >= tankLitres) ?? figures.bleve[figures.bleve.length - 1] ?? null;
}

/**
 * The ERG's zones for one UN number at one point (POST /api/v1/protective-zones), with the
 * caller's facilities inside each. Every distance is the ERG table's own figure (ErgFigures);
 * day or night, unless given, from the sun at the point.
 */
export async function protectiveZones(
  db: Db,
  scope: Scope,
  request: ProtectiveZonesRequest,
  now = new Date(),
): Promise<ProtectiveZonesResponse> {
  const hazard = (await facilityHazards(db)).get(request.unNumber);
  const card = hazard?.card;
  const figures = hazard?.figures;
  if (!card || card.guide === null || !figures) throw notFound();
  const at = request.at === undefined ? now : new Date(request.at);
  if (Number.isNaN(at.getTime())) throw invalid('Tidspunktet er ikke en gyldig dato og tid.');
  const daylight = request.daylight ?? daylightAt(at, request.latitude, request.longitude);
  const { isolation, protectiveAction, table3Row } = spillDistances(figures, request, daylight);
  const downwind = protectiveAction && !protectiveAction.allDirections;
  if (downwind && request.windFromDegrees === undefined) {
    throw invalid('Oppgi vindretning: sonen for å beskytte personer ligger nedvinds og kan ikke tegnes uten.');
  }
  const fire = request.fire && figures.fireIsolationM !== null ? distance(figures.fireIsolationM, 'guide', true) : null;
  const bleve = request.fire ? bleveRow(figures, request.tankLitres) : null;
  const bleveDistance = bleve ? distance(bleve.evacuationM, 'BLEVE', true) : null;

  const spill: LatLon = { latitude: request.latitude, longitude: request.longitude };
  const downwindDegrees = request.windFromDegrees === undefined ? null : downwindOf(request.windFromDegrees);
  const isolationZone = geodesicCircle(spill, isolation.metres);
  let protectiveZone: ZoneGeometry | null = null;
  if (protectiveAction && protectiveAction.metres > 0) {
    protectiveZone =
      downwindDegrees !== null && !protectiveAction.allDirections
        ? downwindSquare(spill, downwindDegrees, protectiveAction.metres)
        : geodesicCircle(spill, protectiveAction.metres);
  }
  const fireMetres = Math.max(fire?.metres ?? 0, bleveDistance?.metres ?? 0);
  const fireZone = fireMetres > 0 ? geodesicCircle(spill, fireMetres) : null;

  const zones = [isolationZone, protectiveZone, fireZone] as const;
  const [[isolationInside, protectiveInside, fireInside], vulnerableInside] = await Promise.all([
    facilitiesInZones(db, scope, spill, zones),
    vulnerableInZones(db, spill, zones),
  ]);

  const parameters: ProtectiveZonesParameters = {
    unNumber: card.un_number,
    name: card.name_nb,
    nameNn: card.name_nn,
    guide: card.guide,
    edition: figures.edition,
    table: protectiveAction?.table ?? isolation.table,
    material: figures.table1?.material ?? null,
    spill: request.spill,
    fire: request.fire,
    container: table3Row?.container ?? null,
    windFromDegrees: request.windFromDegrees ?? null,
    downwindDegrees,
    windSpeed: table3Row ? (request.windSpeed ?? null) : null,
    daylight,
    daylightBasis: request.daylight === undefined ? 'sun' : 'given',
    at: request.daylight === undefined ? at.toISOString() : null,
    atmospheric: figures.table1?.atmospheric ?? false,
    tankLitres: request.tankLitres ?? null,
    bleveCapacityLitres: bleve?.capacityLitres ?? null,
    isolation,
    protectiveAction,
    fireIsolation: fire,
    bleve: bleveDistance,
  };
  return {
    isolation: isolationZone,
    protectiveAction: protectiveZone,
    fire: fireZone,
    parameters,
    facilitiesInside: {
      isolation: isolationInside ?? { facilities: [], totalCount: 0, substanceTotals: [] },
      protectiveAction: protectiveInside ?? null,
      fire: fireInside ?? null,
    },
    vulnerableInside,
  };
}
