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

/** A small A4 document with Norwegian text and an embedded font subset (æøå survive extraction). */
export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const createdAt = new Date(`${content.date}T12:00:00Z`);
  // Only the regular font is used: a second (bold) subset would add about 4 kB to every document.
  const { doc, done } = await startPdf({ title: content.title, lang: 'nb', createdAt, margin: 56, author: 'FAST demoregister' });
  doc.font('regular').fontSize(16).text(content.title);
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9).fillColor('#444444');
  for (const line of content.meta) doc.text(line);
  doc.fillColor('#000000').moveDown();
  for (const section of content.sections) {
    if (section.heading) doc.fontSize(12).fillColor('#1a3a5c').text(section.heading).fillColor('#000000').moveDown(0.2);
    doc.font('regular').fontSize(10);
    for (const line of section.lines) doc.text(line);
    doc.moveDown(0.8);
  }
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#666666')
    .text('Syntetisk dokument laget for demonstrasjon av FAST. Ingen reelle data.');
  doc.end();
  return done;
}
