import { PassThrough, type Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { AccessFacts } from '../access-log/access-log.repository.ts';

/** One cell: text, a number, a calendar day (a real Excel date) or empty. */
export type ExportCell = string | number | Date | null;

export interface ExportColumn {
  header: string;
  width: number;
  /** Excel number format; dates are shown as dd.MM.yyyy. */
  numFmt?: string;
}

const CLOSED = 'The export stream was closed';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A 'YYYY-MM-DD' day as the Date that ExcelJS writes as that day's serial number (it counts in
 * UTC). A date-only ISO string is read as UTC midnight, and parsing it is cheaper than splitting it.
 */
export function excelDay(isoDate: string | null): Date | null {
  return isoDate === null ? null : new Date(isoDate);
}

/** Waits while `output` has more buffered than it wants; fails once it is closed (the client went away). */
function drained(output: Writable): Promise<void> {
  if (output.destroyed) return Promise.reject(new Error(CLOSED));
  if (!output.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error(CLOSED));
    output.on('drain', onDrain);
    output.on('close', onClose);
  });
}

interface LegacyWritable {
  _writableState?: { length?: number };
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/** How many committed rows the writer adds between two turns of the event loop (see zipTurn). */
const ROWS_PER_TURN = 50;

/**
 * ExcelJS hands each committed row's XML to the zip entry without waiting for it (StreamBuf
 * ignores the entry's backpressure), so a fast producer queues the whole sheet, uncompressed, in
 * front of the deflater: about 56 MB at 100 000 rows. zlib deflates on the thread pool, but every
 * piece it finishes needs a turn of the event loop to be handed the next: rows added in one
 * synchronous run leave it idle until the run ends. So the writer gives it a turn every
 * ROWS_PER_TURN rows (the next chunk's database reply is read in those turns too), and deflating
 * overlaps producing on another core; only when the queue is above 256 kB all the same does it wait
 * until the queue is empty. Waiting after every 500-row chunk instead (the queue emptied, then the
 * next chunk produced) serialised the two: 100 000 rows took 1.65× the bare write on PostgreSQL and
 * 2.1× on PGlite, against 1.4× and 1.6× with the turns (interleaved runs on a busy 2-core machine).
 * A small queue also means less in flight between young collections, so less promoted
 * garbage for V8 to keep until a full GC (1 MB gave a peak about 25 MB higher at 100 000 rows).
 * It fails when `output` closes (the client went away and nothing will drain it). It reads ExcelJS
 * internals (the sheet's stream and its pipe); if they change, it only gives the turn.
 */
async function zipTurn(sheet: ExcelJS.Worksheet, output: Writable): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const entry = pipes?.[0] as LegacyWritable | undefined;
  if (!entry || typeof entry.once !== 'function' || (entry._writableState?.length ?? 0) <= 256 * 1024) {
    await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  if (output.destroyed) throw new Error(CLOSED);
  // 'drain' comes when the queue is empty.
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      output.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      entry.removeListener('drain', onDrain);
      reject(new Error(CLOSED));
    };
    entry.once('drain', onDrain);
    output.once('close', onClose);
  });
}

/**
 * ExcelJS gives every cell a style object of its own (its row's and its column's merged) and, as
 * the row is written, finds that style's number in the workbook by rendering it as XML, for every
 * cell, unless it has met that very object before (a WeakMap, styles-xform.js). The cells of one
 * column and value type all have the same style, so they are given one object, the first such
 * cell's: found once, not 1.6 million times. The file is the same byte for byte; 100 000 rows are
 * written in about half the time (2.9 → 1.5 s, a bare ExcelJS loop). Should ExcelJS stop keeping
 * the WeakMap, this costs a loop over the cells and nothing else.
 */
export function sharedCellStyles(): (row: ExcelJS.Row) => void {
  const byColumn: Map<ExcelJS.ValueType, Partial<ExcelJS.Style>>[] = [];
  return (row) =>
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      let byType = byColumn[column];
      if (!byType) {
        byType = new Map();
        byColumn[column] = byType;
      }
      const style = byType.get(cell.type);
      if (style) cell.style = style;
      else byType.set(cell.type, cell.style);
    });
}

