import { Alert, Button, Heading, Link, List, Paragraph, Skeleton } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { ArrowLeftIcon, ExclamationmarkTriangleIcon, HouseIcon, LocationPinIcon, MagnifyingGlassIcon } from '@navikt/aksel-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { facilityQueries } from '../../api/facility-api.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Page } from '../../components/page.tsx';
import { PATHS } from '../../config/constants.ts';
import { facilityReturn, incidentUrl } from '../../routes/links.ts';
import classes from './facility.module.css';
import { FacilitySkeleton } from './facility-skeleton.tsx';
import { HazardSection } from './hazard-section.tsx';
import { lastSearchUrl } from './search-return.ts';
import { AccidentsSection } from './sections/accidents.tsx';
import { InformationSection } from './sections/information.tsx';
import { InspectionsSection } from './sections/inspections.tsx';
import { MajorAccidentSection } from './sections/major-accident.tsx';
import { NotificationsSection } from './sections/notifications.tsx';
import { PositionSection } from './sections/position.tsx';
import { SubstancesSection } from './sections/substances.tsx';
import { UnitsSection } from './sections/units.tsx';

/**
 * Back where the facility was opened: the incident or the map, when their link said so (with its
 * URL: the point and radius, the map's filter), else the search as it was.
 */
function ReturnLink() {
  const { t } = useTranslation();
  const location = useLocation();
  const origin = facilityReturn(location.state);
  if (origin) {
    const Icon = origin.from === 'incident' ? ExclamationmarkTriangleIcon : LocationPinIcon;
    return (
      <Link asChild>
        <RouterLink to={origin.returnUrl}>
          <Icon aria-hidden />
          {t(`facility.nav.${origin.from}`)}
        </RouterLink>
      </Link>
    );
  }
  return (
    <Link asChild>
      <RouterLink to={lastSearchUrl(location.state)}>
        <MagnifyingGlassIcon aria-hidden />
        {t('facility.nav.search')}
      </RouterLink>
    </Link>
  );
}

/** Front page, back, back to where it was opened (the search as it was, by default). */
function FacilityNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The first page of this visit has nowhere in the app to go back to: then back is the front page.
  const handleBack = () => (location.key === 'default' ? navigate(PATHS.landing) : navigate(-1));
  return (
    <nav aria-label={t('facility.nav.label')} className={classes.nav}>
      <Link asChild>
        <RouterLink to={PATHS.landing}>
          <HouseIcon aria-hidden />
          {t('facility.nav.landing')}
        </RouterLink>
      </Link>
      <Button variant="tertiary" data-size="sm" onClick={handleBack}>
        <ArrowLeftIcon aria-hidden />
        {t('facility.nav.back')}
      </Button>
      <ReturnLink />
    </nav>
  );
}

function Title({ facility, id }: { facility: FacilityDetail | undefined; id: number }) {
  const { t } = useTranslation();
  return (
    <div className={classes.titleRow}>
      <div>
        <Paragraph data-size="sm" className={classes.eyebrow}>
          {t('facility.heading')}
        </Paragraph>
        <Heading level={1} data-size="lg">
          {facility ? (facility.name ?? t('facility.unnamed')) : <Skeleton variant="text" width="16ch" />}
        </Heading>
        <Paragraph className={classes.subtitle}>
          {facility
            ? `${t('facility.idLine', { id: String(id) })} · ${facility.address.municipality.name}`
            : t('facility.idLine', { id: String(id) })}
        </Paragraph>
      </div>
      <div className={classes.titleActions}>
        <Button asChild variant="primary" data-size="sm">
          <RouterLink to={`${PATHS.map}/${id}`}>
            <LocationPinIcon aria-hidden />
            {t('facility.showInMap')}
          </RouterLink>
        </Button>
        {facility?.position && (
          <Button asChild variant="secondary" data-size="sm">
            <RouterLink
              to={incidentUrl(
                { latitude: facility.position.wgs84.lat, longitude: facility.position.wgs84.lon },
                facility.name ?? undefined,
              )}
            >
              <ExclamationmarkTriangleIcon aria-hidden />
              {t('facility.nearby')}
            </RouterLink>
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * A facility the server does not give: one that does not exist and one outside the user's scope
 * are the same answer (404), and the same text, so the page does not tell which it is.
 */
function NotFound({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Heading level={1} data-size="lg">
        {t('facility.notFound.heading')}
      </Heading>
      <Alert data-color="warning">
        <Paragraph>{t('facility.notFound.body', { id: String(id) })}</Paragraph>
        <List.Unordered>
          <List.Item>{t('facility.notFound.checkId')}</List.Item>
          <List.Item>
            {t('facility.notFound.requestAccess')}{' '}
            <Link asChild>
              <RouterLink to={PATHS.access}>{t('facility.notFound.accessLink')}</RouterLink>
            </Link>
          </List.Item>
        </List.Unordered>
      </Alert>
    </>
  );
}

function LoadError({ error, id, onRetry }: { error: unknown; id: number; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) return <NotFound id={id} />;
  return (
    <>
      <Heading level={1} data-size="lg">
        {t('facility.heading')}
      </Heading>
      <ErrorAlert error={error}>
        <Button variant="secondary" data-size="sm" onClick={onRetry}>
          {t('facility.retry')}
        </Button>
      </ErrorAlert>
    </>
  );
}

/**
 * /anlegg/{id}: every section of the record in the specification's order. Loading shows the
 * sections' shapes; a facility that does not exist (or lies outside the scope) says not found.
 */
export function FacilityScreen({ organisationNumber, facilityId }: { organisationNumber: string; facilityId: number }) {
  const query = useQuery(facilityQueries.detail(organisationNumber, facilityId));
  const facility = query.data;
  return (
    <Page>
      <header className={classes.header}>
        <FacilityNav />
        {!query.isError && <Title facility={facility} id={facilityId} />}
      </header>
      {query.isError ? (
        <LoadError error={query.error} id={facilityId} onRetry={() => query.refetch()} />
      ) : facility ? (
        <div className={classes.sections}>
          {/* The hazards first, right under the title: what a call needs before owner and coordinates. */}
          <HazardSection facility={facility} />
          <InformationSection facility={facility} />
          <PositionSection facility={facility} />
          <MajorAccidentSection facility={facility} />
          <UnitsSection facility={facility} />
          <SubstancesSection facility={facility} />
          <InspectionsSection facility={facility} />
          <NotificationsSection facility={facility} />
          <AccidentsSection facility={facility} />
        </div>
      ) : (
        <FacilitySkeleton />
      )}
    </Page>
  );
}
