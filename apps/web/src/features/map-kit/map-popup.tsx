import { type ReactNode, useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { LonLat } from './geometry.ts';
import type { MapView } from './map-view.ts';

/** A popup on the map at a position, its content rendered by React through a portal. */
export function MapPopup(props: { map: MapView; position: LonLat; onClose: () => void; children: ReactNode }) {
  const { map, position, onClose } = props;
  const node = useMemo(() => document.createElement('div'), []);
  useEffect(() => {
    map.showPopup(position, node, onClose);
    return () => map.closePopup();
  }, [map, position, node, onClose]);
  return createPortal(props.children, node);
}
