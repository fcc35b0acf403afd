/**
 * Where a map popup goes, from its measured size: the side of its point (MapLibre's anchor, the
 * popup's part nearest the point) where the whole popup lies inside the map and clear of the map's
 * controls (zoom and home at the top right, scale and attribution at the bottom), and, when no side
 * has room, how far to pan the map so that it has. Pure: sizes in, placement out; the controller
 * (map-controller.ts) measures and applies it.
 */

export type PopupAnchor = 'bottom' | 'top' | 'left' | 'right' | 'bottom-left' | 'bottom-right' | 'top-left' | 'top-right';

/** A rectangle in the map's pixels, from its top left corner. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PopupPlacementInput {
  /** The map's size. */
  map: { width: number; height: number };
  /** The popup's point on the map. */
  point: { x: number; y: number };
  /** The popup's content, measured (without its tip). */
  popup: { width: number; height: number };
  /** What the popup must not cover: the map's controls. */
  obstacles: readonly Rect[];
  /** The tip between the point and the content (MapLibre's is 10 px). */
  tip?: number;
  /** The room kept free along the map's edges and around the controls. */
  margin?: number;
}

export interface PopupPlacement {
  anchor: PopupAnchor;
  /** Where the popup then lies, after the pan. */
  rect: Rect;
  /** How far the map's content should move (MapLibre's panBy: positive x moves the view right, so the point left); [0, 0] when it fits. */
  pan: [number, number];
}

/** Above the point first, as MapLibre opens it; then below, beside, and at a corner. */
const ANCHORS: readonly PopupAnchor[] = [
  'bottom',
  'top',
  'right',
  'left',
  'bottom-right',
  'bottom-left',
  'top-right',
  'top-left',
];

export const POPUP_TIP_PX = 10;
export const POPUP_EDGE_MARGIN_PX = 8;

/** The rectangle a popup of this size covers when its `anchor` is at the point. */
export function popupRect(
  anchor: PopupAnchor,
  point: { x: number; y: number },
  size: { width: number; height: number },
  tip = POPUP_TIP_PX,
): Rect {
  const { x, y } = point;
  const { width: w, height: h } = size;
  switch (anchor) {
    case 'bottom':
      return { left: x - w / 2, top: y - h - tip, right: x + w / 2, bottom: y };
    case 'top':
      return { left: x - w / 2, top: y, right: x + w / 2, bottom: y + h + tip };
    case 'left':
      return { left: x, top: y - h / 2, right: x + w + tip, bottom: y + h / 2 };
    case 'right':
      return { left: x - w - tip, top: y - h / 2, right: x, bottom: y + h / 2 };
    case 'bottom-left':
      return { left: x, top: y - h - tip, right: x + w, bottom: y };
    case 'bottom-right':
      return { left: x - w, top: y - h - tip, right: x, bottom: y };
    case 'top-left':
      return { left: x, top: y, right: x + w, bottom: y + h + tip };
    case 'top-right':
      return { left: x - w, top: y, right: x, bottom: y + h + tip };
  }
}

const area = (r: Rect) => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);

