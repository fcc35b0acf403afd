import { Button, Heading, Link, Paragraph, Spinner } from '@digdir/designsystemet-react';
import type { MapFacility, MapFacilityPopup } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { PATHS } from '../../config/constants.ts';
import { facilityLinkState, incidentUrl } from '../../routes/links.ts';
import type { LonLat } from '../map-kit/geometry.ts';
import { mapQueries } from '../map-kit/map-queries.ts';
import { distanceSetterText } from '../map-kit/safety-zones.ts';
import classes from './map-screen.module.css';

/** "Hva finnes i nærheten?": the incident screen around a position (a facility's, or one asked about on the map). */
export function NearbyLink({ position: [longitude, latitude], query }: { position: LonLat; query?: string }) {
  const { t } = useTranslation();
  return (
    <Link asChild>
      <RouterLink to={incidentUrl({ latitude, longitude }, query)}>{t('map.popup.nearby')}</RouterLink>
    </Link>
  );
}

/** Opens a facility's safety zones (their form); null while the map cannot draw them. */
export type OnSafetyZones = ((facility: MapFacilityPopup) => void) | null;

/**
 * One facility: what the popup shows (name, address, municipality, major-accident value, largest
 * safety distances), "Vis anlegg" and the safety zones.
 */
function SingleFacility(props: {
  organisationNumber: string;
  facility: MapFacility;
  onCircle: (() => void) | null;
  onSafetyZones: OnSafetyZones;
}) {
  const { organisationNumber, facility, onCircle, onSafetyZones } = props;
  const { t, i18n } = useTranslation();
  // The facility's page leads back to the map.
  const location = useLocation();
  const popup = useQuery(mapQueries.popup(organisationNumber, facility.id));
  const data = popup.data;
  const name = data?.name ?? facility.name ?? t(data?.privatePerson ? 'map.popup.privatePerson' : 'map.popup.unnamed');
  const address = data
    ? [data.address.street, [data.address.postalCode, data.address.postalPlace].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : '';
  const distances = data?.hazardDistances;
  const hasDistances = Boolean(distances?.isolation || distances?.evacuation);
  return (
    <div className={classes.popup}>
      <Heading level={2} data-size="2xs">
        {name}
      </Heading>
      {popup.isPending ? (
        <Paragraph data-size="sm">
          <Spinner aria-hidden data-size="xs" /> {t('map.popup.loading')}
        </Paragraph>
      ) : data ? (
        // The facts give way when the popup would not fit beside its point: a region that a keyboard can scroll.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section aria-label={t('map.popup.facts')} tabIndex={0} className={classes.popupFacts}>
          <dl className={classes.popupFactList}>
            <dt>{t('map.popup.address')}</dt>
            <dd>{address || '–'}</dd>
            <dt>{t('map.popup.municipality')}</dt>
            <dd>{data.municipality.name}</dd>
            <dt>{t('map.popup.majorAccident')}</dt>
            <dd>{t(`map.majorAccident.${data.majorAccident}`)}</dd>
            {data.explosives && (
              <>
                <dt className="visually-hidden">{t('map.popup.explosives')}</dt>
                <dd>{t('map.popup.explosives')}</dd>
              </>
            )}
            {distances?.isolation && (
              <>
                <dt>{t('hazard.largest.isolation')}</dt>
                <dd>{distanceSetterText(distances.isolation, t, i18n.language)}</dd>
              </>
            )}
            {distances?.evacuation && (
              <>
                <dt>{t('hazard.largest.evacuation')}</dt>
                <dd>{distanceSetterText(distances.evacuation, t, i18n.language)}</dd>
              </>
            )}
          </dl>
        </section>
      ) : null}
      <div className={classes.popupActions}>
        <Link asChild>
          <RouterLink to={PATHS.facility(facility.id)} state={facilityLinkState('map', location)}>
            {t('map.popup.showFacility')}
          </RouterLink>
        </Link>
        {/* The popup's answer has the exact position; the map's tuple is rounded to 5 decimals
            (~1 m), and the facility would not be at 0 m from its own point. */}
        <NearbyLink
          position={data ? [data.longitude, data.latitude] : [facility.longitude, facility.latitude]}
          query={facility.name ?? undefined}
        />
        {onCircle && (
          <Button variant="secondary" data-size="sm" onClick={onCircle}>
            {t('map.draw.circleAroundFacility')}
          </Button>
        )}
        {data && hasDistances && onSafetyZones && (
          <Button variant="secondary" data-size="sm" onClick={() => onSafetyZones(data)}>
            {t('map.safetyZones.button')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Many facilities at one exact position: a list, each with its own link. */
function FacilityList({ first, facilities }: { first: MapFacility; facilities: MapFacility[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className={classes.popup}>
      <Heading level={2} data-size="2xs">
        {t('map.popup.samePosition', { count: facilities.length })}
      </Heading>
      <ul className={classes.popupList}>
        {facilities.map((f) => (
          <li key={f.id}>
            <Link asChild>
              <RouterLink to={PATHS.facility(f.id)} state={facilityLinkState('map', location)}>
                {f.name ?? t('map.popup.unnamed')}
              </RouterLink>
            </Link>
            <span className={classes.muted}> – {t(`map.majorAccident.${f.majorAccident}`)}</span>
          </li>
        ))}
      </ul>
      <NearbyLink position={[first.longitude, first.latitude]} />
    </div>
  );
}

export function FacilityPopup(props: {
  organisationNumber: string;
  facilities: MapFacility[];
  onCircle: (() => void) | null;
  onSafetyZones: OnSafetyZones;
}) {
  const { organisationNumber, facilities, onCircle, onSafetyZones } = props;
  const [first] = facilities;
  if (!first) return null;
  return facilities.length === 1 ? (
    <SingleFacility organisationNumber={organisationNumber} facility={first} onCircle={onCircle} onSafetyZones={onSafetyZones} />
  ) : (
    <FacilityList first={first} facilities={facilities} />
  );
}
