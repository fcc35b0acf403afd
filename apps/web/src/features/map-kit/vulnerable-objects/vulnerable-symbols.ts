import type { VulnerableObjectKind } from '@fast/contracts';

/**
 * How a vulnerable object looks on the map and in the legend: a rounded square (facilities are
 * circles, so the two never read alike) in the kind's colour with a white glyph, ringed in white
 * and a thin dark line so it stands out on any basemap. The glyphs read the same in Bokmål and
 * Nynorsk (B barnehage, S skole/skule, SH sykehjem/sjukeheim, a cross for the hospital); the
 * colours are none of the facilities' or the zones'.
 */
export const VULNERABLE_SYMBOLS: Record<VulnerableObjectKind, { colour: string; glyph: string }> = {
  kindergarten: { colour: '#7b1fa2', glyph: 'B' },
  school: { colour: '#00727d', glyph: 'S' },
  'care-home': { colour: '#6d4c41', glyph: 'SH' },
  hospital: { colour: '#2e7d32', glyph: '+' },
};

/** The symbol's side in CSS pixels. */
export const VULNERABLE_SYMBOL_SIZE = 22;
const OUTLINE = '#1b1b1b';

/** The map image's name for a kind (MapLibre's `icon-image`). */
export const vulnerableImageName = (kind: VulnerableObjectKind) => `vulnerable-${kind}`;

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, side: number, radius: number) {
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + side, y, x + side, y + side, radius);
  ctx.arcTo(x + side, y + side, x, y + side, radius);
  ctx.arcTo(x, y + side, x, y, radius);
  ctx.arcTo(x, y, x + side, y, radius);
  ctx.closePath();
}

/**
 * The symbol drawn for the map at `pixelRatio` (a canvas, no sprite to fetch): the same shapes as
 * `VulnerableSymbol` draws in the legend. Null where the browser has no 2D canvas.
 */
export function vulnerableImage(kind: VulnerableObjectKind, pixelRatio: number): ImageData | null {
  const side = VULNERABLE_SYMBOL_SIZE * pixelRatio;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const unit = pixelRatio;
  const { colour, glyph } = VULNERABLE_SYMBOLS[kind];
  roundedRect(ctx, 0.5 * unit, 0.5 * unit, side - unit, 6 * unit);
  ctx.fillStyle = OUTLINE;
  ctx.fill();
  roundedRect(ctx, 1.5 * unit, 1.5 * unit, side - 3 * unit, 5 * unit);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  roundedRect(ctx, 3 * unit, 3 * unit, side - 6 * unit, 4 * unit);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  if (glyph === '+') {
    const centre = side / 2;
    const arm = 5 * unit;
    const half = 1.6 * unit;
    ctx.fillRect(centre - half, centre - arm, 2 * half, 2 * arm);
    ctx.fillRect(centre - arm, centre - half, 2 * arm, 2 * half);
  } else {
    ctx.font = `bold ${(glyph.length > 1 ? 8.5 : 12) * unit}px Inter, Arial, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(glyph, side / 2, side / 2 + 0.5 * unit);
  }
  return ctx.getImageData(0, 0, side, side);
}
