import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  type GeoJSONStoreFeatures,
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawLineStringMode,
  TerraDrawMarkerMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Drawing, DrawingState, DrawTool, Shape, ShapeKind } from './draw-tools.ts';
import { circleRing, type LonLat } from './geometry.ts';

/** terra-draw's mode name of each tool: the marker is the pin, the circle marker a round point. */
const MODE_OF: Record<ShapeKind, string> = {
  linestring: 'linestring',
  polygon: 'polygon',
  rectangle: 'rectangle',
  circle: 'circle',
  point: 'marker',
  circleMarker: 'circlemarker',
};
const KIND_OF_MODE = new Map(Object.entries(MODE_OF).map(([kind, mode]) => [mode, kind as ShapeKind]));

const ACCENT = '#6a1b9a';
const CIRCLE_STEPS = 128;

/** The marker pin: 40 × 56 pixels drawn at 30 × 42 CSS pixels. */
const MARKER = { width: 40, height: 56, cssWidth: 30, cssHeight: 42 } as const;

function drawMarker(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = MARKER.width;
  canvas.height = MARKER.height;
  const context = canvas.getContext('2d');
  if (!context) return canvas;
  context.fillStyle = ACCENT;
  context.strokeStyle = '#ffffff';
  context.lineWidth = 3;
  context.beginPath();
  context.moveTo(20, 54);
  context.bezierCurveTo(20, 54, 2, 30, 2, 19);
  context.arc(20, 19, 18, Math.PI, 0);
  context.bezierCurveTo(38, 30, 20, 54, 20, 54);
  context.closePath();
  context.fill();
  context.stroke();
  context.fillStyle = '#ffffff';
  context.beginPath();
  context.arc(20, 19, 7, 0, Math.PI * 2);
  context.fill();
  return canvas;
}

/** The name terra-draw's MapLibre adapter gives a marker URL's image on the map (its `hashCode`). */
function adapterImageId(markerUrl: string): string {
  let hash = 0;
  for (let i = 0; i < markerUrl.length; i++) hash = ((hash << 5) - hash + markerUrl.charCodeAt(i)) | 0;
  return `marker-${Math.abs(hash)}`;
}

/**
 * The pin as a PNG data URL for the marker mode, its image put on the map beforehand: left to
 * itself, the adapter loads the URL with fetch, which the app's Content-Security-Policy
 * (connect-src 'self') refuses for data: URLs, and the marker would never show.
 */
function markerUrl(map: MapLibreMap): string {
  const canvas = drawMarker();
  const url = canvas.toDataURL('image/png');
  const id = adapterImageId(url);
  const pixels = canvas.getContext('2d')?.getImageData(0, 0, MARKER.width, MARKER.height);
  if (pixels && !map.hasImage(id)) map.addImage(id, pixels, { pixelRatio: MARKER.width / MARKER.cssWidth });
  return url;
}

const editable = { draggable: true, deletable: true, midpoints: true } as const;

function createTerraDraw(map: MapLibreMap): TerraDraw {
  const polygonStyles = {
    fillColor: ACCENT,
    fillOpacity: 0.12,
    outlineColor: ACCENT,
    outlineWidth: 2,
  } as const;
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map }),
    modes: [
      new TerraDrawSelectMode({
        flags: {
          linestring: { feature: { draggable: true, coordinates: editable } },
          polygon: { feature: { draggable: true, coordinates: editable } },
          rectangle: { feature: { draggable: true, coordinates: { draggable: true, resizable: 'opposite' } } },
          circle: { feature: { draggable: true, coordinates: { draggable: true, resizable: 'center-fixed' } } },
          marker: { feature: { draggable: true } },
          circlemarker: { feature: { draggable: true } },
        },
        styles: { selectedPolygonColor: ACCENT, selectedPolygonOutlineColor: ACCENT, selectedLineStringColor: ACCENT },
      }),
      new TerraDrawLineStringMode({ styles: { lineStringColor: ACCENT, lineStringWidth: 3 } }),
      new TerraDrawPolygonMode({ styles: polygonStyles }),
      new TerraDrawRectangleMode({ styles: polygonStyles }),
      new TerraDrawCircleMode({ projection: 'globe', segments: CIRCLE_STEPS, styles: polygonStyles }),
      new TerraDrawMarkerMode({
        styles: { markerUrl: markerUrl(map), markerWidth: MARKER.cssWidth, markerHeight: MARKER.cssHeight },
      }),
      new TerraDrawPointMode({
        modeName: 'circlemarker',
        styles: { pointColor: ACCENT, pointWidth: 8, pointOutlineColor: '#ffffff', pointOutlineWidth: 2 },
      }),
    ],
  });
}

function modeOf(tool: DrawTool): string {
  return tool === 'select' ? 'select' : MODE_OF[tool];
}

