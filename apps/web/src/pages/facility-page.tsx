import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FacilityScreen } from '../features/facility/facility-screen.tsx';
import { useSelectedOrganisation } from '../shell/organisation/organisation-store.ts';
import { parseFacilityId } from './facility-id.ts';
import { FacilityNaN } from './facility-nan.tsx';

/** The facility screen for the selected organisation; its data is keyed by it (the scope is). */
export function FacilityPage({ facilityId }: { facilityId: number }) {
  const organisation = useSelectedOrganisation();
  if (!organisation) return null;
  return (
    <FacilityScreen
      key={organisation.organizationNumber}
      organisationNumber={organisation.organizationNumber}
      facilityId={facilityId}
    />
  );
}

/** /anlegg/:facilityId: the id handed to the screen as a number, or FacilityNaN. */
export function FacilityRoute() {
  const { t } = useTranslation();
  const facilityId = parseFacilityId(useParams().facilityId);
  if (facilityId === null) return <FacilityNaN heading={t('facility.heading')} />;
  return <FacilityPage facilityId={facilityId} />;
}
