import { approximateKilograms, type FacilityHazardDistances, type QuantityUnit } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { readOncePerDatabase } from '../../db/read-once.ts';
import { type AdrEntry, BUNDLED_ADR_EDITION, loadedAdrEntries } from '../adr/adr.ts';
import { ergTables } from '../erg/erg.ts';
import {
  type HazardCardFacts,
  largestDistances,
  type NamedSubstance,
  presentHazardSummary,
  type SubstanceHazard,
} from './hazard.presenter.ts';
import { findAllHazardCards, findFacilitySubstanceQuantities, type HazardCardRow } from './hazard.repository.ts';

/** UN number → its card, in full and in short, and its ERG figures; a UN number without a card is absent. */
export type HazardLookup = ReadonlyMap<string, SubstanceHazard>;

/** A card's ADR facts and English name from its UN number's loaded Table A entry, else the bundled ADR 2017 ones. */
function withAdrFacts(row: HazardCardRow, entry: AdrEntry | undefined): HazardCardFacts {
  if (!entry) return { ...row, adr_edition: BUNDLED_ADR_EDITION };
  return {
    ...row,
    name_en: entry.name_en,
    adr_class: entry.adr_class,
    classification_code: entry.classification_code,
    packing_group: entry.packing_group,
    labels: entry.labels,
    hazard_number: entry.hazard_number,
    adr_edition: entry.edition,
  };
}

/**
 * Every card, its summary and figures by UN number. The cards are reference data (written at
 * start-up by reference-data.ts, before requests are served), their ADR facts come from ADR Table A
 * (the `adr-table-a` layer where it has the UN number, else the cards' own) and the figures from
 * the ERG's tables (the `hazard-tables` layer, else the bundled file): read once per database, so
 * that a list of 500 facilities does not read its cards again on every request (2–6 ms), and read
 * again after a load or rollback of either layer (forgetHazardCards).
 */
const substanceHazards = readOncePerDatabase(async (db): Promise<HazardLookup> => {
  const [cards, adr, tables] = await Promise.all([findAllHazardCards(db), loadedAdrEntries(db), ergTables(db)]);
  return new Map(
    cards.map((row) => {
      const card = withAdrFacts(row, adr.get(row.un_number));
      const figures = row.guide === null ? null : tables.figuresFor(row.un_number, row.guide);
      return [row.un_number, { card, summary: presentHazardSummary(card, figures), figures }];
    }),
  );
});

/**
 * Every process forgets its lookup when the `hazard-tables` or `adr-table-a` layer changes (the
 * change notification `hazard-cards`).
 */
export function forgetHazardCards(): void {
  substanceHazards.forget();
}

/** The hazard lookup, for presentFacility (which looks up its own substances). */
export function facilityHazards(db: Db): Promise<HazardLookup> {
  return substanceHazards(db);
}

/** A facility's substance as the largest distances weigh it; quantities in one unit each. */
export interface StoredSubstance {
  unNumber: string;
  name: string;
  nameNn: string;
  quantities: readonly { quantity: number; unit: QuantityUnit }[];
}

/** One entry per UN number (the first row's names), with the stored quantities summed. */
export function namedSubstances(stored: readonly StoredSubstance[], hazards: HazardLookup): NamedSubstance[] {
  const byUn = new Map<string, NamedSubstance>();
  for (const s of stored) {
    const kilograms = s.quantities.reduce((sum, q) => sum + approximateKilograms(q.quantity, q.unit), 0);
    const known = byUn.get(s.unNumber);
    if (known) known.kilograms = (known.kilograms ?? 0) + kilograms;
    else
      byUn.set(s.unNumber, {
        unNumber: s.unNumber,
        name: s.name,
        nameNn: s.nameNn,
        kilograms,
        hazard: hazards.get(s.unNumber) ?? null,
      });
  }
  return [...byUn.values()];
}

/** The largest distances of each facility from the substances it stores (the map popup, the nearby list and its export). */
export async function largestDistancesOf<K>(
  db: Db,
  substances: ReadonlyMap<K, readonly StoredSubstance[]>,
): Promise<Map<K, FacilityHazardDistances>> {
  const hazards = await substanceHazards(db);
  return new Map([...substances].map(([key, list]) => [key, largestDistances(namedSubstances(list, hazards))]));
}

/** A facility's largest distances from its substances; callers have checked the facility is in scope. */
export async function facilityHazardDistances(db: Db, facilityId: number): Promise<FacilityHazardDistances> {
  const substances = (await findFacilitySubstanceQuantities(db, facilityId)).map((s) => ({
    unNumber: s.un_number,
    name: s.name_nb,
    nameNn: s.name_nn,
    quantities: [{ quantity: s.quantity, unit: s.unit as QuantityUnit }],
  }));
  const distances = await largestDistancesOf(db, new Map([[facilityId, substances]]));
  return distances.get(facilityId) ?? { isolation: null, evacuation: null, fire: null };
}