function overlap(a: Rect, b: Rect): number {
  return area({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
}

const grow = (r: Rect, by: number): Rect => ({ left: r.left - by, top: r.top - by, right: r.right + by, bottom: r.bottom + by });
const shift = (r: Rect, dx: number, dy: number): Rect => ({
  left: r.left + dx,
  top: r.top + dy,
  right: r.right + dx,
  bottom: r.bottom + dy,
});

/** How much of the popup is outside the free area or over a control, in square pixels: 0 when it fits. */
function misfit(rect: Rect, free: Rect, obstacles: readonly Rect[]): number {
  const outside = area(rect) - overlap(rect, free);
  return outside + obstacles.reduce((sum, o) => sum + overlap(rect, o), 0);
}

/** The least move along one axis that brings [low, high] inside [min, max] (its start first when it is longer). */
function into(low: number, high: number, min: number, max: number): number {
  if (low < min || high - low > max - min) return min - low;
  if (high > max) return max - high;
  return 0;
}

/**
 * The anchor where the popup fits: the first of ANCHORS whose rectangle lies inside the map (less
 * a margin) and clear of every control. When none does, the one that fits best, and the pan that
 * brings it inside the map and then clear of the controls it still covers.
 */
export function placePopup(input: PopupPlacementInput): PopupPlacement {
  const tip = input.tip ?? POPUP_TIP_PX;
  const margin = input.margin ?? POPUP_EDGE_MARGIN_PX;
  const free: Rect = { left: margin, top: margin, right: input.map.width - margin, bottom: input.map.height - margin };
  const obstacles = input.obstacles.filter((o) => area(o) > 0).map((o) => grow(o, margin / 2));
  const scored = ANCHORS.map((anchor) => {
    const rect = popupRect(anchor, input.point, input.popup, tip);
    return { anchor, rect, misfit: misfit(rect, free, obstacles) };
  });
  const fitting = scored.find((s) => s.misfit === 0);
  if (fitting) return { anchor: fitting.anchor, rect: fitting.rect, pan: [0, 0] };

  const best = scored.reduce((a, b) => (b.misfit < a.misfit ? b : a));
  // Inside the map first; then the least further move, along either axis or both, to an edge of a
  // control, after which it covers none (or, if no move clears them all, covers the least).
  const dx0 = into(best.rect.left, best.rect.right, free.left, free.right);
  const dy0 = into(best.rect.top, best.rect.bottom, free.top, free.bottom);
  const inside = shift(best.rect, dx0, dy0);
  const xs = [0, ...obstacles.flatMap((o) => [o.left - inside.right, o.right - inside.left])];
  const ys = [0, ...obstacles.flatMap((o) => [o.top - inside.bottom, o.bottom - inside.top])];
  let chosen = { dx: 0, dy: 0, misfit: misfit(inside, free, obstacles) };
  for (const mx of xs) {
    for (const my of ys) {
      const moved = misfit(shift(inside, mx, my), free, obstacles);
      const better = moved < chosen.misfit || (moved === chosen.misfit && Math.hypot(mx, my) < Math.hypot(chosen.dx, chosen.dy));
      if (better) chosen = { dx: mx, dy: my, misfit: moved };
    }
  }
  const dx = dx0 + chosen.dx;
  const dy = dy0 + chosen.dy;
  const rect = shift(best.rect, dx, dy);
  // The popup moves with its point: to move the popup by (dx, dy) the view pans the other way.
  return { anchor: best.anchor, rect, pan: [-dx, -dy] };
}

/**
 * The tallest a popup's content may be: the map less its margins, the controls along its bottom
 * edge and, when the popup is too wide to pass beside them, those at its top (on a phone, where it
 * opens below the zoom control), and less what the popup has outside its content (tip, padding).
 * It does not depend on where the point is: the map pans a popup that has no room beside its
 * point, and a height that followed the point would grow with each pan.
 */
export function popupMaxHeight(input: {
  map: { width: number; height: number };
  obstacles: readonly Rect[];
  /** The popup's width, measured. */
  popupWidth: number;
  /** What the popup has outside its scrolling content. */
  outside: number;
  margin?: number;
}): number {
  const margin = input.margin ?? POPUP_EDGE_MARGIN_PX;
  const { width, height } = input.map;
  const bottom = input.obstacles.filter((o) => o.top > height / 2);
  const top = input.obstacles.filter((o) => o.top <= height / 2);
  const bottomBand = Math.max(0, ...bottom.map((o) => height - o.top + margin));
  const besideTop = width - 2 * margin - Math.max(0, ...top.map((o) => o.right - o.left + margin));
  const topBand = besideTop >= input.popupWidth ? 0 : Math.max(0, ...top.map((o) => o.bottom + margin));
  return height - bottomBand - topBand - 2 * margin - input.outside;
}
