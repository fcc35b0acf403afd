import { EDITION_COLUMN } from '../reference-layers/edition-table-file.ts';
import { ERG_FIELDS, type ErgSourceRecord } from './erg-source.ts';

/** A field as CSV writes it: in double quotes only when it holds the separator, a quote or a line end. */
const csvField = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The ERG's records in the `hazard-tables` layer's CSV (docs/reference-layers.md): a header with
 * the dBASE file's field names and `Edition`, then one line per record in the file's order, each
 * value as the file holds it (numbers in full, "Yes" or nothing in the flags).
 */
export function ergCsv(records: readonly ErgSourceRecord[], edition: string): string {
  if (!/^\d{4}$/.test(edition)) throw new Error(`The edition is a year: ${edition}`);
  const names = ERG_FIELDS.map(([name]) => name);
  const lines = [[...names, EDITION_COLUMN].join(';')];
  for (const record of records) {
    lines.push([...names.map((name) => csvField(String(record[name] ?? ''))), edition].join(';'));
  }
  return `${lines.join('\n')}\n`;
}
