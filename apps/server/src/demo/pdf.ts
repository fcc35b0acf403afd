import { startPdf } from '../modules/documents/pdf-document.ts';

export interface PdfSection {
  heading?: string;
  lines: string[];
}

export interface PdfContent {
  title: string;
  /** Shown under the title: issuer, date, case number. */
  meta: string[];
  sections: PdfSection[];
  /** Fixed creation date: the same content gives the same bytes. */
  date: string;
}

const NOT_WIN_ANSI = /[^\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/;

/**
 * A small A4 document with Norwegian text, whose æøå survive extraction: in Helvetica when WinAnsi
 * holds every character (nearly all: several times cheaper on first start), else in the embedded font.
 */
export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const createdAt = new Date(`${content.date}T12:00:00Z`);
  const texts = [content.title, ...content.meta, ...content.sections.flatMap((s) => [s.heading ?? '', ...s.lines])];
  const standardFont = !texts.some((text) => NOT_WIN_ANSI.test(text));
  // Only the regular font is used: a second (bold) subset would add about 4 kB to every document.
  const { doc, done } = await startPdf({
    title: content.title,
    lang: 'nb',
    createdAt,
    margin: 56,
    author: 'FAST demoregister',
    standardFont,
  });
  // Every text is in the regular font, the document's own from the start: pdfkit's doc.font() with a
  // registered name opens the font anew on each call and compares its name table (JSON) to find it
  // is the same, a tenth of a demo document's time, and changes nothing in the bytes.
  doc.fontSize(16).text(content.title);
  doc.moveDown(0.3);
  doc.fontSize(9).fillColor('#444444');
  for (const line of content.meta) doc.text(line);
  doc.fillColor('#000000').moveDown();
  for (const section of content.sections) {
    if (section.heading) doc.fontSize(12).fillColor('#1a3a5c').text(section.heading).fillColor('#000000').moveDown(0.2);
    doc.fontSize(10);
    for (const line of section.lines) doc.text(line);
    doc.moveDown(0.8);
  }
  doc.fontSize(8).fillColor('#666666').text('Syntetisk dokument laget for demonstrasjon av FAST. Ingen reelle data.');
  doc.end();
  return done;
}
