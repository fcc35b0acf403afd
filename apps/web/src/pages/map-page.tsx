import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MapScreen } from '../features/map/map-screen.tsx';
import { createMapController } from '../features/map-kit/map-controller.ts';
import { useAuthUser } from '../shell/auth/auth-store.ts';
import { useSelectedOrganisation } from '../shell/organisation/organisation-store.ts';
import { parseFacilityId } from './facility-id.ts';
import { FacilityNaN } from './facility-nan.tsx';

/**
 * The map screen, keyed by user and organisation: its data is theirs. This page is its own lazy
 * chunk (the router imports it on the first visit to /kart), and it alone pulls in MapLibre and
 * terra-draw, so the landing page never loads them.
 */
export function MapPage({ facilityId }: { facilityId: number | null }) {
  const organisation = useSelectedOrganisation();
  const user = useAuthUser();
  if (!organisation || !user) return null;
  return (
    <MapScreen
      key={`${user.username}:${organisation.organizationNumber}`}
      facilityId={facilityId}
      organisationNumber={organisation.organizationNumber}
      storageKey={`${user.username}:${organisation.organizationNumber}`}
      createMap={createMapController}
    />
  );
}

/** /kart/:facilityId?: the optional facility to zoom to, handed to the screen. */
export function MapRoute() {
  const { t } = useTranslation();
  const raw = useParams().facilityId;
  if (raw === undefined) return <MapPage facilityId={null} />;
  const facilityId = parseFacilityId(raw);
  if (facilityId === null) return <FacilityNaN heading={t('map.heading')} />;
  return <MapPage facilityId={facilityId} />;
}
