import type { FacilityHazardDistances } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { readOncePerDatabase } from '../../db/read-once.ts';
import type { HazardLookup } from '../facility/facility.presenter.ts';
import { largestDistances, type NamedSubstance, summariesByUnNumber } from './hazard.presenter.ts';
import { findAllHazardCards, findFacilitySubstanceNames } from './hazard.repository.ts';

export type SubstanceName = Omit<NamedSubstance, 'hazard'>;

/**
 * Every card's summary by UN number. The cards are reference data (written at start-up by
 * reference-data.ts, before requests are served): read once per database, so that a list of 500
 * facilities does not read its cards again on every request (2–6 ms).
 */
const hazardSummaries = readOncePerDatabase(async (db) => summariesByUnNumber(await findAllHazardCards(db)));

/** The hazard summaries by UN number, for presentFacility (which looks up its own substances). */
export function facilityHazards(db: Db): Promise<HazardLookup> {
  return hazardSummaries(db);
}

/** The largest distances of each facility from the substances it stores (the map popup, the nearby list and its export). */
export async function largestDistancesOf<K>(
  db: Db,
  substances: ReadonlyMap<K, readonly SubstanceName[]>,
): Promise<Map<K, FacilityHazardDistances>> {
  const hazards = await hazardSummaries(db);
  return new Map(
    [...substances].map(([key, list]) => [
      key,
      largestDistances(list.map((s) => ({ ...s, hazard: hazards.get(s.unNumber) ?? null }))),
    ]),
  );
}

/** A facility's largest distances from its substances; callers have checked the facility is in scope. */
export async function facilityHazardDistances(db: Db, facilityId: number): Promise<FacilityHazardDistances> {
  const substances = (await findFacilitySubstanceNames(db, facilityId)).map((s) => ({
    unNumber: s.un_number,
    name: s.name_nb,
    nameNn: s.name_nn,
  }));
  const distances = await largestDistancesOf(db, new Map([[facilityId, substances]]));
  return distances.get(facilityId) ?? { isolation: null, evacuation: null };
}
