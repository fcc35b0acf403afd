import { Heading, Paragraph } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/page.tsx';
import classes from '../features/access/access.module.css';
import { AccessOverview } from '../features/access/access-overview.tsx';
import { useSelectedOrganisation } from '../features/organisation/organisation-store.ts';

/** /access: how access works, request more municipalities, and the state of every request. */
export function AccessPage() {
  const { t } = useTranslation();
  const organisation = useSelectedOrganisation();
  return (
    <Page>
      <div className={classes.intro}>
        <Heading level={1} data-size="lg">
          {t('access.heading')}
        </Heading>
        <Paragraph variant="long">{t('access.intro')}</Paragraph>
        {organisation && <Paragraph data-size="sm">{t('access.organisation', { name: organisation.name })}</Paragraph>}
      </div>
      {organisation && (
        <AccessOverview key={organisation.organizationNumber} organisationNumber={organisation.organizationNumber} />
      )}
    </Page>
  );
}
