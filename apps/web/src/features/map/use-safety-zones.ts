import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { asksForSafetyZones } from '../map-kit/safety-zones.ts';

/**
 * The facility page's "Sikkerhetssoner" (the navigation state of /kart/{id}): answered once the
 * map has come to the facility (`arrived`: its own move would undo the zones' view) by opening the
 * zones' form for it, then cleared, so that a reload or a return does not open it again.
 */
export function useSafetyZonesRequest(facilityId: number | null, arrived: boolean, open: (facilityId: number) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = facilityId !== null && asksForSafetyZones(location.state);
  useEffect(() => {
    if (!requested || !arrived || facilityId === null) return;
    open(facilityId);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [requested, arrived, facilityId, open, navigate, location.pathname, location.search]);
}
