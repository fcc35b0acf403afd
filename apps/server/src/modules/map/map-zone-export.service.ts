import { type DocumentLanguageValue, MAP_ZONE_EXPORT_FILE_NAME, type MapZoneRequest } from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { AccessAction } from '../access-log/access-log.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { EXPORT_TEXT } from '../search/export-texts.ts';
import { type Download, type DownloadLog, workbookDownload } from '../search/export-workbook.ts';
import { exportColumns, exportRows } from '../search/search-export.service.ts';
import { searchReference } from '../search/search-reference.ts';
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
  const access = {
    userId: scope.userId,
    organisationNumber: scope.organisationNumber,
    action: AccessAction.EXPORT,
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
