import type { Db } from '../../db/database.ts';
import { findActiveErgRecords } from './erg.repository.ts';
import { readErgSource } from './erg-source.ts';
import { type ErgTables, ergTablesOf } from './erg-tables.ts';

let bundled: Promise<ErgTables> | undefined;

/** The ERG 2016 tables FAST ships, read from the source file once per process (684 records, a few milliseconds). */
export function bundledErgTables(): Promise<ErgTables> {
  bundled ??= readErgSource().then((records) => ergTablesOf(records));
  return bundled;
}

/**
 * The ERG tables every figure is read from: the active `hazard-tables` layer when the authority
 * has loaded one (ERG 2024, say), with its edition, else the bundled ERG 2016. Callers cache it
 * and forget it on a load or rollback (facility-hazards.ts).
 */
export async function ergTables(db: Db): Promise<ErgTables> {
  const loaded = await findActiveErgRecords(db);
  const first = loaded[0];
  if (!first) return bundledErgTables();
  return ergTablesOf(
    loaded.map((row) => row.record),
    first.edition,
  );
}
