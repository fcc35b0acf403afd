import {
  compassDirection,
  type DocumentLanguageValue,
  type FacilityHazardDistances,
  NEARBY_EXPORT_FILE_NAME,
  type NearbyRequest,
} from '@fast/contracts';
import type { Db } from '../../db/database.ts';
import { AccessAction } from '../access-log/access-log.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { EXPORT_TEXT } from '../search/export-texts.ts';
import {
  type Download,
  type DownloadLog,
  type ExportCell,
  type ExportColumn,
  workbookDownload,
} from '../search/export-workbook.ts';
import { findExportBatch } from '../search/search.repository.ts';
import { exportCells, exportChunks, exportColumns, substanceSummary } from '../search/search-export.service.ts';
import { searchReference } from '../search/search-reference.ts';
import { facilitiesWithin, hazardDistancesOf, type PlacedFacility } from './nearby.service.ts';

/**
 * Distance and direction from the point, the search export's columns, then the facility's largest
 * hazard distances (as the list has them).
 */
export function nearbyExportColumns(lang: DocumentLanguageValue): ExportColumn[] {
  const h = EXPORT_TEXT[lang].headers;
  return [
    { header: h.distance, width: 12, numFmt: '0' },
    { header: h.direction, width: 9 },
    ...exportColumns(lang),
    { header: h.isolation, width: 16, numFmt: '0' },
    { header: h.evacuation, width: 16, numFmt: '0' },
    { header: h.evacuationDay, width: 16, numFmt: '0' },
  ];
}

function distanceCells({ isolation, evacuation }: FacilityHazardDistances): ExportCell[] {
  return [isolation?.metres ?? null, evacuation?.metres ?? null, evacuation?.dayMetres ?? null];
}

/** The export's rows of `facilities` (nearest first), chunk by chunk as the search export reads them. */
async function nearbyRows(
  db: Db,
  scope: Scope,
  facilities: readonly PlacedFacility[],
  lang: DocumentLanguageValue,
): Promise<AsyncIterable<ExportCell[][]>> {
  const reference = await searchReference(db);
  return exportChunks(facilities, async (chunk) => {
    const rows = await findExportBatch(
      db,
      scope,
      chunk.map((f) => f.id),
    );
    const hazards = await hazardDistancesOf(
      db,
      rows.map((r) => [r.id, r.substances.map(([id]) => id)]),
      reference,
    );
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    return chunk.flatMap((f) => {
      const row = rowOf.get(f.id);
      const distances = hazards.get(f.id);
      if (!row || !distances) return []; // gone or moved out of the scope since the positions were read
      const cells = exportCells(row, substanceSummary(row.substances, reference, lang), reference, lang);
      return [[Math.round(f.distanceMeters), compassDirection(f.bearingDegrees), ...cells, ...distanceCells(distances)]];
    });
  });
}

/**
 * POST /api/v1/facilities/nearby/export: every facility of the scope within the radius, nearest
 * first, as anlegg-i-naerheten.xlsx in the asked language (the same rows, read in the same chunks,
 * workbook writer and download path as the search export). Explosives facilities are never exported; the export is logged.
 */
export async function exportNearby(
  db: Db,
  scope: Scope,
  request: NearbyRequest,
  lang: DocumentLanguageValue,
  log: DownloadLog,
): Promise<Download> {
  const { nearest } = await facilitiesWithin(db, scope, request, Number.POSITIVE_INFINITY);
  const exported = nearest.filter((f) => !f.is_explosives);
  const access = {
    userId: scope.userId,
    organisationNumber: scope.organisationNumber,
    action: AccessAction.EXPORT,
    facilityIds: exported.map((f) => f.id),
    detail: JSON.stringify({ nearby: request }),
  };
  return workbookDownload(
    { fileName: NEARBY_EXPORT_FILE_NAME, sheetName: EXPORT_TEXT[lang].sheets.nearby, access },
    nearbyExportColumns(lang),
    await nearbyRows(db, scope, exported, lang),
    log,
  );
}
