import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.ts';
import { type AccessLogFilter, streamAccessLog } from './access-log-admin.repository.ts';

/** Excel refuses longer cell texts; an export entry can name 100 000 facilities. */
const EXCEL_CELL_MAX = 32_767;

const ACTION_TEXT = { VIEW: 'Visning', DOWNLOAD: 'Nedlasting', EXPORT: 'Eksport' } as const;

const osloParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Oslo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Excel dates have no time zone: write the wall-clock time in Oslo, which is what the reader expects. */
export function osloWallClock(date: Date): Date {
  const parts = Object.fromEntries(osloParts.formatToParts(date).map((p) => [p.type, p.value]));
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

/**
 * Writes the matching access log as .xlsx to `output`, row by row (ExcelJS's streaming writer,
 * rows committed as they come), so memory stays flat however long the log is. Answers the row count.
 */
export async function writeAccessLogXlsx(db: Db, filter: AccessLogFilter, output: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Tilgangslogg', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Tidspunkt', key: 'occurredAt', width: 20, style: { numFmt: 'dd.mm.yyyy hh:mm:ss' } },
    { header: 'Handling', key: 'action', width: 12 },
    { header: 'Brukernavn', key: 'username', width: 20 },
    { header: 'Navn', key: 'fullName', width: 28 },
    { header: 'Organisasjonsnummer', key: 'organisationNumber', width: 20 },
    { header: 'Virksomhet', key: 'organisationName', width: 36 },
    { header: 'Antall anlegg', key: 'facilityCount', width: 14 },
    { header: 'Anlegg-ID', key: 'facilityIds', width: 40 },
    { header: 'Dokument-ID', key: 'documentId', width: 12 },
    { header: 'Detaljer', key: 'detail', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of streamAccessLog(db, filter)) {
    sheet
      .addRow({
        occurredAt: osloWallClock(row.occurred_at),
        action: ACTION_TEXT[row.action],
        username: row.username ?? '',
        fullName: row.user_full_name ?? '',
        organisationNumber: row.organisation_number,
        organisationName: row.organisation_name ?? '',
        facilityCount: row.facility_count,
        facilityIds: facilityIdsCell(row.facility_ids),
        documentId: row.document_id ?? '',
        detail: row.detail ?? '',
      })
      .commit();
    count++;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
