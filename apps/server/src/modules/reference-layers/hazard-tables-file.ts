import type { ReferenceRowProblem } from '@fast/contracts';
import { EDITION_COLUMN, ERG_FIELDS, type ErgSourceRecord } from '../erg/erg-source.ts';
import { csvLines, LayerFileError, splitFields } from './layer-file.ts';
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

type Reason = ReferenceRowProblem['reasons'][number];

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

/**
 * The records of a hazard-tables file, each with its line. Throws LayerFileError for a header
 * without the layout's columns, rows of more than one edition, or a file without the guides' own
 * records (every figure needs its guide's).
 */
export async function* hazardTableRows(path: string): AsyncGenerator<LayerRow<ErgRecordRow>> {
  const lines = csvLines(path, 'csv');
  const header = await lines.next();
  if (header.done) throw new LayerFileError('Filen er tom.');
  const names = splitFields(header.value).map((name) => name.trim());
  const columns = [...ERG_FIELDS.map(([name]) => name), EDITION_COLUMN];
  const missing = columns.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    throw new LayerFileError(
      `Filen er ikke ERG-tabellene i FASTs CSV-format (semikolon, ERG 2016-filens feltnavn og Edition): mangler kolonnene ${missing.join(', ')}.`,
    );
  }
  const index = new Map(names.map((name, i) => [name, i]));
  let edition: string | null = null;
  let guides = 0;
  let lineNumber = 1;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const fields = splitFields(line);
    const refuse = (reasons: Reason[]) => ({ line: lineNumber, parsed: { problem: { line: lineNumber, reasons } } });
    if (fields.length !== names.length) {
      yield refuse([{ code: 'wrongFieldCount', params: { expected: names.length, actual: fields.length } }]);
      continue;
    }
    const text = (column: string) => (fields[index.get(column) ?? -1] ?? '').trim();
    const reasons: Reason[] = [];
    const record: ErgSourceRecord = {};
    for (const [name, kind] of ERG_FIELDS) {
      const value = fieldValue(kind, name, text(name));
      if (isReason(value)) reasons.push(value);
      else record[name] = value;
    }
    // Four-digit identification numbers and three-digit guides, as the ERG prints them.
    for (const name of ['IDNum', 'GuideNum']) {
      const value = record[name];
      if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) <= 9999)) {
        reasons.push({ code: 'notANumber', params: { column: name, value: text(name) } });
      }
    }
    const rowEdition = text(EDITION_COLUMN);
    if (rowEdition === '') reasons.push({ code: 'missingValue', params: { column: EDITION_COLUMN } });
    else if (!/^\d{4}$/.test(rowEdition))
      reasons.push({ code: 'notANumber', params: { column: EDITION_COLUMN, value: rowEdition } });
    else if (edition !== null && rowEdition !== edition) {
      throw new LayerFileError(
        `Linje ${lineNumber} er fra ERG ${rowEdition}, linjene før fra ERG ${edition}: én fil holder én utgave av tabellene.`,
      );
    } else edition = rowEdition;
    if (reasons.length > 0) {
      yield refuse(reasons);
      continue;
    }
    const row: ErgRecordRow = {
      position: lineNumber,
      idNum: record.IDNum as number,
      guideNum: record.GuideNum as number,
      material: record.Material as string,
      edition: rowEdition,
      record,
    };
    if (row.idNum === 0) guides++;
    yield { line: lineNumber, parsed: { row, id: `${row.idNum} ${row.guideNum} ${row.material}` } };
  }
  if (edition !== null && guides === 0) {
    throw new LayerFileError('Filen har ingen rader for veiledningene (IDNum 0): hver avstand trenger veiledningens egne.');
  }
}
