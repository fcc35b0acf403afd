import type { DocumentLanguageValue } from '@fast/contracts';

/**
 * An A4 PDF made on request, with FAST's embedded fonts registered as 'regular' and 'bold' (so
 * that æøå survive printing and text extraction), and the whole file once it has ended. pdfkit,
 * fontkit and the fonts (about 50 MB resident) are loaded with the first PDF a server makes.
 */
export async function startPdf(options: {
  title: string;
  lang: DocumentLanguageValue;
  createdAt: Date;
  margin: number;
  /** The document's author in its properties (FAST unless said). */
  author?: string;
  /**
   * Helvetica, one of PDF's standard fonts, instead of the embedded ones: for text that WinAnsi
   * (cp1252) holds whole, æøå included. Nothing is embedded or subset, which makes a small
   * document several times cheaper to write (the demo register's 3 600 documents on first start).
   */
  standardFont?: boolean;
}): Promise<{
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
}> {
  const [{ default: PDFDocument }, { pdfFonts }] = await Promise.all([import('pdfkit'), import('../reference/pdf-fonts.ts')]);
  const fonts = options.standardFont ? null : pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    compress: true,
    lang: options.lang === 'nn' ? 'nn-NO' : 'nb-NO',
    displayTitle: true,
    // The default would load Helvetica's metrics for every document, only to be replaced at once.
    font: fonts ? (fonts.regular as unknown as string) : 'Helvetica',
    info: {
      Title: options.title,
      Author: options.author ?? 'FAST - anlegg og kart',
      Creator: 'FAST',
      CreationDate: options.createdAt,
      // Fixed, not the clock's: the same content at the same time gives the same bytes.
      ModDate: options.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit accepts a parsed fontkit font (it checks for `layout`); its types only list file sources.
  if (fonts) {
    doc.registerFont('regular', fonts.regular as unknown as Buffer);
    doc.registerFont('bold', fonts.bold as unknown as Buffer);
  }
  return { doc, done };
}
