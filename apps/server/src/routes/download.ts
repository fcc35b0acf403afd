import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database.ts';
import { recordAccess } from '../modules/access-log/access-log.repository.ts';
import type { Download } from '../modules/search/export-workbook.ts';

/**
 * Sends a service's download: its access-log entry first (an export that fails half-way was still
 * made), then the stream as an attachment that no cache keeps. Every file download goes this way.
 */
export async function sendDownload(db: Db, reply: FastifyReply, download: Download): Promise<FastifyReply> {
  try {
    if (download.access) await recordAccess(db, download.access);
  } catch (error) {
    // Nothing will read the body now: stop the writer that fills it.
    download.body.destroy();
    throw error;
  }
  return reply
    .type(download.contentType)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store')
    .send(download.body);
}
