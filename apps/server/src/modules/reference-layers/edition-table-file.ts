import type { ReferenceRowProblem } from '@fast/contracts';
import { csvLines, LayerFileError, splitFields } from './layer-file.ts';
import type { LayerRow } from './layer-rows.ts';

/** Why a row of a layer file is refused. */
export type Reason = ReferenceRowProblem['reasons'][number];

/** The column every edition table's CSV has beside its own: the publication's edition (a year), the same on every row. */
export const EDITION_COLUMN = 'Edition';

/** A published table (the ERG's, ADR's Table A) in FAST's CSV layout: its columns and how a line becomes a row. */
export interface EditionTable<Row> {
  /** "ERG", "ADR": named with the edition when a file mixes two. */
  publication: string;
  /** The columns a file must have (EDITION_COLUMN among them); order free, others ignored. */
  columns: readonly string[];
  /** What the file should have been, for the refusal of a header without the columns. */
  layout: string;
  /**
   * The row of one line, from its fields by column name (trimmed; '' when empty), or why it is
   * refused. The edition is checked apart: a row is yielded only with a valid one.
   */
  parse(field: (column: string) => string, line: number): { row: Row; id: string | number } | Reason[];
}

/**
 * The rows of an edition table's file: semicolon-separated UTF-8 with a header naming the columns,
 * one row per line (blank lines skipped). A row is refused by line for another number of fields
 * than the header's, the table's own reasons, or an edition that is missing or no year; the file
 * is refused (LayerFileError) for a header without the table's columns or rows of two editions.
 */
export async function* editionTableRows<Row>(path: string, table: EditionTable<Row>): AsyncGenerator<LayerRow<Row>> {
  const lines = csvLines(path, 'csv');
  const header = await lines.next();
  if (header.done) throw new LayerFileError('Filen er tom.');
  const names = splitFields(header.value).map((name) => name.trim());
  const missing = table.columns.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new LayerFileError(`Filen er ikke ${table.layout}: mangler kolonnene ${missing.join(', ')}.`);
  const index = new Map(names.map((name, i) => [name, i]));
  let edition: string | null = null;
  let line = 1;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    const fields = splitFields(text);
    const refuse = (reasons: Reason[]) => ({ line, parsed: { problem: { line, reasons } } });
    if (fields.length !== names.length) {
      yield refuse([{ code: 'wrongFieldCount', params: { expected: names.length, actual: fields.length } }]);
      continue;
    }
    const field = (column: string) => (fields[index.get(column) ?? -1] ?? '').trim();
    const parsed = table.parse(field, line);
    const reasons = Array.isArray(parsed) ? [...parsed] : [];
    const rowEdition = field(EDITION_COLUMN);
    if (rowEdition === '') reasons.push({ code: 'missingValue', params: { column: EDITION_COLUMN } });
    else if (!/^\d{4}$/.test(rowEdition))
      reasons.push({ code: 'notANumber', params: { column: EDITION_COLUMN, value: rowEdition } });
    else if (edition !== null && rowEdition !== edition) {
      const { publication } = table;
      throw new LayerFileError(
        `Linje ${line} er fra ${publication} ${rowEdition}, linjene før fra ${publication} ${edition}: én fil holder én utgave.`,
      );
    } else edition = rowEdition;
    if (Array.isArray(parsed) || reasons.length > 0) yield refuse(reasons);
    else yield { line, parsed };
  }
}
