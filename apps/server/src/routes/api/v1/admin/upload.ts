import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file a console route received, on disk until `remove`. */
export interface Upload {
  path: string;
  sizeBytes: number;
  sha256: string;
  remove(): Promise<void>;
}

/**
 * Streams a request body to a temporary file as it arrives (never held in memory), counting its
 * bytes and their SHA-256 for the trail, and fails with `tooLarge()` once more than `limit` came.
 */
export async function receiveUpload(
  body: Readable,
  { extension, limit, tooLarge }: { extension: string; limit: number; tooLarge: () => Error },
): Promise<Upload> {
  const dir = await mkdtemp(join(tmpdir(), 'fast-upload-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, `upload.${extension}`);
  let sizeBytes = 0;
  const digest = createHash('sha256');
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length;
      if (sizeBytes > limit) return done(tooLarge());
      digest.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, measure, createWriteStream(path));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, sizeBytes, sha256: digest.digest('hex'), remove };
}

/**
 * The file name a client may send along (Content-Disposition: attachment; filename="..."), for the
 * trail; RFC 6266's `filename*=UTF-8''…` (a name beyond ASCII) before a plain `filename`.
 */
export function fileNameOf(header: string | undefined): string | null {
  const match = header?.match(/filename\*=UTF-8''([^";]+)/i) ?? header?.match(/filename="?([^";]+)"?/i);
  if (!match?.[1]) return null;
  let name = match[1];
  try {
    name = decodeURIComponent(name);
  } catch {
    // as sent
  }
  const printable = [...name].filter((c) => (c.codePointAt(0) ?? 0) >= 0x20).join('');
  return printable.slice(0, 255) || null;
}
