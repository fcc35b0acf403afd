import type { Db } from '../../db/database.ts';
import { findActiveAdrRecords } from './adr.repository.ts';

/** The ADR edition of the facts the bundled hazard cards carry (apps/server/reference/hazard-cards/README.md). */
export const BUNDLED_ADR_EDITION = '2017';

/** One entry of the loaded ADR Table A, with its edition. */
export type AdrEntry = Awaited<ReturnType<typeof findActiveAdrRecords>>[number];

/**
 * Each UN number's entry in the active `adr-table-a` version (the first in the file where ADR has
 * several, as the bundled cards take it); empty before a load, when the bundled ADR 2017 facts
 * stand. Callers cache it with the cards and forget it on a load or rollback (facility-hazards.ts).
 */
export async function loadedAdrEntries(db: Db): Promise<ReadonlyMap<string, AdrEntry>> {
  const entries = new Map<string, AdrEntry>();
  for (const row of await findActiveAdrRecords(db)) if (!entries.has(row.un_number)) entries.set(row.un_number, row);
  return entries;
}
