import { Heading, Link, Paragraph, Table } from '@digdir/designsystemet-react';
import type { MapZoneResult, ProtectiveZonesResponse, VulnerableInside } from '@fast/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { PATHS } from '../../../config/constants.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { formatNumber } from '../../../lib/number-format.ts';
import { formatLength } from '../map-format.ts';
import { VulnerableInsideList, VulnerableNotLoaded } from '../vulnerable-objects/vulnerable-objects.tsx';
import classes from './protective-zones.module.css';
import { windFromText, ZONE_KINDS, type ZoneKind, type ZoneLabels } from './zone-labels.ts';
import { ZONE_STYLES } from './zone-overlay.ts';

/**
 * One zone: its label beside its line's swatch, the facilities inside, nearest to the spill first,
 * and the schools, kindergartens, care homes and hospitals inside (none when the layer is not loaded).
 */
function ZoneFacilities(props: { kind: ZoneKind; label: string; result: MapZoneResult; vulnerable: VulnerableInside | null }) {
  const { kind, label, result, vulnerable } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const { colour, line } = ZONE_STYLES[kind];
  return (
    <section className={classes.zone} aria-labelledby={headingId} data-zone={kind}>
      <Heading level={3} data-size="2xs" id={headingId} className={classes.zoneHeading}>
        <span className={classes.swatch} data-line={line} style={{ borderColor: colour }} aria-hidden="true" />
        <span>{label}</span>
      </Heading>
      <Paragraph data-size="sm" data-testid="zone-facility-count">
        {t('zones.result.count', { number: formatNumber(result.totalCount) })}
        {result.facilities.length < result.totalCount &&
          ` ${t('zones.result.listShows', { shown: formatNumber(result.facilities.length) })}`}
      </Paragraph>
      {result.totalCount === 0 ? (
        <Paragraph data-size="sm">{t('zones.result.none')}</Paragraph>
      ) : (
        <TableScroll className={classes.tableScroll} label={`${label}: ${t('zones.result.caption')}`}>
          <Table data-size="sm" zebra>
            <caption className="visually-hidden">{`${label}: ${t('zones.result.caption')}`}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>{t('zones.result.columns.name')}</Table.HeaderCell>
                <Table.HeaderCell>{t('zones.result.columns.municipality')}</Table.HeaderCell>
                <Table.HeaderCell>{t('zones.result.columns.distance')}</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {result.facilities.map((f) => (
                <Table.Row key={f.id} data-facility-id={f.id}>
                  <Table.Cell>
                    <Link asChild>
                      <RouterLink to={PATHS.facility(f.id)}>
                        {f.name ?? t(f.privatePerson ? 'map.popup.privatePerson' : 'map.popup.unnamed')}
                      </RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{f.municipality.name}</Table.Cell>
                  <Table.Cell>{formatLength(f.distanceMetres, t)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </TableScroll>
      )}
      {vulnerable && (
        <>
          <Heading level={4} data-size="2xs">
            {t('vulnerable.headingShort')}
          </Heading>
          <VulnerableInsideList inside={vulnerable} place={t('vulnerable.inZone')} />
        </>
      )}
    </section>
  );
}

/**
 * The answer in words: what the zones were drawn for (substance, wind, day or night and how it
 * was decided), then each zone with the facilities inside. The non-visual counterpart of the map.
 */
export function ZoneList({ response, labels }: { response: ProtectiveZonesResponse; labels: ZoneLabels }) {
  const { t, i18n } = useTranslation();
  const p = response.parameters;
  const daylight = t(`zones.form.${p.daylight}`);
  const ref = useRef<HTMLDivElement>(null);
  // A new answer comes into view below the form (the panel scrolls; on a phone, the page).
  useEffect(() => {
    if (response) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [response]);
  return (
    <div className={classes.result} data-testid="zones-result" ref={ref}>
      <Heading level={3} data-size="xs">
        {t('zones.result.heading', { name: i18n.language === 'nn' ? p.nameNn : p.name, un: p.unNumber })}
      </Heading>
      <dl className={classes.parameters}>
        <dt>{t('zones.result.wind')}</dt>
        <dd>
          {p.windFromDegrees === null
            ? t('zones.result.noWind')
            : [windFromText(p.windFromDegrees, t), p.windSpeed ? t(`zones.windSpeeds.${p.windSpeed}`) : null]
                .filter(Boolean)
                .join(', ')}
        </dd>
        <dt>{t('zones.result.daylight')}</dt>
        <dd>
          {p.daylightBasis === 'sun' && p.at
            ? t('zones.result.daylightSun', { daylight, time: formatDateTime(p.at) })
            : t('zones.result.daylightGiven', { daylight })}
        </dd>
      </dl>
      {/* The "+" of Table 1: it says nothing of a distance read from another table. */}
      {p.atmospheric && p.table === '1' && <Paragraph data-size="sm">{t('zones.result.atmospheric')}</Paragraph>}
      {response.vulnerableInside.layer === null && <VulnerableNotLoaded />}
      {ZONE_KINDS.map((kind) => {
        const label = labels[kind];
        const result = response.facilitiesInside[kind];
        const vulnerable = response.vulnerableInside.layer === null ? null : response.vulnerableInside[kind];
        return label && result ? (
          <ZoneFacilities key={kind} kind={kind} label={label} result={result} vulnerable={vulnerable} />
        ) : null;
      })}
    </div>
  );
}
