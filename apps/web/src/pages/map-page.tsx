import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parseFacilityId } from './facility-id.ts';
import { FacilityNaN } from './facility-nan.tsx';
import { PlaceholderPage } from './placeholder-page.tsx';

export function MapPage(_props: { facilityId: number | null }) {
  const { t } = useTranslation();
  return <PlaceholderPage heading={t('map.heading')}>{t('map.body')}</PlaceholderPage>;
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
