import {
  type DistanceSetter,
  type ErgFigures,
  type FacilityHazardDistances,
  type HazardCard,
  type HazardSummary,
  proposeContainer,
  type Table3Row,
} from '@fast/contracts';
import type { HazardCardRow } from './hazard.repository.ts';

/** A card's row with its ADR facts from the loaded ADR Table A where it has the UN number, and their edition. */
export type HazardCardFacts = HazardCardRow & { adr_edition: string };

/** A card, its short form and its ERG figures, by UN number: what a facility's substances are looked up in. */
export interface SubstanceHazard {
  card: HazardCardFacts;
  summary: HazardSummary;
  figures: ErgFigures | null;
}

/**
 * The card's figures that a substance row, the map and the briefing show (see HazardSummary). A
 * Table 1 material's own figures stand before its guide's: the ERG sends the reader of a
 * highlighted material to Table 1.
 */
export function presentHazardSummary(row: HazardCardFacts, figures: ErgFigures | null): HazardSummary {
  const table1 = figures?.table1 ?? null;
  const guide = figures?.guideDistances ?? null;
  const tableIsolation = table1 ? (table1.largeSpill ?? table1.smallSpill).isolationM : null;
  const isolations = [guide?.isolationM ?? null, tableIsolation].filter((m): m is number => m !== null);
  const evacuationM = table1 ? (table1.largeSpill?.nightM ?? null) : (guide?.largeSpillM ?? null);
  return {
    unNumber: row.un_number,
    adrClass: row.adr_class,
    labels: row.labels,
    hazardNumber: row.hazard_number,
    guide: row.guide,
    toxicInhalation: table1 !== null,
    table3: figures?.table3 != null,
    bleve: figures?.bleve != null,
    isolationM: isolations.length > 0 ? Math.max(...isolations) : null,
    evacuationM,
    evacuationDayM: table1?.largeSpill?.dayM ?? null,
    evacuationAllDirections: table1 === null && (guide?.largeSpillAllDirections ?? false),
    fireIsolationM: figures?.fireIsolationM ?? null,
    edition: figures?.edition ?? null,
    adrEdition: row.adr_edition,
  };
}

/** The card's ERG guide in Norwegian, with the edition its essentials were written from; null without a guide. */
export function presentHazardGuide(row: HazardCardRow): HazardCard['erg'] {
  const guide = row.guide;
  if (guide === null || row.edition === null) return null;
  return {
    guide,
    edition: row.edition,
    polymerisation: row.guide_polymerisation,
    title: { nb: row.title_nb ?? '', nn: row.title_nn ?? '' },
    essentials: {
      nb: row.essentials_nb as NonNullable<HazardCardRow['essentials_nb']>,
      nn: row.essentials_nn as NonNullable<HazardCardRow['essentials_nn']>,
    },
  };
}

export function presentHazardCard(row: HazardCardFacts, figures: ErgFigures | null): HazardCard {
  return {
    unNumber: row.un_number,
    name: { nb: row.name_nb, nn: row.name_nn, en: row.name_en },
    adr: {
      class: row.adr_class,
      classificationCode: row.classification_code,
      packingGroup: row.packing_group as HazardCard['adr']['packingGroup'],
      labels: row.labels,
      hazardNumber: row.hazard_number,
      edition: row.adr_edition,
    },
    erg: presentHazardGuide(row),
    figures,
    summary: presentHazardSummary(row, figures),
    referenceVersion: row.reference_version,
  };
}

export interface NamedSubstance {
  unNumber: string;
  name: string;
  nameNn: string;
  /** The facility's stored quantity of it (approximateKilograms); null where not known. */
  kilograms: number | null;
  hazard: SubstanceHazard | null;
}

type Candidate = Omit<DistanceSetter, 'unNumber' | 'name' | 'nameNn'>;

/** The row of a Table 3 gas for the container its stored quantity suggests (unknown: the largest). */
function table3RowFor(rows: readonly Table3Row[], kilograms: number | null): Table3Row | undefined {
  const container = proposeContainer(
    rows.map((r) => r.container),
    kilograms ?? Number.POSITIVE_INFINITY,
  );
  return rows.find((r) => r.container === container);
}

/** A substance's isolation, protective action and fire figures, each with the table it comes from. */
function candidatesOf(figures: ErgFigures, kilograms: number | null): Record<keyof FacilityHazardDistances, Candidate | null> {
  const edition = figures.edition;
  const guide = figures.guideDistances;
  const fromGuide: Candidate = { metres: guide.isolationM, edition, table: 'guide', allDirections: true };
  const fire: Candidate | null =
    figures.fireIsolationM === null ? null : { metres: figures.fireIsolationM, edition, table: 'guide', allDirections: true };
  const table1 = figures.table1;
  const row3 = figures.table3 ? table3RowFor(figures.table3, kilograms) : undefined;
  if (row3) {
    const night = Math.max(row3.night.low, row3.night.moderate, row3.night.high);
    const day = Math.max(row3.day.low, row3.day.moderate, row3.day.high);
    const container = row3.container;
    return {
      isolation:
        row3.isolationM >= guide.isolationM
          ? { metres: row3.isolationM, edition, table: '3', container, allDirections: true }
          : fromGuide,
      evacuation: { metres: night, dayMetres: day, edition, table: '3', container, allDirections: false },
      fire,
    };
  }
  if (table1?.largeSpill) {
    const large = table1.largeSpill;
    return {
      isolation:
        large.isolationM >= guide.isolationM ? { metres: large.isolationM, edition, table: '1', allDirections: true } : fromGuide,
      evacuation: { metres: large.nightM, dayMetres: large.dayM, edition, table: '1', allDirections: false },
      fire,
    };
  }
  return {
    isolation: fromGuide,
    evacuation:
      guide.largeSpillM === null
        ? null
        : { metres: guide.largeSpillM, edition, table: 'guide', allDirections: guide.largeSpillAllDirections },
    fire,
  };
}

/**
 * The largest isolation, protective-action and fire distances over a facility's substances, and
 * who sets them. Among equal figures (the explosives of one guide share them) the larger stored
 * quantity sets it, so an emulsion store is not credited to its detonators; then the lower UN
 * number, so every view of the facility names the same substance whatever order it lists them in.
 */
export function largestDistances(substances: readonly NamedSubstance[]): FacilityHazardDistances {
  const best: Record<keyof FacilityHazardDistances, (DistanceSetter & { kilograms: number }) | null> = {
    isolation: null,
    evacuation: null,
    fire: null,
  };
  for (const s of substances) {
    if (!s.hazard?.figures) continue;
    const candidates = candidatesOf(s.hazard.figures, s.kilograms);
    const kilograms = s.kilograms ?? 0;
    for (const kind of ['isolation', 'evacuation', 'fire'] as const) {
      const candidate = candidates[kind];
      const current = best[kind];
      if (candidate === null || candidate.metres === 0) continue;
      if (current !== null) {
        const order =
          candidate.metres - current.metres ||
          kilograms - current.kilograms ||
          (s.unNumber < current.unNumber ? 1 : s.unNumber > current.unNumber ? -1 : 0);
        if (order <= 0) continue;
      }
      best[kind] = { ...candidate, unNumber: s.unNumber, name: s.name, nameNn: s.nameNn, kilograms };
    }
  }
  const setter = (value: (DistanceSetter & { kilograms: number }) | null): DistanceSetter | null => {
    if (value === null) return null;
    const { kilograms: _, ...rest } = value;
    return rest;
  };
  return { isolation: setter(best.isolation), evacuation: setter(best.evacuation), fire: setter(best.fire) };
}
