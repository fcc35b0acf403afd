import type { GeoJSONStoreFeatures } from 'terra-draw';

/**
 * What the screen knows of drawing before terra-draw is there: drawing.ts, with terra-draw, is
 * loaded once the map has loaded, so that the facilities need not wait for it.
 */

/** The drawing tools of the specification; "select" edits, moves and deletes. */
export const DRAW_TOOLS = ['select', 'linestring', 'polygon', 'rectangle', 'circle', 'point', 'circleMarker'] as const;
export type DrawTool = (typeof DRAW_TOOLS)[number];
export type ShapeKind = Exclude<DrawTool, 'select'>;

/** A finished drawing, as the zone panel and the storage know it. */
export interface Shape {
  id: string;
  kind: ShapeKind;
  geometry: GeoJSONStoreFeatures['geometry'];
}

/** drawing.ts, imported when the map has loaded. */
export type DrawingLibrary = typeof import('./drawing.ts');