/** The finished shapes of the drawing, in the order they were drawn. */
function shapesOf(draw: TerraDraw): Shape[] {
  const shapes: Shape[] = [];
  for (const feature of draw.getSnapshot()) {
    const kind = KIND_OF_MODE.get(String(feature.properties.mode));
    if (!kind || feature.properties.currentlyDrawing || typeof feature.id !== 'string') continue;
    const label = feature.properties.label;
    shapes.push({ id: feature.id, kind, geometry: feature.geometry, ...(typeof label === 'string' ? { label } : {}) });
  }
  return shapes;
}

const STORAGE_PREFIX = 'fast.map.drawing.';
/** terra-draw reports every step of a drag: the shapes are read back and kept once it pauses. */
const SETTLE_MS = 120;

/** Drawn shapes survive a reload: local storage, per user (never shared between users of a browser). */
function loadStoredShapes(draw: TerraDraw, storageKey: string): void {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_PREFIX + storageKey) ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(stored)) return;
  const known = new Set(Object.values(MODE_OF));
  const features = stored.filter(
    (f): f is GeoJSONStoreFeatures =>
      typeof f === 'object' && f !== null && 'geometry' in f && known.has(String((f as GeoJSONStoreFeatures).properties?.mode)),
  );
  // addFeatures validates each feature and skips the invalid ones.
  if (features.length > 0) draw.addFeatures(features);
}

function storeShapes(draw: TerraDraw, storageKey: string): void {
  const features = draw
    .getSnapshot()
    .filter((f) => KIND_OF_MODE.has(String(f.properties.mode)) && !f.properties.currentlyDrawing)
    .map((f) => ({
      id: f.id,
      type: 'Feature',
      geometry: f.geometry,
      properties: { mode: f.properties.mode, radiusKilometers: f.properties.radiusKilometers, label: f.properties.label },
    }));
  try {
    localStorage.setItem(STORAGE_PREFIX + storageKey, JSON.stringify(features));
  } catch {
    // Storage full or blocked: the shapes last for this page only.
  }
}

/** terra-draw on one map, for one user's storage key (user:organisation): the only place that drives it. */
class DrawingController implements Drawing {
  private readonly draw: TerraDraw;
  private readonly storageKey: string;
  private current: DrawingState;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(map: MapLibreMap, storageKey: string) {
    this.storageKey = storageKey;
    this.draw = createTerraDraw(map);
    this.draw.start();
    loadStoredShapes(this.draw, storageKey);
    this.current = { shapes: shapesOf(this.draw), selectedId: null, tool: null };
    this.draw.on('change', this.settle);
    this.draw.on('finish', this.settle);
    this.draw.on('select', this.handleSelect);
    this.draw.on('deselect', this.handleDeselect);
  }

  private readonly settle = () => {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.commit(), SETTLE_MS);
  };

  private readonly handleSelect = (id: string | number) => this.update({ selectedId: String(id) });
  private readonly handleDeselect = () => this.update({ selectedId: null });

  private update(change: Partial<DrawingState>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener();
  }

  /** The shapes read back, listed and kept. */
  private commit(change: Partial<DrawingState> = {}): void {
    this.update({ ...change, shapes: shapesOf(this.draw) });
    storeShapes(this.draw, this.storageKey);
  }

  state(): DrawingState {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  toggleTool(tool: DrawTool): void {
    const active = this.current.tool === tool ? null : tool;
    this.draw.setMode(active ? modeOf(active) : 'static');
    this.update({ tool: active });
  }

  select(id: string): void {
    if (this.draw.getMode() !== 'select') {
      this.draw.setMode('select');
      this.update({ tool: 'select' });
    }
    this.draw.selectFeature(id);
    this.update({ selectedId: id });
  }

  remove(id: string): void {
    this.draw.removeFeatures([id]);
    this.commit(this.current.selectedId === id ? { selectedId: null } : {});
  }

  clear(): void {
    this.draw.clear();
    this.commit({ selectedId: null });
  }

  addCircle(center: LonLat, radiusMetres: number, label?: string): string | null {
    const id = this.draw.getFeatureId();
    const [result] = this.draw.addFeatures([
      {
        id,
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [circleRing(center, radiusMetres, CIRCLE_STEPS)] },
        properties: { mode: 'circle', radiusKilometers: radiusMetres / 1000, ...(label ? { label } : {}) },
      },
    ]);
    if (!result?.valid) {
      console.warn('circle refused by the drawing', result?.reason);
      return null;
    }
    this.commit();
    return String(id);
  }

  destroy(): void {
    clearTimeout(this.timer);
    this.listeners.clear();
    this.draw.off('change', this.settle);
    this.draw.off('finish', this.settle);
    this.draw.off('select', this.handleSelect);
    this.draw.off('deselect', this.handleDeselect);
  }
}

/** The drawing of a map, with the shapes this key kept; called by the map controller once its style is there. */
export function createDrawing(map: MapLibreMap, storageKey: string): Drawing {
  return new DrawingController(map, storageKey);
}
