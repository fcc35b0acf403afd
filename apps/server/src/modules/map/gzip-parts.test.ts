import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipHead, gzipWithTail } from './gzip-parts.ts';

describe('gzipWithTail', () => {
  it('is the gzip of the head’s text and the tail, for any tail, the head compressed once', async () => {
    const text = `{"facilities":[${Array.from({ length: 5_000 }, (_, i) => `[${i},5.3,60.4,"Kaien ${i} — Ålesund",0,0,1]`).join(',')}]`;
    const head = await gzipHead(text);
    for (const tail of [',"pitId":"a"}', ',"pitId":"b","totalCount":99600}', '']) {
      const gzipped = gzipWithTail(head, tail);
      expect(gunzipSync(gzipped).toString('utf8')).toBe(text + tail);
      expect(gzipped.length).toBeLessThan(head.deflated.length + 64);
    }
  });

  it('handles an empty head', async () => {
    expect(gunzipSync(gzipWithTail(await gzipHead(''), '{}')).toString('utf8')).toBe('{}');
  });
});
