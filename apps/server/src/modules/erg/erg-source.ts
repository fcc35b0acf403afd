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

/**
 * The file's fields in its order, by their dBASE names and types: `number` for the N fields,
 * `flag` for the C fields that hold "Yes" or nothing, `text` for the material's name. They are also
 * the columns of the `hazard-tables` layer's CSV (docs/reference-layers.md), so the file converts
 * 1:1 (`npm run erg-to-csv`); erg-layer.test.ts holds them to the file's own field list.
 */
const TABLE3_FIELDS = ['RAIL', 'SEMI', 'MTON', 'STON', 'AG', 'MSM'].flatMap((prefix) => [
  `${prefix}_ISO`,
  ...['DY', 'NTE'].flatMap((time) => ['LOW', 'MOD', 'HI'].map((wind) => `${prefix}${time}${wind}`)),
]);
export const ERG_FIELDS: readonly (readonly [name: string, kind: 'number' | 'flag' | 'text'])[] = [
  ['GuideNum', 'number'],
  ['IDNum', 'number'],
  ['Material', 'text'],
  ...['SM_ISO', 'SM_DY', 'SM_NTE', 'LG_ISO', 'LG_DY', 'LG_NTE'].map((name) => [name, 'number'] as const),
  ['ATM', 'flag'],
  ['POLYMERIZE', 'flag'],
  ['FIRE_ISO', 'number'],
  ['BLEVE', 'flag'],
  ...[100, 400, 2_000, 4_000, 8_000, 22_000, 42_000, 82_000, 140_000].map((litres) => [`BLV${litres}L`, 'number'] as const),
  ['TABLE3', 'flag'],
  ...TABLE3_FIELDS.map((name) => [name, 'number'] as const),
];

/** One record as the file holds it: numbers for the N fields, trimmed text for the C fields. */
export type ErgSourceRecord = Record<string, string | number | null>;

export async function readErgSource(file = ERG_SOURCE_FILE): Promise<ErgSourceRecord[]> {
  const dbf = await DBFFile.open(file);
  return (await dbf.readRecords(dbf.recordCount)) as ErgSourceRecord[];
}
