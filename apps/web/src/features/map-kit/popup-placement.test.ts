import { describe, expect, it } from 'vitest';
import { type PopupPlacementInput, placePopup, popupMaxHeight, type Rect } from './popup-placement.ts';

// MapLibre's controls as FAST adds them: zoom and home at the top right, the scale at the bottom
// left, the attribution along the bottom right.
function controls(width: number, height: number): Rect[] {
  return [
    { left: width - 39, top: 10, right: width - 10, bottom: 107 },
    { left: 10, top: height - 28, right: 110, bottom: height - 10 },
    { left: width - 260, top: height - 22, right: width, bottom: height },
  ];
}
const DESKTOP = { width: 1000, height: 700 };
const PHONE = { width: 390, height: 420 };

function place(map: { width: number; height: number }, point: { x: number; y: number }, popup = { width: 330, height: 280 }) {
  const input: PopupPlacementInput = { map, point, popup, obstacles: controls(map.width, map.height) };
  return { ...placePopup(input), input };
}

/** The popup, after the pan, lies inside the map and covers no control. */
function expectClear({ rect, input }: ReturnType<typeof place>) {
  expect(rect.left).toBeGreaterThanOrEqual(0);
  expect(rect.top).toBeGreaterThanOrEqual(0);
  expect(rect.right).toBeLessThanOrEqual(input.map.width);
  expect(rect.bottom).toBeLessThanOrEqual(input.map.height);
  for (const o of input.obstacles) {
    const apart = rect.right <= o.left || rect.left >= o.right || rect.bottom <= o.top || rect.top >= o.bottom;
    expect(apart, `${JSON.stringify(rect)} over ${JSON.stringify(o)}`).toBe(true);
  }
}

describe('placePopup', () => {
  it('opens above its point where there is room, without moving the map', () => {
    const placed = place(DESKTOP, { x: 500, y: 500 });
    expect(placed.anchor).toBe('bottom');
    expect(placed.pan).toEqual([0, 0]);
    expect(placed.rect).toEqual({ left: 335, top: 210, right: 665, bottom: 500 });
    expectClear(placed);
  });

  it('opens below a point near the top edge', () => {
    const placed = place(DESKTOP, { x: 500, y: 60 });
    expect(placed.anchor).toBe('top');
    expect(placed.pan).toEqual([0, 0]);
    expectClear(placed);
  });

  it('opens to the left of a point at the right edge, clear of the zoom control', () => {
    for (const y of [200, 350, 650]) {
      const placed = place(DESKTOP, { x: 985, y });
      expect(placed.anchor, `y ${y}`).toMatch(/right$/);
      expect(placed.pan, `y ${y}`).toEqual([0, 0]);
      expectClear(placed);
    }
    // Under the control itself: the map pans the point out from under it.
    expectClear(place(DESKTOP, { x: 985, y: 60 }));
  });

  it('opens above a point at the bottom edge, clear of the attribution', () => {
    const placed = place(DESKTOP, { x: 300, y: 690 });
    expect(placed.anchor).toMatch(/^bottom/);
    expect(placed.pan[1]).toBeGreaterThanOrEqual(0);
    expectClear(placed);
  });

  it('keeps a popup taller than either side of its point inside the map: beside it, or by panning', () => {
    const tall = { width: 330, height: 600 };
    const middle = place(DESKTOP, { x: 200, y: 350 }, tall);
    expect(middle.anchor).toBe('left');
    expect(middle.pan).toEqual([0, 0]);
    expectClear(middle);
    const low = place(DESKTOP, { x: 900, y: 690 }, tall);
    expectClear(low);
    // The point moves with the map: up, by as much as the popup did.
    expect(low.pan[1]).toBeGreaterThan(0);
  });

  it('gives a popup the map’s height less the controls it cannot pass beside, wherever its point', () => {
    // 312 px wide on the phone's map of 356: below the zoom control (bottom 107), above the scale and attribution.
    const phone = { width: 356, height: 549 };
    expect(popupMaxHeight({ map: phone, obstacles: controls(356, 549), popupWidth: 312, outside: 40 })).toBe(
      549 - 36 - 115 - 16 - 40,
    );
    // 330 px on a map of 1000: beside the zoom control.
    expect(popupMaxHeight({ map: DESKTOP, obstacles: controls(1000, 700), popupWidth: 330, outside: 40 })).toBe(
      700 - 36 - 16 - 40,
    );
  });

  it('on a phone of 390 px keeps the close button (the popup’s top right) from under the zoom control', () => {
    for (const point of [
      { x: 330, y: 40 },
      { x: 370, y: 120 },
      { x: 380, y: 400 },
      { x: 200, y: 200 },
      { x: 20, y: 410 },
    ]) {
      const placed = place(PHONE, point, { width: 312, height: 260 });
      expectClear(placed);
    }
  });

  it('never leaves a popup of the tallest it may be outside the map or over a control, wherever its point', () => {
    for (const map of [DESKTOP, PHONE]) {
      for (let x = 0; x <= map.width; x += map.width / 10) {
        for (let y = 0; y <= map.height; y += map.height / 10) {
          const width = Math.min(330, map.width * 0.8);
          const obstacles = controls(map.width, map.height);
          const height = popupMaxHeight({ map, obstacles, popupWidth: width, outside: 0 }) - 10;
          expectClear(place(map, { x, y }, { width, height }));
        }
      }
    }
  });
});
