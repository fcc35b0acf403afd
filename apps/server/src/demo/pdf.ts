import PDFDocument from 'pdfkit';
import { pdfFonts } from '../modules/reference/pdf-fonts.ts';

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
export function renderPdf(content: PdfContent): Promise<Buffer> {
  // One font only: a second (bold) subset would add about 4 kB to every document.
  const { regular } = pdfFonts();
  const created = new Date(`${content.date}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: true,
    // The default would load Helvetica's metrics for every document, only to be replaced at once.
    font: regular as unknown as string,
    info: { Title: content.title, Author: 'FAST demoregister', Creator: 'FAST', CreationDate: created, ModDate: created },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit accepts a parsed fontkit font (it checks for `layout`); its types only list file sources.
  doc.registerFont('regular', regular as unknown as Buffer);
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
