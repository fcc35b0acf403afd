import { type DocumentLanguageValue, MAP_ZONE_EXPORT_FILE_NAME, type MapZoneRequest } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { searchReference } from '../catalogue/search-reference.ts';
import { EXPORT_TEXT } from '../exports/export-texts.ts';
import { type Download, type DownloadLog, workbookDownload } from '../exports/export-workbook.ts';
import { exportColumns, exportRows } from '../exports/facility-export.ts';
import type { Scope } from '../identity/identity.ts';
import { zoneContents } from './map-zone.service.ts';

/**
 * POST /api/v1/map/zone/export: the facilities of a zone, nearest first, as an .xlsx with the
 * search export's columns (the same rows, read in the same chunks, workbook writer and download
 * path), in the asked language. Explosives facilities are never exported; the export is logged.
 */
export async function exportZone(
  db: Db,
  scope: Scope,
  zone: MapZoneRequest,
  lang: DocumentLanguageValue,
  log: DownloadLog,
): Promise<Download> {
  const { facilities } = await zoneContents(db, scope, zone);
  const ids = facilities.filter((f) => !f.is_explosives).map((f) => f.id);
  const rows = await exportRows(db, scope, ids, await searchReference(db), lang);
  // For the access log: the route declares the action, the caller is the request's.
  const access = {
    facilityIds: ids,
    detail: JSON.stringify({ zone: 'circle' in zone ? zone.circle : { vertices: zone.polygon.coordinates[0]?.length } }),
  };
  return workbookDownload(
    { fileName: MAP_ZONE_EXPORT_FILE_NAME, sheetName: EXPORT_TEXT[lang].sheets.zone, access },
    exportColumns(lang),
    rows,
    log,
  );
}
