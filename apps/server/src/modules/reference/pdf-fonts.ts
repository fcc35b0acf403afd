import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

export interface PdfFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

let fonts: PdfFonts | undefined;

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface CachedRun {
  glyphs: fontkit.Glyph[];
  positions: Position[];
}

const LAYOUT_CACHE_LIMIT = 50_000;

/**
 * Shaping a word with the font's OpenType tables is most of the cost of a small PDF, and pdfkit
 * caches it only per document. This keeps the shaped words for the process. pdfkit scales the
 * positions of a run in place, so every call gets fresh copies of them.
 */
function memoiseLayout(font: fontkit.Font): fontkit.Font {
  const cache = new Map<string, CachedRun>();
  const layout = font.layout.bind(font);
  const memoised = (text: string, features?: string[] | Record<string, boolean>) => {
    if (features !== undefined) return layout(text, features);
    let run = cache.get(text);
    if (!run) {
      const shaped = layout(text);
      run = {
        glyphs: shaped.glyphs,
        positions: shaped.positions.map((p) => ({
          xAdvance: p.xAdvance,
          yAdvance: p.yAdvance,
          xOffset: p.xOffset,
          yOffset: p.yOffset,
        })),
      };
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      cache.set(text, run);
    }
    const positions = run.positions.map((p) => ({ ...p }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
  Object.defineProperty(font, 'layout', { value: memoised });
  return font;
}

/**
 * Noto Sans (SIL OFL) parsed once per process. The standard PDF fonts cannot be relied on for æøå
 * (text extraction, screen readers), so every PDF embeds a subset of this font. Handing pdfkit the
 * parsed font object instead of the file avoids parsing 600 kB per document.
 */
export function pdfFonts(): PdfFonts {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const load = (file: string) =>
      memoiseLayout(fontkit.create(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`))) as fontkit.Font);
    fonts = { regular: load('400Regular/NotoSans_400Regular.ttf'), bold: load('700Bold/NotoSans_700Bold.ttf') };
  }
  return fonts;
}
