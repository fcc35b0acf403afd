import { Link, Table } from '@digdir/designsystemet-react';
import {
  compassDirection,
  type FacilityHazardDistances,
  formatDistance,
  type NearbyFacility,
  type NearbySubstance,
} from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
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

function Row(props: { facility: NearbyFacility; highlighted: boolean; onHighlight: (id: number | null) => void }) {
  const { t } = useTranslation();
  const { facility: f } = props;
  const direction = compassDirection(f.bearingDegrees);
  // At the point itself (shown as "0 m") a direction means nothing.
  const atPoint = f.distanceMeters < 0.5;
  const address = [f.address.street, [f.address.postalCode, f.address.postalPlace].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Table.Row
      data-facility-id={f.id}
      data-highlighted={props.highlighted || undefined}
      className={classes.row}
      onMouseEnter={() => props.onHighlight(f.id)}
      onMouseLeave={() => props.onHighlight(null)}
      onFocus={() => props.onHighlight(f.id)}
    >
      <Table.Cell className={classes.numeric}>{formatDistance(f.distanceMeters)}</Table.Cell>
      <Table.Cell>
        {/* The sign reads the same in Bokmål and Nynorsk; the full word is for screen readers and on hover. */}
        {atPoint ? '–' : <abbr title={t(`incident.directions.${direction}`)}>{direction}</abbr>}
      </Table.Cell>
      <Table.Cell>
        <Link asChild>
          <RouterLink to={PATHS.facility(f.id)}>
            {f.name ?? t(f.privatePerson ? 'map.popup.privatePerson' : 'map.popup.unnamed')}
          </RouterLink>
        </Link>
        <span className={classes.municipality}>{f.municipality.name}</span>
      </Table.Cell>
      <Table.Cell>{address || '–'}</Table.Cell>
      <Table.Cell>{t(`map.majorAccident.${f.majorAccident}`)}</Table.Cell>
      <Table.Cell>{t(f.explosives ? 'incident.results.yes' : 'incident.results.no')}</Table.Cell>
      <Table.Cell>
        <HazardDistances distances={f.hazardDistances} />
      </Table.Cell>
      <Table.Cell>
        {f.substances.length === 0 ? (
          <span className={classes.muted}>{t('incident.results.noSubstances')}</span>
        ) : (
          <ul className={classes.substances}>
            {f.substances.map((s) => (
              <Substance key={`${s.unNumber}:${s.name}:${s.unit}`} substance={s} />
            ))}
          </ul>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** The facilities around the point, nearest first: distance, direction, what they are and what they store. */
export function IncidentResults(props: {
  facilities: readonly NearbyFacility[];
  highlighted: number | null;
  onHighlight: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll label={t('incident.results.caption')}>
      <Table data-size="sm" zebra className={classes.results} data-testid="incident-results">
        <caption className="visually-hidden">{t('incident.results.caption')}</caption>
        <Table.Head>
          <Table.Row>
            <Table.HeaderCell>{t('incident.results.columns.distance')}</Table.HeaderCell>
            <Table.HeaderCell>{t('incident.results.columns.direction')}</Table.HeaderCell>
            <Table.HeaderCell>{t('incident.results.columns.name')}</Table.HeaderCell>
            <Table.HeaderCell>{t('incident.results.columns.address')}</Table.HeaderCell>
            <Table.HeaderCell>{t('incident.results.columns.majorAccident')}</Table.HeaderCell>
            <Table.HeaderCell>{t('incident.results.columns.explosives')}</Table.HeaderCell>
            <Table.HeaderCell>{t('incident.results.columns.hazardDistances')}</Table.HeaderCell>
            <Table.HeaderCell>{t('incident.results.columns.substances')}</Table.HeaderCell>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {props.facilities.map((f) => (
            <Row key={f.id} facility={f} highlighted={props.highlighted === f.id} onHighlight={props.onHighlight} />
          ))}
        </Table.Body>
      </Table>
    </TableScroll>
  );
}
