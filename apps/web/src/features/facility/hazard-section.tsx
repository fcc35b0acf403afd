import { Button, Paragraph, Table } from '@digdir/designsystemet-react';
import type { DistanceSetter, FacilityDetail, SubstanceRow } from '@fast/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { PATHS } from '../../config/constants.ts';
import { formatQuantity } from '../../lib/number-format.ts';
import { distanceSetterText, SAFETY_ZONES_REQUEST } from '../map/safety-zones.ts';
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

/**
 * The facility's hazards: the largest isolation and evacuation distances and who sets them, each
 * substance with its danger labels, orange plate and ERG guide, its hazard card in a dialog, and
 * the one-page briefing (innsatsark) as a PDF.
 */
export function HazardSection({ facility }: { facility: FacilityDetail }) {
  const { t, i18n } = useTranslation();
  const nynorsk = i18n.language === 'nn';
  const [open, setOpen] = useState<{ unNumber: string; name: string } | null>(null);
  const substances = distinctSubstances(facility);
  const metres = (m: number | null) => (m === null ? t('hazard.noValue') : t('hazard.metres', { metres: formatQuantity(m) }));
  const largest = (d: DistanceSetter | null) => (d ? distanceSetterText(d, t, i18n.language) : t('hazard.largest.none'));
  const { isolation, evacuation } = facility.hazardDistances;
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
      <dl className={classes.distances}>
        <dt>{t('hazard.largest.isolation')}</dt>
        <dd>{largest(isolation)}</dd>
        <dt>{t('hazard.largest.evacuation')}</dt>
        <dd>{largest(evacuation)}</dd>
      </dl>
      {(isolation || evacuation) && (
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
                <Table.HeaderCell className={facilityClasses.right}>{t('hazard.table.evacuation')}</Table.HeaderCell>
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
                      {metres(hazard?.isolationM ?? null)}
                    </Table.Cell>
                    <Table.Cell className={`${facilityClasses.right} ${facilityClasses.numeric}`}>
                      {metres(hazard?.evacuationM ?? null)}
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
