import type { ColumnType } from 'kysely';

/** jsonb: read as the parsed value, written as JSON text (both engines parse jsonb on read). */
type Json<T> = ColumnType<T, string, string>;

/** The Norwegian essentials of one guide, in short sentences per heading. */
export interface GuideEssentials {
  fire: string[];
  health: string[];
  publicSafety: string[];
  protection: string[];
  firstActions: string[];
}

/** ERG guides used by the cards (reference data, apps/server/reference/hazard-cards). */
export interface HazardGuideTable {
  guide: number;
  /** The ERG edition the essentials were written from (2024, or 2016 for the explosives guides). */
  edition: ColumnType<string, string | undefined, string>;
  title_nb: string;
  title_nn: string;
  essentials_nb: Json<GuideEssentials>;
  essentials_nn: Json<GuideEssentials>;
}

/** One hazard card per UN number (reference data). */
export interface HazardCardTable {
  un_number: string;
  name_nb: string;
  name_nn: string;
  name_en: string;
  adr_class: string;
  classification_code: string;
  packing_group: string | null;
  labels: Json<string[]>;
  hazard_number: string | null;
  guide: number | null;
  guide_polymerisation: boolean;
  guide_basis: string | null;
  reference_version: string;
}

export interface HazardTables {
  hazard_guide: HazardGuideTable;
  hazard_card: HazardCardTable;
}
