import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/**
 * A gzip answer put together from a part compressed once and kept, and a short end compressed
 * for each answer: the map's pages of a shared snapshot are the same 10 000 facilities for every
 * caller, and only their envelope (the caller's pitId) differs. Deflate blocks that end in a sync
 * flush may be followed by blocks compressed on their own (they refer to nothing before them);
 * the gzip trailer's CRC-32 continues from the kept part's.
 */
export interface GzipHead {
  /** Raw deflate, ended by a sync flush: not the last block. */
  deflated: Buffer;
  crc: number;
  bytes: number;
}

// Magic, deflate, no flags, no time, no extra flags, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** Compresses the head off the event loop (a page of 10 000 facilities takes a few milliseconds). */
export async function gzipHead(text: string): Promise<GzipHead> {
  const data = Buffer.from(text, 'utf8');
  return {
    deflated: await deflateRawAsync(data, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(data),
    bytes: data.length,
  };
}

/** The gzip of the head's text followed by `tail`. */
export function gzipWithTail(head: GzipHead, tail: string): Buffer {
  const data = Buffer.from(tail, 'utf8');
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(data, head.crc), 0);
  trailer.writeUInt32LE((head.bytes + data.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, head.deflated, deflateRawSync(data), trailer]);
}
