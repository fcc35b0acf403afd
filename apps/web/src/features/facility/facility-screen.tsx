import { Button, Heading, Link, Paragraph, Skeleton } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { ArrowLeftIcon, ExclamationmarkTriangleIcon, HouseIcon, LocationPinIcon, MagnifyingGlassIcon } from '@navikt/aksel-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Page } from '../../components/page.tsx';
import { PATHS } from '../../config/constants.ts';
import { incidentUrl } from '../incident/incident-url.ts';
import classes from './facility.module.css';
import { facilityQueries } from './facility-api.ts';
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

/** Front page, back, back to search (with the search as it was). */
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
      <Link asChild>
        <RouterLink to={lastSearchUrl(location.state)}>
          <MagnifyingGlassIcon aria-hidden />
          {t('facility.nav.search')}
        </RouterLink>
      </Link>
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

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <ErrorAlert error={error} color={notFound ? 'warning' : 'danger'}>
      {!notFound && (
        <Button variant="secondary" data-size="sm" onClick={onRetry}>
          {t('facility.retry')}
        </Button>
      )}
    </ErrorAlert>
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
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : facility ? (
        <div className={classes.sections}>
          <InformationSection facility={facility} />
          <PositionSection facility={facility} />
          <MajorAccidentSection facility={facility} />
          <UnitsSection facility={facility} />
          <SubstancesSection facility={facility} />
          <HazardSection facility={facility} />
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
