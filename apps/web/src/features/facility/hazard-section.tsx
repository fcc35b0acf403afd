import { Button, Paragraph, Table } from '@digdir/designsystemet-react';
import type { DistanceSetter, FacilityDetail, HazardSummary, SubstanceRow } from '@fast/contracts';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ergSourceText, formatErgDistance, protectiveLabelKey } from '../../components/facility-format.ts';
import { TableScroll } from '../../components/table-scroll.tsx';
import { PATHS } from '../../config/constants.ts';
import { distanceSetterText, SAFETY_ZONES_REQUEST } from '../map-kit/safety-zones.ts';
import { DocumentDownload } from './document-download.tsx';
import facilityClasses from './facility.module.css';
import classes from './hazard.module.css';
import { HazardCardDialog } from './hazard-card-dialog.tsx';
import { DangerLabel, OrangePlate } from './hazard-symbols.tsx';
import { Section } from './section.tsx';

/** One row per UN number: the first substance row that carries it names it. */
function distinctSubstances(facility: FacilityDetail): SubstanceRow[] {
  const byUn = new Map<string, SubstanceRow>();
  for (const group of facility.substanceGroups)
    for (const s of group.substances) if (!byUn.has(s.unNumber)) byUn.set(s.unNumber, s);
  return [...byUn.values()];
}

/** A figure of a substance row with its edition beneath ("ERG 2016"), or a dash where the source gives none. */
function Figure(props: { value: string | null; source: string | null }) {
  const { t } = useTranslation();
  if (props.value === null) return t('hazard.noValue');
  return (
    <>
      <span className={classes.value}>{props.value}</span>
      {props.source && <span className={classes.source}>{props.source}</span>}
    </>
  );
}

/**
 * A substance's large-spill protective action: downwind (Table 1's night and day figures, or the
 * guide's), in all directions for explosives, or by container and wind for a Table 3 gas.
 */
function largeSpillOf(hazard: HazardSummary, t: TFunction): { value: string | null; source: string | null } {
  const edition = hazard.edition;
  if (hazard.evacuationM === null) {
    return hazard.table3
      ? { value: t('hazard.summary.byContainer'), source: edition && ergSourceText({ edition, table: '3' }, t) }
      : { value: null, source: null };
  }
  const distance = formatErgDistance(hazard.evacuationM);
  const value = hazard.evacuationAllDirections
    ? t('hazard.summary.allDirections', { distance })
    : hazard.evacuationDayM !== null
      ? t('hazard.summary.nightDayDownwind', { night: distance, day: formatErgDistance(hazard.evacuationDayM) })
      : t('hazard.summary.downwind', { distance });
  const table = hazard.evacuationDayM !== null ? '1' : 'guide';
  return { value, source: edition && ergSourceText({ edition, table, guide: hazard.guide ?? undefined }, t) };
}

