import { PassThrough } from 'node:stream';
import { MAP_ZONE_EXPORT_FILE_NAME, type MapZoneRequest } from '@fast/contracts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AccessAction, recordAccess } from '../access-log/access-log.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { type ExportCell, writeWorkbook, XLSX_CONTENT_TYPE } from '../search/export-workbook.ts';
import { findExportBatch } from '../search/search.repository.ts';
import { EXPORT_COLUMNS, exportCells, substanceSummary } from '../search/search-export.service.ts';
import { searchReference } from '../search/search-reference.ts';
import { zoneContents } from './map-zone.service.ts';

async function* once<T>(value: T): AsyncGenerator<T> {
  yield value;
}

/**
 * POST /api/v1/map/zone/export: the facilities of a zone, nearest first, as an .xlsx with the
 * search export's columns (the same workbook writer and row format). Explosives facilities are
 * never exported; the export is written to the access log before the file is sent.
 */
export async function exportZone(
  db: Db,
  scope: Scope,
  zone: MapZoneRequest,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<FastifyReply> {
  const { facilities } = await zoneContents(db, scope, zone);
  const ids = facilities.filter((f) => !f.is_explosives).map((f) => f.id);
  await recordAccess(db, {
    userId: scope.userId,
    organisationNumber: scope.organisationNumber,
    action: AccessAction.EXPORT,
    facilityIds: ids,
    detail: JSON.stringify({ zone: 'circle' in zone ? zone.circle : { vertices: zone.polygon.coordinates[0]?.length } }),
  });
  // A zone holds at most a few thousand facilities: one read, in the zone's order.
  const reference = await searchReference(db);
  const rows = await findExportBatch(db, scope, ids);
  const cells: ExportCell[][] = rows.map((row) => exportCells(row, substanceSummary(row.substances, reference), reference));

  const output = new PassThrough();
  writeWorkbook(output, 'Anlegg i sonen', EXPORT_COLUMNS, once(cells)).catch((error: unknown) => {
    log.warn({ err: error }, 'zone export stopped before the end');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${MAP_ZONE_EXPORT_FILE_NAME}"`)
    .header('cache-control', 'no-store')
    .send(output);
}
