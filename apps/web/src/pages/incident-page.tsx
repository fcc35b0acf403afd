import { IncidentScreen } from '../features/incident/incident-screen.tsx';
import { createMapController } from '../features/map-kit/map-controller.ts';
import { useAuthUser } from '../shell/auth/auth-store.ts';
import { useSelectedOrganisation } from '../shell/organisation/organisation-store.ts';

/**
 * /hendelse: the incident lookup, keyed by user and organisation (its data is theirs). Its own lazy
 * chunk: it pulls in MapLibre (through the map kit's controller), never the landing page.
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
