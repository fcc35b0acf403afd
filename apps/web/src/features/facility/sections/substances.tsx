import { Paragraph, Table } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantityWithUnit } from '../../../components/facility-format.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { useLocalisedName } from '../../../i18n/use-localised-name.ts';
import { DocumentDownload } from '../document-download.tsx';
import classes from '../facility.module.css';
import { Section } from '../section.tsx';
import { SubstanceChart } from '../substance-chart.tsx';

/** Total substances by substance group: a table of the rows with a sum per group, a bar chart, and the report. */
export function SubstancesSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const groups = facility.substanceGroups;
  return (
    <Section id="substances" heading={t('facility.substances.heading')} wide>
      <div className={classes.actions}>
        <DocumentDownload
          path={facility.substanceReportPath}
          name={t('facility.substances.reportFile', { id: String(facility.id) })}
          variant="secondary"
        />
      </div>
      {groups.length === 0 ? (
        <Paragraph className={classes.muted}>{t('facility.substances.none')}</Paragraph>
      ) : (
        <div className={classes.substanceLayout}>
          <TableScroll label={t('facility.substances.caption')}>
            <Table data-size="sm" className={classes.table}>
              <caption className="visually-hidden">{t('facility.substances.caption')}</caption>
              <Table.Head>
                <Table.Row>
                  <Table.HeaderCell>{t('facility.substances.substance')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('facility.substances.unNumber')}</Table.HeaderCell>
                  <Table.HeaderCell className={classes.right}>{t('facility.substances.quantity')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('facility.substances.facilityUnit')}</Table.HeaderCell>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {groups.map((group) => {
                  const name = localised(group.name, group.nameNn);
                  return (
                    <Fragment key={group.groupId}>
                      <Table.Row className={classes.groupRow}>
                        <Table.HeaderCell scope="colgroup" colSpan={4}>
                          {name}
                        </Table.HeaderCell>
                      </Table.Row>
                      {group.substances.map((s) => (
                        <Table.Row key={`${s.unitPosition}-${s.position}`}>
                          <Table.Cell>{`${localised(s.name, s.nameNn)}${s.hazardDivision ? ` (${s.hazardDivision})` : ''}`}</Table.Cell>
                          <Table.Cell className={classes.numeric}>{s.unNumber}</Table.Cell>
                          <Table.Cell className={`${classes.right} ${classes.numeric}`}>
                            {formatQuantityWithUnit(s.quantity, s.unit, t)}
                          </Table.Cell>
                          <Table.Cell>{`${s.unitPosition + 1}. ${localised(s.unitType.description, s.unitType.descriptionNn)}`}</Table.Cell>
                        </Table.Row>
                      ))}
                      <Table.Row className={classes.totalRow}>
                        <Table.Cell colSpan={2}>{t('facility.substances.total', { group: name })}</Table.Cell>
                        <Table.Cell className={`${classes.right} ${classes.numeric}`}>
                          {group.totals.map((total) => formatQuantityWithUnit(total.quantity, total.unit, t)).join(' + ')}
                        </Table.Cell>
                        <Table.Cell />
                      </Table.Row>
                    </Fragment>
                  );
                })}
              </Table.Body>
            </Table>
          </TableScroll>
          <SubstanceChart groups={groups} />
        </div>
      )}
    </Section>
  );
}
