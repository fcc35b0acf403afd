import type { FacilityHazardDistances } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import type { HazardLookup } from '../facility/facility.presenter.ts';
import type { FacilityRecordRow } from '../facility/facility.repository.ts';
import { largestDistances, summariesByUnNumber } from './hazard.presenter.ts';
import { findFacilitySubstanceNames, findHazardCards } from './hazard.repository.ts';

/** The hazard summaries of a facility record's substances, for presentFacility. */
export async function facilityHazards(db: Db, row: Pick<FacilityRecordRow, 'substances'>): Promise<HazardLookup> {
  return summariesByUnNumber(
    await findHazardCards(
      db,
      row.substances.map((s) => s.un_number),
    ),
  );
}

/** A facility's largest distances from its substances; callers have checked the facility is in scope. */
export async function facilityHazardDistances(db: Db, facilityId: number): Promise<FacilityHazardDistances> {
  const substances = await findFacilitySubstanceNames(db, facilityId);
  const hazards = summariesByUnNumber(
    await findHazardCards(
      db,
      substances.map((s) => s.un_number),
    ),
  );
  return largestDistances(
    substances.map((s) => ({
      unNumber: s.un_number,
      name: s.name_nb,
      nameNn: s.name_nn,
      hazard: hazards.get(s.un_number) ?? null,
    })),
  );
}
