import type { FastifyReply } from 'fastify';
import type { Download } from '../modules/exports/export-workbook.ts';

/**
 * Sends a service's file download (the spreadsheet exports, the admin's access-log export) as an
 * attachment that no cache keeps. What it reveals goes to the access log like every other answer
 * that reveals facility data (plugins/access-log.ts: written before the first byte, or the answer
 * is withheld); a download that reveals none (the access log itself: on the admin audit trail) names
 * nothing.
 */
export function sendDownload(reply: FastifyReply, download: Download): FastifyReply {
  try {
    if (download.access) reply.reveals(download.access);
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
