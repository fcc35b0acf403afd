import { Link } from '@digdir/designsystemet-react';
import {
  type DistanceSetter,
  type FacilityHazardDistances,
  formatDistance,
  type NearbyFacility,
  type NearbySubstance,
} from '@fast/contracts';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { CompassDirection } from '../../components/compass-direction.tsx';
import { type DataColumn, DataTable } from '../../components/data-table.tsx';
import { formatQuantityWithUnit } from '../../components/facility-format.ts';
import { PATHS } from '../../config/constants.ts';
import { facilityLinkState } from '../../routes/links.ts';
import { distanceSetterText } from '../map-kit/safety-zones.ts';
import classes from './incident-screen.module.css';

function Substance({ substance }: { substance: NearbySubstance }) {
  const { t, i18n } = useTranslation();
  const name = i18n.language === 'nn' ? substance.nameNn : substance.name;
  const quantity = formatQuantityWithUnit(substance.quantity, substance.unit, t);
  return (
    <li>
      {substance.unNumber
        ? t('incident.results.substance', { name, unNumber: substance.unNumber, quantity })
        : t('incident.results.substanceNoUn', { name, quantity })}
    </li>
  );
}

/**
 * The facility's largest isolation, protective-action and fire distances, as the map popup has
 * them: each with the substance that sets it and the source of its figure (ERG edition and table).
 */
function HazardDistances({ distances }: { distances: FacilityHazardDistances }) {
  const { t, i18n } = useTranslation();
  const { isolation, evacuation, fire } = distances;
  if (!isolation && !evacuation && !fire) return <span className={classes.muted}>{t('incident.results.noDistances')}</span>;
  const text = (setter: DistanceSetter) => distanceSetterText(setter, t, i18n.language);
  return (
    <ul className={classes.distances}>
      {isolation && <li>{t('incident.results.isolation', { value: text(isolation) })}</li>}
      {evacuation && (
        <li>
          {t(evacuation.allDirections ? 'incident.results.evacuateAll' : 'incident.results.protect', { value: text(evacuation) })}
        </li>
      )}
      {fire && <li>{t('incident.results.fire', { value: text(fire) })}</li>}
    </ul>
  );
}

function addressOf(f: NearbyFacility): string {
  return [f.address.street, [f.address.postalCode, f.address.postalPlace].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * The table itself, rendered again only when its facilities change: with thousands of rows, a
 * render per hover took ~0.7 s (1 760 rows), so the highlight is set on the row element instead.
 */
const ResultsTable = memo(function ResultsTable(props: {
  facilities: readonly NearbyFacility[];
  radiusText: string;
  onHighlight: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  // The facility's page leads back here, to this point and radius.
  const location = useLocation();
  const { onHighlight } = props;
  const columns: DataColumn<NearbyFacility>[] = [
    {
      id: 'distance',
      header: t('incident.results.columns.distance'),
      cell: (f) => formatDistance(f.distanceMeters),
      className: classes.numeric,
    },
    {
      id: 'direction',
      header: t('incident.results.columns.direction'),
      cell: (f) => <CompassDirection bearingDegrees={f.bearingDegrees} distanceMeters={f.distanceMeters} />,
    },
    {
      id: 'name',
      header: t('incident.results.columns.name'),
      cell: (f) => (
        <span>
          <Link asChild>
            <RouterLink to={PATHS.facility(f.id)} state={facilityLinkState('incident', location)}>
              {f.name ?? t(f.privatePerson ? 'map.popup.privatePerson' : 'map.popup.unnamed')}
            </RouterLink>
          </Link>
          <span className={classes.municipality}>{f.municipality.name}</span>
        </span>
      ),
    },
    { id: 'address', header: t('incident.results.columns.address'), cell: (f) => addressOf(f) || '–' },
    {
      id: 'majorAccident',
      header: t('incident.results.columns.majorAccident'),
      cell: (f) => t(`map.majorAccident.${f.majorAccident}`),
    },
    {
      id: 'explosives',
      header: t('incident.results.columns.explosives'),
      cell: (f) => t(f.explosives ? 'incident.results.yes' : 'incident.results.no'),
    },
    {
      id: 'substances',
      header: t('incident.results.columns.substances'),
      cell: (f) =>
        f.substances.length === 0 ? (
          <span className={classes.muted}>{t('incident.results.noSubstances')}</span>
        ) : (
          <ul className={classes.substances}>
            {f.substances.map((s) => (
              <Substance key={`${s.unNumber}:${s.name}:${s.unit}`} substance={s} />
            ))}
          </ul>
        ),
    },
    // Issue 19's addition after issue 15's columns, which keep their order.
    {
      id: 'hazardDistances',
      header: t('incident.results.columns.hazardDistances'),
      cell: (f) => <HazardDistances distances={f.hazardDistances} />,
      className: classes.hazardCell,
    },
  ];
  return (
    <DataTable
      caption={t('incident.results.caption')}
      columns={columns}
      rows={props.facilities}
      rowKey={(f) => f.id}
      loadingText={t('incident.results.loading')}
      emptyText={t('incident.empty.noneWithin', { radius: props.radiusText })}
      rowProps={(f) => ({
        className: classes.row,
        'data-facility-id': f.id,
        onMouseEnter: () => onHighlight(f.id),
        onMouseLeave: () => onHighlight(null),
        onFocus: () => onHighlight(f.id),
      })}
    />
  );
});

/**
 * The facilities around the point, nearest first: distance, direction, what they are and what they
 * store (the app's data table: a card per facility on a phone). Hovering or focusing a row
 * highlights its marker, and the highlighted facility's row is marked (`data-highlighted`).
 */
export function IncidentResults(props: {
  facilities: readonly NearbyFacility[];
  /** The radius as shown ("500 m"), for the text of an empty list. */
  radiusText: string;
  highlighted: number | null;
  onHighlight: (id: number | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const { highlighted, facilities } = props;
  // Set on the row itself (marking it through React would render every row again), and again on
  // new rows.
  useEffect(() => {
    if (highlighted === null || facilities.length === 0) return;
    const row = container.current?.querySelector(`tr[data-facility-id="${highlighted}"]`);
    row?.setAttribute('data-highlighted', 'true');
    return () => row?.removeAttribute('data-highlighted');
  }, [highlighted, facilities]);
  return (
    <div className={classes.results} data-testid="incident-results" ref={container}>
      <ResultsTable facilities={facilities} radiusText={props.radiusText} onHighlight={props.onHighlight} />
    </div>
  );
}