/**
 * A worksheet of label and value lines after the data: what the data is, from where and when, and
 * the credits its sources require (the nearby export's point and radius). A file that is forwarded
 * or opened hours later carries them with it.
 */
export interface AboutSheet {
  sheetName: string;
  lines: readonly (readonly [label: string, value: string])[];
}

/** A small sheet written whole after the main one (the vulnerable objects near the point): a header row and its rows. */
export interface TableSheet {
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: readonly ExportCell[][];
}

/** A sheet with its columns and a bold, frozen header row. */
function addHeadedSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheetName: string, columns: readonly ExportColumn[]) {
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, index) => ({
    header: c.header,
    key: String(index),
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

function writeTableSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, { sheetName, columns, rows }: TableSheet): void {
  const sheet = addHeadedSheet(workbook, sheetName, columns);
  for (const cells of rows) sheet.addRow(cells).commit();
  sheet.commit();
}

function writeAboutSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, { sheetName, lines }: AboutSheet): void {
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = [{ width: 36 }, { width: 90 }];
  for (const line of lines) {
    const row = sheet.addRow([...line]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.commit();
}

/**
 * Writes one worksheet to `output` with ExcelJS's streaming writer, emptying each batch as it
 * goes: every row is committed (and leaves memory) as soon as it is added, and every ROWS_PER_TURN
 * rows the writer lets the deflater work and waits for it and for `output` if they fall behind, so
 * memory stays flat whatever the number of rows; then the `tables` and the `about` sheet, if any. Every download of
 * a workbook goes through it.
 * ExcelJS (about 30 MB resident) is loaded with the first workbook a server writes.
 */
export async function writeWorkbook(
  output: Writable,
  sheetName: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<(ExportCell[] | undefined)[]>,
  about?: AboutSheet,
  tables: readonly TableSheet[] = [],
): Promise<void> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = addHeadedSheet(workbook, sheetName, columns);
  const shareStyles = sharedCellStyles();
  let sinceTurn = 0;
  for await (const batch of batches) {
    for (let i = 0; i < batch.length; i++) {
      const row = sheet.addRow(batch[i]);
      shareStyles(row);
      row.commit();
      // Let go of a row once written: its cells then die young instead of living, and being
      // promoted, while the rest of the chunk is written (~15 MB off the peak at 100 000 rows).
      batch[i] = undefined;
      if (++sinceTurn < ROWS_PER_TURN) continue;
      sinceTurn = 0;
      await zipTurn(sheet, output);
      await drained(output);
    }
  }
  sheet.commit();
  for (const table of tables) writeTableSheet(workbook, table);
  if (about) writeAboutSheet(workbook, about);
  await workbook.commit();
}

/**
 * A file for the browser to save, as a service answers it; the route sends it with its headers
 * (routes/download.ts), which names `access` for the access log (plugins/access-log.ts).
 */
export interface Download {
  fileName: string;
  contentType: string;
  body: Readable;
  /** Which facilities the file reveals: logged, as the route declares, before the first byte leaves. */
  access: AccessFacts | null;
}

/** Where a workbook that stops half-way is reported (the request's logger). */
export interface DownloadLog {
  warn(details: object, message: string): void;
}

/**
 * A worksheet written into a download's body while it is sent. Once the answer has started, a
 * failure can only cut the download short: it is logged and the body ends with the error.
 */
export function workbookDownload(
  file: { fileName: string; sheetName: string; access: AccessFacts | null; about?: AboutSheet; tables?: readonly TableSheet[] },
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportCell[][]>,
  log: DownloadLog,
): Download {
  const body = new PassThrough();
  writeWorkbook(body, file.sheetName, columns, batches, file.about, file.tables).catch((error: unknown) => {
    log.warn({ err: error }, `${file.fileName} stopped before the end`);
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: file.fileName, contentType: XLSX_CONTENT_TYPE, body, access: file.access };
}