/** The facility's largest distances, each with the substance that sets it and its source. */
function LargestDistances({ facility }: { facility: FacilityDetail }) {
  const { t, i18n } = useTranslation();
  const { isolation, evacuation, fire } = facility.hazardDistances;
  const text = (setter: DistanceSetter) => distanceSetterText(setter, t, i18n.language);
  const rows: [string, ReactNode][] = [[t('hazard.largest.isolation'), isolation ? text(isolation) : t('hazard.largest.none')]];
  if (evacuation) rows.push([t(protectiveLabelKey(evacuation)), text(evacuation)]);
  if (fire) rows.push([t('hazard.largest.fire'), text(fire)]);
  return (
    <dl className={classes.distances}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * The facility's hazards: the largest isolation, protective-action and fire distances and who
 * sets them, each substance with its danger labels, orange plate and ERG guide, its hazard card in
 * a dialog, and the one-page briefing (innsatsark) as a PDF.
 */
export function HazardSection({ facility }: { facility: FacilityDetail }) {
  const { t, i18n } = useTranslation();
  const nynorsk = i18n.language === 'nn';
  const [open, setOpen] = useState<{ unNumber: string; name: string } | null>(null);
  const substances = distinctSubstances(facility);
  const { isolation, evacuation, fire } = facility.hazardDistances;
  const figure = (metres: number | null, hazard: HazardSummary | null) =>
    metres === null || !hazard
      ? { value: null, source: null }
      : { value: formatErgDistance(metres), source: hazard.edition && t('hazard.source.edition', { edition: hazard.edition }) };
  return (
    <Section id="hazards" heading={t('hazard.heading')} wide>
      <Paragraph data-size="sm" className={classes.muted}>
        {t('hazard.intro')}
      </Paragraph>
      <div className={facilityClasses.actions}>
        <DocumentDownload
          path={facility.briefingPath}
          name={t('hazard.briefingFile', { id: String(facility.id) })}
          label={t('hazard.briefing')}
          variant="primary"
        />
      </div>
      <LargestDistances facility={facility} />
      {(isolation || evacuation || fire) && (
        <div className={facilityClasses.actions}>
          <Button asChild variant="secondary" data-size="sm">
            <RouterLink
              to={`${PATHS.map}/${facility.id}`}
              state={SAFETY_ZONES_REQUEST}
              aria-describedby="safety-zones-description"
            >
              {t('map.safetyZones.button')}
            </RouterLink>
          </Button>
          <Paragraph data-size="sm" className={classes.muted} id="safety-zones-description">
            {t('map.safetyZones.description')}
          </Paragraph>
        </div>
      )}
      {substances.length > 0 && (
        <TableScroll label={t('hazard.table.caption')}>
          <Table data-size="sm" className={`${facilityClasses.table} ${classes.table}`}>
            <caption className="visually-hidden">{t('hazard.table.caption')}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>{t('hazard.table.substance')}</Table.HeaderCell>
                <Table.HeaderCell>{t('hazard.table.labels')}</Table.HeaderCell>
                <Table.HeaderCell>{t('hazard.table.plate')}</Table.HeaderCell>
                <Table.HeaderCell>{t('hazard.table.guide')}</Table.HeaderCell>
                <Table.HeaderCell className={facilityClasses.right}>{t('hazard.table.isolation')}</Table.HeaderCell>
                <Table.HeaderCell>{t('hazard.table.largeSpill')}</Table.HeaderCell>
                <Table.HeaderCell className={facilityClasses.right}>{t('hazard.table.fire')}</Table.HeaderCell>
                <Table.HeaderCell>{t('hazard.table.card')}</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {substances.map((s) => {
                const name = nynorsk ? s.nameNn : s.name;
                const hazard = s.hazard;
                return (
                  <Table.Row key={s.unNumber}>
                    <Table.Cell>{`${name} (UN ${s.unNumber})`}</Table.Cell>
                    <Table.Cell>
                      {hazard ? (
                        <span className={classes.labels}>
                          {hazard.labels.map((label) => (
                            <DangerLabel key={label} label={label} />
                          ))}
                        </span>
                      ) : (
                        t('hazard.noValue')
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <OrangePlate hazardNumber={hazard?.hazardNumber ?? null} unNumber={s.unNumber} />
                    </Table.Cell>
                    <Table.Cell className={facilityClasses.numeric}>{hazard?.guide ?? t('hazard.noValue')}</Table.Cell>
                    <Table.Cell className={`${facilityClasses.right} ${facilityClasses.numeric}`}>
                      <Figure {...figure(hazard?.isolationM ?? null, hazard)} />
                    </Table.Cell>
                    <Table.Cell className={facilityClasses.numeric}>
                      <Figure {...(hazard ? largeSpillOf(hazard, t) : { value: null, source: null })} />
                    </Table.Cell>
                    <Table.Cell className={`${facilityClasses.right} ${facilityClasses.numeric}`}>
                      <Figure {...figure(hazard?.fireIsolationM ?? null, hazard)} />
                    </Table.Cell>
                    <Table.Cell>
                      {hazard ? (
                        <Button
                          variant="secondary"
                          data-size="sm"
                          aria-label={t('hazard.table.openFor', { name })}
                          onClick={() => setOpen({ unNumber: s.unNumber, name })}
                        >
                          {t('hazard.table.open')}
                        </Button>
                      ) : (
                        t('hazard.table.noCard')
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table>
        </TableScroll>
      )}
      <HazardCardDialog unNumber={open?.unNumber ?? null} name={open?.name ?? ''} onClose={() => setOpen(null)} />
    </Section>
  );
}
