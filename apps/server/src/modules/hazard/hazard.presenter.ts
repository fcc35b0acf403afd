import type { DistanceSetter, FacilityHazardDistances, HazardCard, HazardSummary } from '@fast/contracts';
import type { HazardCardRow } from './hazard.repository.ts';

const kmToMetres = (km: number) => Math.round(km * 1000);

/** The card's figures that a substance row, the map and the briefing show (see HazardSummary). */
export function presentHazardSummary(row: HazardCardRow): HazardSummary {
  const tihIsolation = row.tih?.largeSpill.isolationM ?? null;
  const isolations = [row.isolation_m, tihIsolation].filter((m): m is number => m !== null);
  // Where the guide gives no large-spill evacuation, table 1's protective distances stand for it.
  const tihEvacuation = row.large_spill_evacuation_m === null ? row.tih?.largeSpill : undefined;
  return {
    unNumber: row.un_number,
    adrClass: row.adr_class,
    labels: row.labels,
    hazardNumber: row.hazard_number,
    guide: row.guide,
    toxicInhalation: row.tih !== null,
    isolationM: isolations.length > 0 ? Math.max(...isolations) : null,
    evacuationM: row.large_spill_evacuation_m ?? (tihEvacuation ? kmToMetres(tihEvacuation.protectNightKm) : null),
    evacuationDayM: tihEvacuation ? kmToMetres(tihEvacuation.protectDayKm) : null,
    fireIsolationM: row.fire_isolation_m,
  };
}

export function presentHazardCard(row: HazardCardRow): HazardCard {
  const guide = row.guide;
  return {
    unNumber: row.un_number,
    name: { nb: row.name_nb, nn: row.name_nn, en: row.name_en },
    adr: {
      class: row.adr_class,
      classificationCode: row.classification_code,
      packingGroup: row.packing_group as HazardCard['adr']['packingGroup'],
      labels: row.labels,
      hazardNumber: row.hazard_number,
    },
    erg:
      guide === null || row.edition === null || row.isolation_m === null || row.fire_isolation_m === null
        ? null
        : {
            guide,
            edition: row.edition,
            polymerisation: row.guide_polymerisation,
            title: { nb: row.title_nb ?? '', nn: row.title_nn ?? '' },
            isolationM: row.isolation_m,
            isolationSolidM: row.isolation_solid_m,
            largeSpillEvacuationM: row.large_spill_evacuation_m,
            fireIsolationM: row.fire_isolation_m,
            essentials: {
              nb: row.essentials_nb as NonNullable<HazardCardRow['essentials_nb']>,
              nn: row.essentials_nn as NonNullable<HazardCardRow['essentials_nn']>,
            },
          },
    tih: row.tih,
    summary: presentHazardSummary(row),
    referenceVersion: row.reference_version,
  };
}

export interface NamedSubstance {
  unNumber: string;
  name: string;
  nameNn: string;
  hazard: HazardSummary | null;
}

/**
 * The largest isolation and evacuation distances over a facility's substances, and who sets them.
 * A tie (explosives of one guide share its figures) goes to the lowest UN number, so every view of
 * the facility names the same substance whatever order it lists them in.
 */
export function largestDistances(substances: readonly NamedSubstance[]): FacilityHazardDistances {
  const largest = (metres: (h: HazardSummary) => number | null, dayMetres?: (h: HazardSummary) => number | null) => {
    let best: DistanceSetter | null = null;
    for (const s of substances) {
      const m = s.hazard ? metres(s.hazard) : null;
      if (m === null) continue;
      if (best !== null && (m < best.metres || (m === best.metres && s.unNumber >= best.unNumber))) continue;
      const day = s.hazard && dayMetres ? dayMetres(s.hazard) : null;
      best = { metres: m, ...(day === null ? {} : { dayMetres: day }), unNumber: s.unNumber, name: s.name, nameNn: s.nameNn };
    }
    return best;
  };
  return {
    isolation: largest((h) => h.isolationM),
    evacuation: largest(
      (h) => h.evacuationM,
      (h) => h.evacuationDayM,
    ),
  };
}

/** UN number → summary, for the substance rows of a facility. */
export function summariesByUnNumber(rows: readonly HazardCardRow[]): Map<string, HazardSummary> {
  return new Map(rows.map((r) => [r.un_number, presentHazardSummary(r)]));
}
