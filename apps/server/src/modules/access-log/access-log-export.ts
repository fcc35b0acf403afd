import { ACCESS_LOG_EXPORT_FILENAME } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import {
  type Download,
  type DownloadLog,
  type ExportCell,
  type ExportColumn,
  workbookDownload,
} from '../exports/export-workbook.ts';
import { osloParts } from '../facility/document-texts.ts';
import { type AccessLogFilter, streamAccessLog } from './access-log-admin.repository.ts';

/** Excel refuses longer cell texts; an export entry can name 100 000 facilities. */
const EXCEL_CELL_MAX = 32_767;

const ACTION_TEXT = { VIEW: 'Visning', DOWNLOAD: 'Nedlasting', EXPORT: 'Eksport', IMPORT: 'Import' } as const;

/** Excel dates have no time zone: write the wall-clock time in Oslo, which is what the reader expects. */
export function osloWallClock(date: Date): Date {
  const parts = osloParts(date);
  return new Date(
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  );
}

/** The ids as one cell's text, cut at Excel's limit with a count of what was left out. */
export function facilityIdsCell(ids: readonly number[]): string {
  const full = ids.join(', ');
  if (full.length <= EXCEL_CELL_MAX) return full;
  let text = '';
  let shown = 0;
  for (const id of ids) {
    const next = shown === 0 ? String(id) : `${text}, ${id}`;
    if (next.length > EXCEL_CELL_MAX - 40) break;
    text = next;
    shown++;
  }
  return `${text} … (+${ids.length - shown} til)`;
}

const COLUMNS: readonly ExportColumn[] = [
  { header: 'Tidspunkt', width: 20, numFmt: 'dd.mm.yyyy hh:mm:ss' },
  { header: 'Handling', width: 12 },
  { header: 'Brukernavn', width: 20 },
  { header: 'Navn', width: 28 },
  { header: 'Organisasjonsnummer', width: 20 },
  { header: 'Virksomhet', width: 36 },
  { header: 'Antall anlegg', width: 14 },
  { header: 'Anlegg-ID', width: 40 },
  { header: 'Dokument-ID', width: 12 },
  { header: 'Detaljer', width: 40 },
];

/** Rows per batch: the writer waits for the client after each. */
const BATCH = 500;

async function* accessLogRows(db: Db, filter: AccessLogFilter): AsyncGenerator<ExportCell[][]> {
  let batch: ExportCell[][] = [];
  for await (const row of streamAccessLog(db, filter)) {
    batch.push([
      osloWallClock(row.occurred_at),
      ACTION_TEXT[row.action],
      row.username ?? '',
      row.user_full_name ?? '',
      row.organisation_number,
      row.organisation_name ?? '',
      row.facility_count,
      facilityIdsCell(row.facility_ids),
      row.document_id ?? '',
      row.detail ?? '',
    ]);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The matching access log as a streamed .xlsx download, row by row (the export's workbook writer),
 * so memory stays flat however long the log is. Reading the log is recorded in the admin audit
 * log by the route, not in the access log.
 */
export function accessLogDownload(db: Db, filter: AccessLogFilter, log: DownloadLog): Download {
  return workbookDownload(
    { fileName: ACCESS_LOG_EXPORT_FILENAME, sheetName: 'Tilgangslogg', access: null },
    COLUMNS,
    accessLogRows(db, filter),
    log,
  );
}
