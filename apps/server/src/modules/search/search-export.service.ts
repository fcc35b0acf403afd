import { SEARCH_EXPORT_FILE_NAME, type SearchExportPayload } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { AccessAction } from '../access-log/access-log.repository.ts';
import type { Scope } from '../identity/identity.ts';
import {
  type Download,
  type DownloadLog,
  type ExportCell,
  type ExportColumn,
  excelDay,
  workbookDownload,
} from './export-workbook.ts';
import { unitTypesOf } from './search.presenter.ts';
import { findExportBatch, findExportIds, type SearchHitRow, type SubstanceTotal } from './search.repository.ts';
import { parseSearch } from './search.service.ts';
import type { SearchReference } from './search-reference.ts';

/** Rows fetched per round trip: large enough to amortise it, small enough to keep memory flat. */
const CHUNK_SIZE = 2000;

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Privatperson/virksomhet', width: 22 },
  { header: 'Anleggs-ID', width: 11 },
  { header: 'Navn', width: 36 },
  { header: 'Adresse', width: 30 },
  { header: 'Postnummer', width: 11 },
  { header: 'Poststed', width: 18 },
  { header: 'Kommunenummer', width: 15 },
  { header: 'Kommune', width: 18 },
  { header: 'Dato for første stoffmelding', width: 16, numFmt: 'dd.mm.yyyy' },
  { header: 'Anleggseier', width: 30 },
  { header: 'Storulykke', width: 30 },
  { header: 'Anleggsenheter', width: 34 },
  { header: 'Breddegrad (WGS84)', width: 18, numFmt: '0.000000' },
  { header: 'Lengdegrad (WGS84)', width: 18, numFmt: '0.000000' },
  { header: 'Stedfesting', width: 18 },
  { header: 'Stoffer (samlet mengde)', width: 60 },
];

const MAJOR_ACCIDENT: Record<string, string> = {
  NOT_AFFECTED: 'Ikke omfattet',
  PARAGRAPH_SIX: 'Meldepliktig (§ 6)',
  PARAGRAPH_NINE: 'Sikkerhetsrapportpliktig (§ 9)',
};
const POSITION_ACCURACY: Record<string, string> = {
  EXACT: 'Eksakt posisjon',
  PROPERTY: 'Eiendomsposisjon',
  UNSPECIFIED: 'Uspesifisert',
};
const quantity = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 3 });

export function exportCells(row: SearchHitRow, substances: string, reference: SearchReference): ExportCell[] {
  return [
    row.is_private ? 'Privatperson' : 'Virksomhet',
    row.id,
    row.name,
    row.street_address,
    row.postal_code,
    row.postal_place,
    row.municipality_id,
    row.municipality_name,
    excelDay(row.first_notification_on),
    row.owner_name,
    MAJOR_ACCIDENT[row.major_accident] ?? row.major_accident,
    unitTypesOf(row.unit_type_ids, reference)
      .map((t) => t.description)
      .join(', '),
    row.latitude,
    row.longitude,
    POSITION_ACCURACY[row.position_accuracy] ?? row.position_accuracy,
    substances,
  ];
}

/**
 * The rows of the export, chunk by chunk, in the order of `ids`. The next chunk is already being
 * read while the current one is written (on PostgreSQL the two overlap).
 */
async function* exportBatches(
  db: Db,
  scope: Scope,
  ids: readonly number[],
  reference: SearchReference,
): AsyncGenerator<ExportCell[][]> {
  const read = (start: number) => findExportBatch(db, scope, ids.slice(start, start + CHUNK_SIZE));
  let next = ids.length > 0 ? read(0) : null;
  for (let start = 0; next !== null; start += CHUNK_SIZE) {
    const rows = await next;
    next = start + CHUNK_SIZE < ids.length ? read(start + CHUNK_SIZE) : null;
    yield rows.map((row) => exportCells(row, substanceSummary(row.substances, reference), reference));
  }
}

/** "Propan 2,5 tonn; Diesel / fyringsolje 60 m3" */
export function substanceSummary(totals: readonly SubstanceTotal[], reference: SearchReference): string {
  return totals
    .map(([id, unit, amount]) => `${reference.substances.get(id)?.nb ?? String(id)} ${quantity.format(amount)} ${unit}`)
    .join('; ');
}

/**
 * POST /api/v1/facilities/search/export: the search's facilities, explosives facilities left out,
 * as a streamed anlegg.xlsx, logged as an export. The first chunk is read before the answer
 * starts, so that a failing database still answers with an error body.
 */
export async function exportFacilities(db: Db, scope: Scope, payload: SearchExportPayload, log: DownloadLog): Promise<Download> {
  const search = await parseSearch(db, payload);
  const { reference } = search;
  const ids = await findExportIds(db, scope, search);
  const batches = exportBatches(db, scope, ids, reference);
  const first = await batches.next();
  async function* all(): AsyncGenerator<ExportCell[][]> {
    if (!first.done) yield first.value;
    yield* batches;
  }
  const { hitsToSkip: _skip, hitsToReturn: _return, ...filter } = payload;
  const access = {
    userId: scope.userId,
    organisationNumber: scope.organisationNumber,
    action: AccessAction.EXPORT,
    facilityIds: ids,
    detail: JSON.stringify(filter).slice(0, 4000),
  };
  return workbookDownload({ fileName: SEARCH_EXPORT_FILE_NAME, sheetName: 'Anlegg', access }, EXPORT_COLUMNS, all(), log);
}
