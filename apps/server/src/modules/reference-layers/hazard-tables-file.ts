import { ERG_FIELDS, type ErgSourceRecord } from '../erg/erg-source.ts';
import { EDITION_COLUMN, type EditionTable, editionTableRows, type Reason } from './edition-table-file.ts';
import { LayerFileError } from './layer-file.ts';
import type { LayerRow } from './layer-rows.ts';

/**
 * The `hazard-tables` layer's CSV (docs/reference-layers.md): the ERG's tables with the ERG 2016
 * dBASE file's field names as columns (ERG_FIELDS) and an `Edition` column, the same on every row,
 * semicolon-separated UTF-8 with a header. A row is one record of the file: a material of the ID
 * Number Index, or a guide's own distances (`IDNum` 0).
 */

export interface ErgRecordRow {
  /** The file's line. */
  position: number;
  idNum: number;
  guideNum: number;
  material: string;
  edition: string;
  record: ErgSourceRecord;
}

/** A field's value as the dBASE file would give it, or why the row is refused. */
function fieldValue(kind: 'number' | 'flag' | 'text', column: string, text: string): string | number | Reason {
  if (kind === 'flag') {
    // The file writes "Yes" or nothing; a misspelt flag would silently drop a table, so it is refused.
    if (/^yes$/i.test(text)) return 'Yes';
    if (text === '' || /^no$/i.test(text)) return '';
    return { code: 'notAFlag', params: { column, value: text } };
  }
  if (text === '') return { code: 'missingValue', params: { column } };
  if (kind === 'text') return text;
  // Plain decimals with a point, as the dBASE file's N fields: no sign, exponent or hexadecimal.
  if (!/^\d+(\.\d+)?$/.test(text)) return { code: 'notANumber', params: { column, value: text } };
  return Number(text);
}

const isReason = (value: string | number | Reason): value is Reason => typeof value === 'object';

/** The ERG's tables in the layer's layout: every field of the dBASE file, each as its kind says. */
const ERG_TABLE: EditionTable<ErgRecordRow> = {
  publication: 'ERG',
  columns: [...ERG_FIELDS.map(([name]) => name), EDITION_COLUMN],
  layout: 'ERG-tabellene i FASTs CSV-format (semikolon, ERG 2016-filens feltnavn og Edition)',
  parse(field, line) {
    const reasons: Reason[] = [];
    const record: ErgSourceRecord = {};
    for (const [name, kind] of ERG_FIELDS) {
      const value = fieldValue(kind, name, field(name));
      if (isReason(value)) reasons.push(value);
      else record[name] = value;
    }
    // Four-digit identification numbers and three-digit guides, as the ERG prints them.
    for (const name of ['IDNum', 'GuideNum']) {
      const value = record[name];
      if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) <= 9999)) {
        reasons.push({ code: 'notANumber', params: { column: name, value: field(name) } });
      }
    }
    if (reasons.length > 0) return reasons;
    const row: ErgRecordRow = {
      position: line,
      idNum: record.IDNum as number,
      guideNum: record.GuideNum as number,
      material: record.Material as string,
      edition: field(EDITION_COLUMN),
      record,
    };
    return { row, id: `${row.idNum} ${row.guideNum} ${row.material}` };
  },
};

/**
 * The records of a hazard-tables file, each with its line. Throws LayerFileError as
 * editionTableRows does, and for a file whose records hold no guide's own (every figure needs its
 * guide's).
 */
export async function* hazardTableRows(path: string): AsyncGenerator<LayerRow<ErgRecordRow>> {
  let records = 0;
  let guides = 0;
  for await (const row of editionTableRows(path, ERG_TABLE)) {
    if ('row' in row.parsed) {
      records++;
      if (row.parsed.row.idNum === 0) guides++;
    }
    yield row;
  }
  if (records > 0 && guides === 0) {
    throw new LayerFileError('Filen har ingen rader for veiledningene (IDNum 0): hver avstand trenger veiledningens egne.');
  }
}
