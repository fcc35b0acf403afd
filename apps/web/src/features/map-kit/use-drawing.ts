import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { type Drawing, type DrawingState, NO_DRAWING } from './draw-tools.ts';
import type { MapView } from './map-view.ts';

/**
 * The map's drawing (loaded once the map has its style, as a chunk of its own) and its state;
 * null until then. Shapes are kept under `storageKey` (user:organisation).
 */
export function useDrawing(map: MapView | null, storageKey: string): { drawing: Drawing | null; state: DrawingState } {
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    void map.loadDrawing(storageKey).then((loaded) => {
      if (!cancelled) setDrawing(loaded);
    });
    return () => {
      cancelled = true;
      setDrawing(null);
    };
  }, [map, storageKey]);
  const subscribe = useCallback((listener: () => void) => drawing?.subscribe(listener) ?? (() => {}), [drawing]);
  const snapshot = useCallback(() => drawing?.state() ?? NO_DRAWING, [drawing]);
  const state = useSyncExternalStore(subscribe, snapshot);
  return { drawing, state };
}
