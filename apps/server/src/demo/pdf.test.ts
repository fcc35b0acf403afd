import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { renderPdf } from './pdf.ts';

const content = (line: string) => ({
  title: 'Tilsynsrapport – Ærø Ålesund',
  meta: ['Øst brann og redning, 01.02.2025'],
  sections: [{ heading: 'Funn', lines: [line] }],
  date: '2025-02-01',
});

describe('a demo document', () => {
  it('is written in Helvetica, nothing embedded, when WinAnsi holds its text, and its æøå survive extraction', async () => {
    const bytes = await renderPdf(content('Lager for propan på 3 000 m³ § 6 «merket»'));
    const raw = bytes.toString('latin1');
    expect(raw).toContain('/BaseFont /Helvetica');
    expect(raw).not.toContain('/FontFile');
    const text = await pdfText(bytes);
    expect(text).toContain('Tilsynsrapport – Ærø Ålesund');
    expect(text).toContain('Lager for propan på 3 000 m³ § 6 «merket»');
  });

  it('embeds its font when a character is beyond WinAnsi (CO₂), and the text survives', async () => {
    const bytes = await renderPdf(content('CO₂-gjødsling i veksthus'));
    expect(bytes.toString('latin1')).toContain('/FontFile');
    expect(await pdfText(bytes)).toContain('CO₂-gjødsling i veksthus');
  });

  it('gives the same bytes for the same content', async () => {
    const line = 'Ammoniakk i kjøleanlegg';
    expect(Buffer.compare(await renderPdf(content(line)), await renderPdf(content(line)))).toBe(0);
  });
});
