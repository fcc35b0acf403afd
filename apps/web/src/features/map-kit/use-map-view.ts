import type { MapFacility } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformQueries } from '../../api/platform-queries.ts';
import type { ClusterFeature } from './facility-index.ts';
import type { MapData } from './map-data.ts';
import type { AreaOverlay, CreateMap, MapCallbacks, MapView } from './map-view.ts';

/** What a screen hears from its map (the view's features are the hook's own). */
export type MapEvents = Omit<MapCallbacks, 'onView'>;

/**
 * The map in this element, created once the configuration says which basemap to use; failed when
 * the browser cannot draw it (no WebGL). Its control labels are set once: a language change
 * relabels the panels, not the map's own controls. `events` must keep its identity.
 */
export function useMapView(
  createMap: CreateMap,
  containerRef: RefObject<HTMLElement | null>,
  events: MapEvents,
): { map: MapView | null; failed: boolean; visible: ClusterFeature[] } {
  const { t } = useTranslation();
  const config = useQuery(platformQueries.frontendConfig());
  const styleReady = config.isSuccess || config.isError;
  const styleUrl = config.data?.mapStyleUrl ?? null;
  const [map, setMap] = useState<MapView | null>(null);
  const [failed, setFailed] = useState(false);
  const [visible, setVisible] = useState<ClusterFeature[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: t is read once, at creation
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !styleReady) return;
    let created: MapView;
    try {
      created = createMap(container, {
        styleUrl,
        texts: {
          title: t('map.mapLabel'),
          zoomIn: t('map.controls.zoomIn'),
          zoomOut: t('map.controls.zoomOut'),
          resetBearing: t('map.controls.resetBearing'),
          closePopup: t('map.popup.close'),
          home: t('map.controls.home'),
          attribution: t('map.attribution'),
          basemapNote: t('map.basemapNote'),
        },
        callbacks: { ...events, onView: setVisible },
      });
    } catch {
      // No WebGL (hardware acceleration off, or a very old browser): say so instead of failing.
      setFailed(true);
      return;
    }
    setMap(created);
    return () => {
      setMap(null);
      created.destroy();
    };
  }, [createMap, containerRef, styleReady, styleUrl, events]);

  return { map, failed, visible };
}

/**
 * Where the map starts: the route's facility (flown to, its popup opened), else all facilities.
 * Answers whether the route's facility is missing from the map (no position, or out of scope).
 */
export function useStartView(
  map: MapView | null,
  data: MapData | null,
  facilityId: number | null,
  open: (facilities: MapFacility[]) => void,
): boolean {
  const [notInMap, setNotInMap] = useState(false);
  useEffect(() => {
    if (!map || !data) return;
    setNotInMap(false);
    if (facilityId === null) {
      map.fitTo(data.bounds, false);
      return;
    }
    let cancelled = false;
    void data.samePosition(facilityId).then((facilities) => {
      if (cancelled) return;
      const facility = facilities.find((f) => f.id === facilityId);
      if (!facility) {
        setNotInMap(true);
        map.fitTo(data.bounds, false);
        return;
      }
      void map.flyTo([facility.longitude, facility.latitude]).then(() => open(facilities));
    });
    return () => {
      cancelled = true;
    };
  }, [map, data, facilityId, open]);
  return notInMap;
}

/**
 * Draws labelled areas (the safety zones' answer) on the map, or clears them; the map's element
 * says when they are painted (`data-zones="drawn"`), for tests and screenshots.
 */
export function useMapAreas(map: MapView | null, containerRef: RefObject<HTMLElement | null>, overlay: AreaOverlay | null): void {
  useEffect(() => {
    if (!map) return;
    const container = containerRef.current;
    container?.removeAttribute('data-zones');
    let current = true;
    void map.setAreas(overlay).then(() => {
      if (current && overlay) container?.setAttribute('data-zones', 'drawn');
    });
    return () => {
      current = false;
    };
  }, [map, containerRef, overlay]);
}
