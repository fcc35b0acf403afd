import type { GeoJSONStoreFeatures } from 'terra-draw';
import { boundsOf, type LonLat } from './geometry.ts';

/**
 * What the screens know of drawing before terra-draw is there: drawing.ts, with terra-draw, is
 * loaded once the map has loaded (MapView.loadDrawing), so that the facilities need not wait for it.
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
  /** Given by code that adds the shape (and kept in drawings stored with one); listed instead of kind and number. */
  label?: string;
}

/** What a screen shows of the drawing: the finished shapes in the order drawn, the selected one, the active tool. */
export interface DrawingState {
  readonly shapes: readonly Shape[];
  readonly selectedId: string | null;
  readonly tool: DrawTool | null;
}

export const NO_DRAWING: DrawingState = { shapes: [], selectedId: null, tool: null };

/**
 * The drawing on a map (drawing.ts owns terra-draw): the user's tools, shapes added by code as
 * ordinary shapes (they are listed, edited, kept and deleted like drawn ones), kept per user.
 */
export interface Drawing {
  state(): DrawingState;
  /** Called after every change of the state; answers the unsubscription. */
  subscribe(listener: () => void): () => void;
  /** Chooses a tool; choosing the active one again stops drawing. */
  toggleTool(tool: DrawTool): void;
  select(id: string): void;
  remove(id: string): void;
  clear(): void;
  /** A geodesic circle with an exact radius, optionally labelled; answers its id, null when the drawing refused it. */
  addCircle(center: LonLat, radiusMetres: number, label?: string): string | null;
  /** Stops listening and keeping; the map it was on is being removed. */
  destroy(): void;
}

/** [west, south, east, north] of a shape. */
export function shapeBounds(shape: Shape): [number, number, number, number] | null {
  const { geometry } = shape;
  const coordinates =
    geometry.type === 'Point'
      ? [geometry.coordinates as LonLat]
      : geometry.type === 'LineString'
        ? (geometry.coordinates as LonLat[])
        : ((geometry.coordinates as LonLat[][])[0] ?? []);
  return boundsOf(coordinates);
}
