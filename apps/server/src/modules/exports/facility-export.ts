import type { DocumentLanguageValue } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { type SearchReference, unitTypesOf } from '../catalogue/search-reference.ts';
import { findExportBatch, type SearchHitRow, type SubstanceTotal } from '../facility/facility-rows.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { EXPORT_TEXT } from './export-texts.ts';
import { type ExportCell, type ExportColumn, excelDay } from './export-workbook.ts';

/**
 * The facility table as every export writes it (the search, zone and nearby exports): its columns
 * and cells in the asked language, and its rows read in chunks while the workbook is written.
 */

/**
 * Rows fetched per round trip (the search and nearby exports). A chunk comes back as one JSON
 * text; on PostgreSQL, pg gathers that message in a buffer it doubles as the socket's pieces
 * arrive, while the previous chunk is being written. At 2 000 rows (~1 MB) those buffers and the
 * rows lived through young collections, were promoted, and waited for the next full GC, which V8
 * put off until ~150 MB of old space: the server's peak grew with the export's length
 * (ArrayBuffers 8 → 50 MB from 10 000 to 100 000 rows). At 500 rows (~80 kB since rows come as
 * arrays of values, see withSubstanceTotals) they die young, and the round trips still hide behind
 * the writing.
 */
export const EXPORT_CHUNK_ROWS = 500;

/** The search export's columns in the asked language. */
export function exportColumns(lang: DocumentLanguageValue): ExportColumn[] {
  const h = EXPORT_TEXT[lang].headers;
  return [
    { header: h.privateOrBusiness, width: 22 },
    { header: h.id, width: 11 },
    { header: h.name, width: 36 },
    { header: h.address, width: 30 },
    { header: h.postalCode, width: 11 },
    { header: h.postalPlace, width: 18 },
    { header: h.municipalityId, width: 15 },
    { header: h.municipality, width: 18 },
    { header: h.firstNotification, width: 16, numFmt: 'dd.mm.yyyy' },
    { header: h.owner, width: 30 },
    { header: h.majorAccident, width: 30 },
    { header: h.units, width: 34 },
    { header: h.latitude, width: 18, numFmt: '0.000000' },
    { header: h.longitude, width: 18, numFmt: '0.000000' },
    { header: h.accuracy, width: 18 },
    { header: h.substances, width: 60 },
  ];
}

const quantity = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 3 });

/**
 * The unit-types cell per list of unit types, per reference and language, kept: naming each row's
 * list anew cost ~100 ms of 100 000 rows, and a register has few lists (the benchmark's 112 500
 * facilities: 17). Kept as long as the reference it was named from.
 */
const unitTypeCells = new WeakMap<SearchReference, Record<DocumentLanguageValue, Map<string, string>>>();

function unitTypesCell(ids: readonly number[], reference: SearchReference, lang: DocumentLanguageValue): string {
  let cells = unitTypeCells.get(reference);
  if (!cells) {
    cells = { nb: new Map(), nn: new Map() };
    unitTypeCells.set(reference, cells);
  }
  const key = ids.join(',');
  let cell = cells[lang].get(key);
  if (cell === undefined) {
    cell = unitTypesOf(ids, reference, lang)
      .map((t) => t.description)
      .join(', ');
    cells[lang].set(key, cell);
  }
  return cell;
}

export function exportCells(
  row: SearchHitRow,
  substances: string,
  reference: SearchReference,
  lang: DocumentLanguageValue,
): ExportCell[] {
  const text = EXPORT_TEXT[lang];
  return [
    row.is_private ? text.privatePerson : text.business,
    row.id,
    row.name,
    row.street_address,
    row.postal_code,
    row.postal_place,
    row.municipality_id,
    row.municipality_name,
    excelDay(row.first_notification_on),
    row.owner_name,
    text.majorAccident[row.major_accident] ?? row.major_accident,
    unitTypesCell(row.unit_type_ids, reference, lang),
    row.latitude,
    row.longitude,
    text.positionAccuracy[row.position_accuracy] ?? row.position_accuracy,
    substances,
  ];
}

/**
 * The rows of an export (search, zone and nearby), made from `items` in chunks of
 * EXPORT_CHUNK_ROWS by `read`, in order. The next chunk is already being read while the current
 * one is written (on PostgreSQL the two overlap). The first chunk is read before this returns, so
 * that a failing database still answers with an error body, not a cut download.
 */
export async function exportChunks<T>(
  items: readonly T[],
  read: (chunk: readonly T[]) => Promise<ExportCell[][]>,
): Promise<AsyncIterable<ExportCell[][]>> {
  const readAt = (start: number) => {
    const reading = read(items.slice(start, start + EXPORT_CHUNK_ROWS));
    // Read while the chunk before is written, awaited after: a failure meanwhile (the database
    // gone mid-export) must not count as unhandled, which would end the process.
    reading.catch(() => {});
    return reading;
  };
  async function* chunks(): AsyncGenerator<ExportCell[][]> {
    let next = items.length > 0 ? readAt(0) : null;
    for (let start = 0; next !== null; start += EXPORT_CHUNK_ROWS) {
      const rows = await next;
      next = start + EXPORT_CHUNK_ROWS < items.length ? readAt(start + EXPORT_CHUNK_ROWS) : null;
      yield rows;
    }
  }
  const batches = chunks();
  const first = await batches.next();
  async function* all(): AsyncGenerator<ExportCell[][]> {
    if (!first.done) yield first.value;
    yield* batches;
  }
  return all();
}

/** The search export's rows of `ids` (the search and zone exports), in the order of `ids`. */
export function exportRows(
  db: Db,
  scope: Scope,
  ids: readonly number[],
  reference: SearchReference,
  lang: DocumentLanguageValue,
): Promise<AsyncIterable<ExportCell[][]>> {
  return exportChunks(ids, async (chunk) =>
    (await findExportBatch(db, scope, chunk)).map((row) =>
      exportCells(row, substanceSummary(row.substances, reference, lang), reference, lang),
    ),
  );
}

/** "Propan 2,5 tonn; Diesel / fyringsolje 60 m3", with the substances' names in the asked language. */
export function substanceSummary(
  totals: readonly SubstanceTotal[],
  reference: SearchReference,
  lang: DocumentLanguageValue,
): string {
  return totals
    .map(([id, unit, amount]) => `${reference.substances.get(id)?.[lang] ?? String(id)} ${quantity.format(amount)} ${unit}`)
    .join('; ');
}
