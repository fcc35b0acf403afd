import { Link } from '@digdir/designsystemet-react';
import {
  compassDirection,
  type FacilityHazardDistances,
  formatDistance,
  type NearbyFacility,
  type NearbySubstance,
} from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type DataColumn, DataTable } from '../../components/data-table.tsx';
import { PATHS } from '../../config/constants.ts';
import { formatQuantityWithUnit } from '../facility/format.ts';
import { distanceSetterText } from '../map/safety-zones.ts';
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

/** The facility's largest isolation and evacuation distances, as the map popup has them. */
function HazardDistances({ distances }: { distances: FacilityHazardDistances }) {
  const { t, i18n } = useTranslation();
  if (!distances.isolation && !distances.evacuation)
    return <span className={classes.muted}>{t('incident.results.noDistances')}</span>;
  return (
    <ul className={classes.substances}>
      {(['isolation', 'evacuation'] as const).map((kind) => {
        const setter = distances[kind];
        return setter ? (
          <li key={kind}>{t(`incident.results.${kind}`, { value: distanceSetterText(setter, t, i18n.language) })}</li>
        ) : null;
      })}
    </ul>
  );
}

function addressOf(f: NearbyFacility): string {
  return [f.address.street, [f.address.postalCode, f.address.postalPlace].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * The facilities around the point, nearest first: distance, direction, what they are and what they
 * store (the app's data table: a card per facility on a phone). Hovering or focusing a row
 * highlights its marker.
 */
export function IncidentResults(props: {
  facilities: readonly NearbyFacility[];
  /** The radius as shown ("500 m"), for the text of an empty list. */
  radiusText: string;
  highlighted: number | null;
  onHighlight: (id: number | null) => void;
}) {
  const { t } = useTranslation();
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
      cell: (f) => {
        // At the point itself (shown as "0 m") a direction means nothing.
        if (f.distanceMeters < 0.5) return '–';
        const direction = compassDirection(f.bearingDegrees);
        // The sign reads the same in Bokmål and Nynorsk; the full word is for screen readers and on hover.
        return <abbr title={t(`incident.directions.${direction}`)}>{direction}</abbr>;
      },
    },
    {
      id: 'name',
      header: t('incident.results.columns.name'),
      cell: (f) => (
        <span>
          <Link asChild>
            <RouterLink to={PATHS.facility(f.id)}>
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
      id: 'hazardDistances',
      header: t('incident.results.columns.hazardDistances'),
      cell: (f) => <HazardDistances distances={f.hazardDistances} />,
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
  ];
  return (
    <div className={classes.results} data-testid="incident-results">
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
          'data-highlighted': props.highlighted === f.id || undefined,
          onMouseEnter: () => props.onHighlight(f.id),
          onMouseLeave: () => props.onHighlight(null),
          onFocus: () => props.onHighlight(f.id),
        })}
      />
    </div>
  );
}
