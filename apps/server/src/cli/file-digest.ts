import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A file's size and SHA-256, for the trail. */
export async function fileDigest(path: string): Promise<{ size: number; sha256: string }> {
  const digest = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    digest.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: digest.digest('hex') };
}
