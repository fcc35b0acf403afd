import { join } from 'node:path';
import { DBFFile } from 'dbffile';

/**
 * The ERG's tables as PHMSA released them with ERG 2016, in the dBASE file Esri keeps (see
 * reference/erg-2016/README.md): one record per material of the ID Number Index with its Table 1,
 * Table 3, BLEVE and fire figures, and one record per guide (IDNum 0) with the guide's own
 * distances. Metres throughout.
 */
export const ERG_SOURCE_FILE = join(import.meta.dirname, '../../../reference/erg-2016/ERG2016LookupTable.dbf');
export const ERG_SOURCE_EDITION = '2016';

/** One record as the file holds it: numbers for the N fields, trimmed text for the C fields. */
export type ErgSourceRecord = Record<string, string | number | null>;

export async function readErgSource(file = ERG_SOURCE_FILE): Promise<ErgSourceRecord[]> {
  const dbf = await DBFFile.open(file);
  return (await dbf.readRecords(dbf.recordCount)) as ErgSourceRecord[];
}
