import type { FacilityHazardDistances, QuantityUnit } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import type { SearchReference } from '../catalogue/search-reference.ts';
import { largestDistancesOf, type StoredSubstance } from '../hazard/facility-hazards.ts';
import type { SubstanceTotal } from './facility-rows.repository.ts';

/**
 * Each facility's largest hazard distances from the substances it stores ([catalogue id, unit,
 * total], as the table rows read them): the nearby list and its export, the OGC feed. Many
 * facilities store the same list (propane alone, in the same quantity): each distinct list is
 * looked at once.
 */
export async function hazardDistancesOf(
  db: Db,
  facilities: readonly (readonly [number, readonly SubstanceTotal[]])[],
  reference: SearchReference,
): Promise<Map<number, FacilityHazardDistances>> {
  const stored = ([id, unit, quantity]: SubstanceTotal): StoredSubstance[] => {
    const known = reference.substances.get(id);
    return known
      ? [{ unNumber: known.unNumber, name: known.nb, nameNn: known.nn, quantities: [{ quantity, unit: unit as QuantityUnit }] }]
      : [];
  };
  // The order is part of the key: of two substances with one UN number, the first listed is named.
  const lists = new Map<string, StoredSubstance[]>();
  const keyed = facilities.map(([id, substances]) => {
    const key = substances.join(';');
    if (!lists.has(key)) lists.set(key, substances.flatMap(stored));
    return [id, key] as const;
  });
  const byList = await largestDistancesOf(db, lists);
  return new Map(
    keyed.flatMap(([id, key]) => {
      const distances = byList.get(key);
      return distances ? [[id, distances] as const] : [];
    }),
  );
}
