import { PassThrough } from 'node:stream';
import { compassDirection, NEARBY_EXPORT_FILE_NAME, type NearbyRequest } from '@fast/contracts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AccessAction, recordAccess } from '../access-log/access-log.repository.ts';
import type { Scope } from '../identity/identity.ts';
import { type ExportCell, type ExportColumn, writeWorkbook, XLSX_CONTENT_TYPE } from '../search/export-workbook.ts';
import { findExportBatch } from '../search/search.repository.ts';
import { EXPORT_COLUMNS, exportCells, substanceSummary } from '../search/search-export.service.ts';
import { searchReference } from '../search/search-reference.ts';
import { facilitiesWithin, type PlacedFacility } from './nearby.service.ts';

/** The search export's columns after distance and direction from the point. */
export const NEARBY_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Avstand (m)', width: 12, numFmt: '0' },
  { header: 'Retning', width: 9 },
  ...EXPORT_COLUMNS,
];

/** Rows per read, as the search export reads them. */
const CHUNK_SIZE = 2000;

async function* nearbyRows(db: Db, scope: Scope, facilities: readonly PlacedFacility[]): AsyncGenerator<ExportCell[][]> {
  const reference = await searchReference(db);
  for (let start = 0; start < facilities.length; start += CHUNK_SIZE) {
    const chunk = facilities.slice(start, start + CHUNK_SIZE);
    const rows = new Map(
      (
        await findExportBatch(
          db,
          scope,
          chunk.map((f) => f.id),
        )
      ).map((r) => [r.id, r]),
    );
    yield chunk.flatMap((f) => {
      const row = rows.get(f.id);
      if (!row) return []; // gone or moved out of the scope since the positions were read
      const cells = exportCells(row, substanceSummary(row.substances, reference), reference);
      return [[Math.round(f.distanceMeters), compassDirection(f.bearingDegrees), ...cells]];
    });
  }
}

/**
 * POST /api/v1/facilities/nearby/export: every facility of the scope within the radius, nearest
 * first, as anlegg-i-naerheten.xlsx with the search export's columns after distance and direction.
 * Explosives facilities are never exported; the export is written to the access log first.
 */
export async function exportNearby(
  db: Db,
  scope: Scope,
  request: NearbyRequest,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<FastifyReply> {
  const { nearest } = await facilitiesWithin(db, scope, request, Number.POSITIVE_INFINITY);
  const exported = nearest.filter((f) => !f.is_explosives);
  await recordAccess(db, {
    userId: scope.userId,
    organisationNumber: scope.organisationNumber,
    action: AccessAction.EXPORT,
    facilityIds: exported.map((f) => f.id),
    detail: JSON.stringify({ nearby: request }),
  });
  const output = new PassThrough();
  writeWorkbook(output, 'Anlegg i nærheten', NEARBY_EXPORT_COLUMNS, nearbyRows(db, scope, exported)).catch((error: unknown) => {
    log.warn({ err: error }, 'nearby export stopped before the end');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${NEARBY_EXPORT_FILE_NAME}"`)
    .header('cache-control', 'no-store')
    .send(output);
}
