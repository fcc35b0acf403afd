import { EDITION_COLUMN, type EditionTable, editionTableRows, type Reason } from './edition-table-file.ts';
import type { LayerRow } from './layer-rows.ts';

/**
 * The `adr-table-a` layer's CSV (docs/reference-layers.md): one row per entry of ADR Table A with
 * the facts a hazard card shows, semicolon-separated UTF-8 with the header ADR_COLUMNS. A UN number
 * may have several entries (ADR splits some by packing group or state); the first in the file is
 * its card's, as in the bundled ADR 2017 facts.
 */
export const ADR_COLUMNS = [
  'UN',
  'Name',
  'Class',
  'ClassificationCode',
  'PackingGroup',
  'Labels',
  'HazardNumber',
  EDITION_COLUMN,
] as const;

/** Separates the labels of one entry: "2.3+8". */
export const LABEL_SEPARATOR = '+';

export interface AdrRecordRow {
  /** The file's line. */
  position: number;
  unNumber: string;
  nameEn: string;
  adrClass: string;
  classificationCode: string;
  packingGroup: 'I' | 'II' | 'III' | null;
  labels: string[];
  hazardNumber: string | null;
  edition: string;
}

/** ADR's classes (2.2.x) and the labels of 5.2.2.2.2, by which a row is checked. */
const CLASSES = new Set(['1', '2', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9']);
const LABEL = /^(1(\.[4-6])?|2\.[1-3]|3|4\.[1-3]|5\.[12]|6\.[12]|7[A-E]?|8|9A?)$/;
/** The orange plate's number (5.3.2.3): two or three digits, X before where water is forbidden. */
const HAZARD_NUMBER = /^X?[0-9]{2,3}$/;
const isPackingGroup = (value: string): value is 'I' | 'II' | 'III' => value === 'I' || value === 'II' || value === 'III';

const ADR_TABLE: EditionTable<AdrRecordRow> = {
  publication: 'ADR',
  columns: ADR_COLUMNS,
  layout: `ADR Tabell A i FASTs CSV-format (semikolon, kolonnene ${ADR_COLUMNS.join(';')})`,
  parse(field, line) {
    const reasons: Reason[] = [];
    const required = (column: string) => {
      const value = field(column);
      if (value === '') reasons.push({ code: 'missingValue', params: { column } });
      return value;
    };
    const unNumber = required('UN');
    if (unNumber !== '' && !/^[0-9]{4}$/.test(unNumber)) reasons.push({ code: 'notAUnNumber', params: { value: unNumber } });
    const nameEn = required('Name');
    const adrClass = required('Class');
    if (adrClass !== '' && !CLASSES.has(adrClass)) reasons.push({ code: 'unknownAdrClass', params: { value: adrClass } });
    // Class 7 has no classification code in Table A.
    const classificationCode = adrClass === '7' ? field('ClassificationCode') : required('ClassificationCode');
    const packingGroup = field('PackingGroup');
    if (packingGroup !== '' && !isPackingGroup(packingGroup))
      reasons.push({ code: 'unknownPackingGroup', params: { value: packingGroup } });
    const labels =
      field('Labels') === ''
        ? []
        : field('Labels')
            .split(LABEL_SEPARATOR)
            .map((label) => label.trim());
    for (const label of labels) if (!LABEL.test(label)) reasons.push({ code: 'unknownLabel', params: { value: label } });
    const hazardNumber = field('HazardNumber');
    if (hazardNumber !== '' && !HAZARD_NUMBER.test(hazardNumber))
      reasons.push({ code: 'notAHazardNumber', params: { value: hazardNumber } });
    if (reasons.length > 0) return reasons;
    const row: AdrRecordRow = {
      position: line,
      unNumber,
      nameEn,
      adrClass,
      classificationCode,
      packingGroup: isPackingGroup(packingGroup) ? packingGroup : null,
      labels,
      hazardNumber: hazardNumber === '' ? null : hazardNumber,
      edition: field(EDITION_COLUMN),
    };
    // Several entries per UN number are ADR's own: each line is its own row.
    return { row, id: line };
  },
};

/** The entries of an adr-table-a file, each with its line; throws LayerFileError as editionTableRows does. */
export function adrTableRows(path: string): AsyncGenerator<LayerRow<AdrRecordRow>> {
  return editionTableRows(path, ADR_TABLE);
}
