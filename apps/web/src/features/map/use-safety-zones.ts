import type { MapFacilityPopup } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Drawing } from './draw-tools.ts';
import { mapQueries } from './map-queries.ts';
import { asksForSafetyZones, drawSafetyZones, safetyZonesOf } from './safety-zones.ts';

/**
 * Drawing a facility's safety zones: the popup's action, and the facility page's request (the
 * navigation state of /kart/{id}), answered once the drawing and the facility are there and then
 * cleared, so that a reload or a return does not draw the rings again.
 */
export function useSafetyZones(
  drawing: Drawing | null,
  facilityId: number | null,
): ((facility: MapFacilityPopup) => void) | null {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const location = useLocation();
  const navigate = useNavigate();
  const requested = facilityId !== null && asksForSafetyZones(location.state);
  const draw = useCallback(
    (facility: MapFacilityPopup) => {
      if (!drawing || !facility.hazardDistances) return;
      drawSafetyZones(drawing, [facility.longitude, facility.latitude], safetyZonesOf(facility.hazardDistances, t, language));
    },
    [drawing, t, language],
  );
  // The popup's query: the facility page's request shares its answer with the popup the map opens.
  const facility = useQuery({ ...mapQueries.popup(facilityId), enabled: requested });
  useEffect(() => {
    if (!requested || !drawing || !facility.data) return;
    draw(facility.data);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [requested, drawing, facility.data, draw, navigate, location.pathname, location.search]);
  return drawing ? draw : null;
}
