import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './content-disposition.ts';

describe('safeFileName', () => {
  it('keeps letters with æøå and drops path separators, control characters and leading dots', () => {
    expect(safeFileName('Tilsynsrapport Bærum/Sandvika')).toBe('Tilsynsrapport Bærum Sandvika.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('etc passwd.pdf');
    expect(safeFileName('a\u0000b\r\nc')).toBe('a b c.pdf');
    expect(safeFileName('  ')).toBe('dokument.pdf');
    expect(safeFileName('x'.repeat(300))).toHaveLength(124);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII name and the UTF-8 name in RFC 5987 form', () => {
    expect(contentDisposition('Stoffrapport 7 Sjøgata Ærø Å')).toBe(
      `attachment; filename="Stoffrapport_7_Sjoegata_Aeroe_Aa.pdf"; filename*=UTF-8''Stoffrapport%207%20Sj%C3%B8gata%20%C3%86r%C3%B8%20%C3%85.pdf`,
    );
  });

  it('never lets a quote or a semicolon out of the quoted name', () => {
    const header = contentDisposition(`Rapport "x"; filename=evil.exe`);
    expect(header).toBe(
      `attachment; filename="Rapport_x_filename_evil.exe.pdf"; filename*=UTF-8''Rapport%20x%20%3B%20filename%3Devil.exe.pdf`,
    );
  });
});
