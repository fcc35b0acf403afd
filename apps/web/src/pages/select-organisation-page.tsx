import { Alert, Button, Fieldset, Heading, Link, Paragraph, Radio, ValidationMessage } from '@digdir/designsystemet-react';
import { ALTINN_ROLE, type Reportee } from '@fast/contracts';
import { ExternalLinkIcon } from '@navikt/aksel-icons';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { platformQueries } from '../api/platform-queries.ts';
import { Page, PageIntro } from '../components/page.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PATHS, READ_MORE_URL } from '../config/constants.ts';
import { formatOrganisationNumber } from '../i18n/format.ts';
import {
  selectOrganisation,
  storedOrganisationNumber,
  useSelectedOrganisation,
} from '../shell/organisation/organisation-store.ts';
import classes from './select-organisation-page.module.css';

/** Where to go after choosing: the page the guard stopped, when it is one of ours. */
function safeNext(from: string | null): string {
  return from?.startsWith('/') && !from.startsWith('//') ? from : PATHS.landing;
}

function OrganisationForm({ organisations }: { organisations: readonly Reportee[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const selected = useSelectedOrganisation();
  const initial = selected?.organizationNumber ?? storedOrganisationNumber();
  const [choice, setChoice] = useState<string | null>(
    organisations.some((o) => o.organizationNumber === initial) ? initial : null,
  );
  const [showError, setShowError] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const organisation = organisations.find((o) => o.organizationNumber === choice);
    if (!organisation) {
      setShowError(true);
      return;
    }
    selectOrganisation(organisation);
    navigate(safeNext(searchParams.get('from')));
  };

  return (
    <form onSubmit={handleSubmit} className={classes.form} noValidate>
      <Fieldset>
        <Fieldset.Legend>{t('selectOrganisation.legend')}</Fieldset.Legend>
        {organisations.map((organisation) => (
          <Radio
            key={organisation.organizationNumber}
            name="organisation"
            value={organisation.organizationNumber}
            label={organisation.name}
            description={t('selectOrganisation.organisationNumber', {
              number: formatOrganisationNumber(organisation.organizationNumber),
            })}
            checked={choice === organisation.organizationNumber}
            onChange={() => {
              setChoice(organisation.organizationNumber);
              setShowError(false);
            }}
          />
        ))}
      </Fieldset>
      {showError && <ValidationMessage>{t('selectOrganisation.mustChoose')}</ValidationMessage>}
      <div>
        <Button type="submit">{t('selectOrganisation.proceed')}</Button>
      </div>
    </form>
  );
}

export function SelectOrganisationPage() {
  const { t } = useTranslation();
  const reportees = useQuery(platformQueries.reportees());

  return (
    <Page narrow>
      <PageIntro heading={t('selectOrganisation.heading')}>
        <Paragraph>{t('selectOrganisation.description')}</Paragraph>
      </PageIntro>
      {reportees.isPending && <PageLoading text="selectOrganisation.loading" />}
      {reportees.isError && (
        <Alert data-color="danger">
          <Paragraph>{t('errors.UNEXPECTED_ERROR')}</Paragraph>
        </Alert>
      )}
      {reportees.data?.length === 0 && (
        <Alert data-color="warning">
          <Paragraph>{t('selectOrganisation.none')}</Paragraph>
        </Alert>
      )}
      {reportees.data && reportees.data.length > 0 && <OrganisationForm organisations={reportees.data} />}
      <section aria-labelledby="missing-organisation" className={classes.help}>
        <Heading level={2} data-size="xs" id="missing-organisation">
          {t('selectOrganisation.missingHeading')}
        </Heading>
        <Paragraph>{t('selectOrganisation.missingHelp', { role: ALTINN_ROLE })}</Paragraph>
        <Paragraph>
          <Link href={READ_MORE_URL} target="_blank" rel="noreferrer">
            {t('selectOrganisation.readMore')}
            <ExternalLinkIcon aria-hidden />
          </Link>
        </Paragraph>
      </section>
    </Page>
  );
}
