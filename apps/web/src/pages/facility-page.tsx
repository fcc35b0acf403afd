import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parseFacilityId } from './facility-id.ts';
import { FacilityNaN } from './facility-nan.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';

export function FacilityPage({ facilityId }: { facilityId: number }) {
  const { t } = useTranslation();
  return <PlaceholderPage heading={t('facility.heading')}>{t('facility.body', { id: String(facilityId) })}</PlaceholderPage>;
}

/** /anlegg/:facilityId: the id handed to the screen as a number, or FacilityNaN. */
export function FacilityRoute() {
  const { t } = useTranslation();
  const facilityId = parseFacilityId(useParams().facilityId);
  if (facilityId === null) return <FacilityNaN heading={t('facility.heading')} />;
  return <FacilityPage facilityId={facilityId} />;
}
