import { readErgSource } from './erg-source.ts';
import { type ErgTables, ergTablesOf } from './erg-tables.ts';

let loaded: Promise<ErgTables> | undefined;

/** The ERG tables, read from the source file once per process (684 records, a few milliseconds). */
export function ergTables(): Promise<ErgTables> {
  loaded ??= readErgSource().then((records) => ergTablesOf(records));
  return loaded;
}
