import { Paragraph } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { Page, PageIntro } from '../components/page.tsx';
import { AccessOverview } from '../features/access/access-overview.tsx';
import { useSelectedOrganisation } from '../shell/organisation/organisation-store.ts';

/** /access: how access works, request more municipalities, and the state of every request. */
export function AccessPage() {
  const { t } = useTranslation();
  const organisation = useSelectedOrganisation();
  return (
    <Page>
      <PageIntro heading={t('access.heading')}>
        <Paragraph variant="long">{t('access.intro')}</Paragraph>
        {organisation && <Paragraph data-size="sm">{t('access.organisation', { name: organisation.name })}</Paragraph>}
      </PageIntro>
      {organisation && (
        <AccessOverview key={organisation.organizationNumber} organisationNumber={organisation.organizationNumber} />
      )}
    </Page>
  );
}
