import PDFDocument from 'pdfkit';

/** A one-line PDF, base64 as an import record's document carries it. */
export async function tinyPdf(text: string): Promise<string> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.text(text);
  doc.end();
  await done;
  return Buffer.concat(chunks).toString('base64');
}
