import type { MapFacilityPopup } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Drawing } from './draw-tools.ts';
import type { LonLat } from './geometry.ts';
import { mapQueries } from './map-queries.ts';
import type { MapView } from './map-view.ts';
import { asksForSafetyZones, drawSafetyZones, safetyZonesBounds, safetyZonesOf } from './safety-zones.ts';

/**
 * Drawing a facility's safety zones: the popup's action, and the facility page's request (the
 * navigation state of /kart/{id}), answered once the drawing and the facility are there and the
 * map has come to the facility (`arrived`: its own move would undo ours), then cleared, so that a
 * reload or a return does not draw the rings again. The map then shows the largest ring whole.
 */
export function useSafetyZones(
  organisationNumber: string,
  map: MapView | null,
  drawing: Drawing | null,
  facilityId: number | null,
  arrived: boolean,
): ((facility: MapFacilityPopup) => void) | null {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const location = useLocation();
  const navigate = useNavigate();
  const requested = facilityId !== null && asksForSafetyZones(location.state);
  const draw = useCallback(
    (facility: MapFacilityPopup) => {
      if (!drawing || !facility.hazardDistances) return;
      const center: LonLat = [facility.longitude, facility.latitude];
      const zones = safetyZonesOf(facility.hazardDistances, t, language);
      if (drawSafetyZones(drawing, center, zones) > 0) map?.fitTo(safetyZonesBounds(center, zones));
    },
    [map, drawing, t, language],
  );
  // The popup's query: the facility page's request shares its answer with the popup the map opens.
  const facility = useQuery({ ...mapQueries.popup(organisationNumber, facilityId), enabled: requested });
  useEffect(() => {
    if (!requested || !arrived || !drawing || !facility.data) return;
    draw(facility.data);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [requested, arrived, drawing, facility.data, draw, navigate, location.pathname, location.search]);
  return drawing ? draw : null;
}
