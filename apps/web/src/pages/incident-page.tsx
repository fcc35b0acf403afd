import { useAuthUser } from '../features/auth/auth-store.ts';
import { IncidentScreen } from '../features/incident/incident-screen.tsx';
import { createMapController } from '../features/map/map-controller.ts';
import { useSelectedOrganisation } from '../features/organisation/organisation-store.ts';

/**
 * /hendelse: the incident lookup, keyed by user and organisation (its data is theirs). Its own lazy
 * chunk: it pulls in MapLibre (through the map's controller), proj4 and mgrs, never the landing page.
 */
export function IncidentPage() {
  const organisation = useSelectedOrganisation();
  const user = useAuthUser();
  if (!organisation || !user) return null;
  return (
    <IncidentScreen
      key={`${user.username}:${organisation.organizationNumber}`}
      organisationNumber={organisation.organizationNumber}
      createMap={createMapController}
    />
  );
}
