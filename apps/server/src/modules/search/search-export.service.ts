import { type DocumentLanguageValue, SEARCH_EXPORT_FILE_NAME, type SearchExportPayload } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { EXPORT_TEXT } from '../exports/export-texts.ts';
import { type Download, type DownloadLog, workbookDownload } from '../exports/export-workbook.ts';
import { exportColumns, exportRows } from '../exports/facility-export.ts';
import type { Scope } from '../identity/identity.ts';
import { findExportIds } from './search.repository.ts';
import { parseSearch } from './search.service.ts';

/**
 * POST /api/v1/facilities/search/export: the search's facilities, explosives facilities left out,
 * as a streamed anlegg.xlsx in the asked language, logged as an export.
 */
export async function exportFacilities(
  db: Db,
  scope: Scope,
  payload: SearchExportPayload,
  lang: DocumentLanguageValue,
  log: DownloadLog,
): Promise<Download> {
  const search = await parseSearch(db, scope, payload);
  const { reference } = search;
  const ids = await findExportIds(db, scope, search);
  const rows = await exportRows(db, scope, ids, reference, lang);
  const { hitsToSkip: _skip, hitsToReturn: _return, ...filter } = payload;
  // For the access log: the route declares the action, the caller is the request's.
  const access = {
    facilityIds: ids,
    detail: JSON.stringify(filter).slice(0, 4000),
  };
  return workbookDownload(
    { fileName: SEARCH_EXPORT_FILE_NAME, sheetName: EXPORT_TEXT[lang].sheets.search, access },
    exportColumns(lang),
    rows,
    log,
  );
}
