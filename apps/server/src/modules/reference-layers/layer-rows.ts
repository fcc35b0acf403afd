import type { ReferenceRowProblem } from '@fast/contracts';

/** What one line (or GeoJSON feature) of a layer file gives: a row with its id, a refusal, or a row left out on purpose. */
export type ParsedRow<Row> = { row: Row; id: string | number } | { problem: ReferenceRowProblem } | { skipped: true };

/** A parsed row and the file's line it came from (1-based; the header is line 1). */
export interface LayerRow<Row> {
  line: number;
  parsed: ParsedRow<Row>;
}
