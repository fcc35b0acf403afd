import { Alert, Card, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { ExclamationmarkTriangleIcon, KeyHorizontalIcon, LocationPinIcon, MagnifyingGlassIcon } from '@navikt/aksel-icons';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { platformQueries } from '../api/platform-queries.ts';
import { Page, PageIntro } from '../components/page.tsx';
import { PATHS } from '../config/constants.ts';
import { useSelectedOrganisation } from '../shell/organisation/organisation-store.ts';
import classes from './landing-page.module.css';

interface Choice {
  to: string;
  title: `landing.${'search' | 'map' | 'incident' | 'access'}Title`;
  description: `landing.${'search' | 'map' | 'incident' | 'access'}Description`;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

// The specification's three cards in its order, then the incident lookup (issue 15's fourth card).
const CHOICES: readonly Choice[] = [
  { to: PATHS.search, title: 'landing.searchTitle', description: 'landing.searchDescription', Icon: MagnifyingGlassIcon },
  { to: PATHS.map, title: 'landing.mapTitle', description: 'landing.mapDescription', Icon: LocationPinIcon },
  { to: PATHS.access, title: 'landing.accessTitle', description: 'landing.accessDescription', Icon: KeyHorizontalIcon },
  {
    to: PATHS.incident,
    title: 'landing.incidentTitle',
    description: 'landing.incidentDescription',
    Icon: ExclamationmarkTriangleIcon,
  },
];

/** Warns when the organisation has no municipality with given access: no data can be shown yet. */
function NoAccessWarning({ organisationNumber }: { organisationNumber: string }) {
  const { t } = useTranslation();
  const access = useQuery(platformQueries.municipalityAccess(organisationNumber));
  if (!access.data || access.data.some((entry) => entry.given)) return null;
  return (
    <Alert data-color="warning">
      <Paragraph>{t('landing.noAccess')}</Paragraph>
      <Paragraph>
        <Link asChild>
          <RouterLink to={PATHS.access}>{t('landing.requestAccess')}</RouterLink>
        </Link>
      </Paragraph>
    </Alert>
  );
}

export function LandingPage() {
  const { t } = useTranslation();
  const organisation = useSelectedOrganisation();
  return (
    <Page>
      <PageIntro heading={t('landing.heading')}>
        <Paragraph variant="long">{t('landing.intro')}</Paragraph>
        <Paragraph variant="long">{t('landing.scope')}</Paragraph>
      </PageIntro>
      {organisation && <NoAccessWarning organisationNumber={organisation.organizationNumber} />}
      <section aria-labelledby="landing-choices">
        <Heading level={2} data-size="sm" id="landing-choices" className={classes.choicesHeading}>
          {t('landing.choices')}
        </Heading>
        <ul className={classes.cards}>
          {CHOICES.map(({ to, title, description, Icon }) => (
            <li key={to}>
              <Card data-color="accent" className={classes.card}>
                <Card.Block>
                  <Icon aria-hidden className={classes.cardIcon} />
                  <Heading level={3} data-size="xs">
                    <RouterLink to={to}>{t(title)}</RouterLink>
                  </Heading>
                  <Paragraph data-size="sm">{t(description)}</Paragraph>
                </Card.Block>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
