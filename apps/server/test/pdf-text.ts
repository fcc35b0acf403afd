import { getDocumentProxy } from 'unpdf';

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A PDF's text as the tests read it, with no system tool (pdfjs through unpdf): each page's text
 * runs grouped into lines by baseline, top to bottom, left to right, runs apart by more than a
 * sixth of their height joined by a space; no-break spaces (thousands) read as spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const items: Item[] = content.items.flatMap((item) =>
      'str' in item && item.str !== ''
        ? [{ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: Math.abs(item.transform[3]) }]
        : [],
    );
    const lines = new Map<number, Item[]>();
    for (const item of items) {
      const baseline = Math.round(item.y);
      lines.set(baseline, [...(lines.get(baseline) ?? []), item]);
    }
    const text = [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, line]) =>
        line
          .sort((a, b) => a.x - b.x)
          .reduce((joined, item, i, all) => {
            const previous = all[i - 1];
            const gap = previous ? item.x - (previous.x + previous.width) : 0;
            return joined + (previous && gap > item.height / 6 ? ' ' : '') + item.str;
          }, ''),
      );
    pages.push(text.join('\n'));
  }
  return pages.join('\n\f').replace(/\u00a0/g, ' ');
}

/** How many pages a PDF has. */
export async function pdfPages(bytes: Uint8Array): Promise<number> {
  return (await getDocumentProxy(new Uint8Array(bytes))).numPages;
}
