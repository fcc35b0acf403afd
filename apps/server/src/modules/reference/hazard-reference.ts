import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GuideEssentials } from '../../db/hazard-tables.ts';

/** The versioned hazard-card file (see its README for sources, editions and licences). */
export const HAZARD_CARDS_FILE = join(import.meta.dirname, '../../../reference/hazard-cards/hazard-cards.json');

export interface ReferenceGuide {
  title: { nb: string; nn: string };
  /** The ERG edition the guide's essentials were written from, and where (see the README). */
  edition: string;
  readIn: string;
  essentials: { nb: GuideEssentials; nn: GuideEssentials };
}

export interface ReferenceCard {
  unNumber: string;
  name: { nb: string; nn: string; en: string };
  adr: { class: string; classificationCode: string; packingGroup: string | null; labels: string[]; hazardNumber: string | null };
  /** The ERG guide by the ERG 2024 index; the distances come from reference/erg-2016 (modules/erg). */
  erg: { guide: number; polymerisation: boolean; basis: 'index' | 'title' } | null;
}

export interface HazardReference {
  version: string;
  guides: Record<string, ReferenceGuide>;
  cards: ReferenceCard[];
}

export async function readHazardReference(): Promise<HazardReference> {
  return JSON.parse(await readFile(HAZARD_CARDS_FILE, 'utf8')) as HazardReference;
}
