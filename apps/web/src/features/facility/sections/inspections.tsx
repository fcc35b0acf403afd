import { Paragraph, Table, Tag } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { DocumentDownload } from '../document-download.tsx';
import classes from '../facility.module.css';
import { Section, TableScroll } from '../section.tsx';

/** Inspections (tilsyn): planned ones first, then the newest done, with the report PDF and contact person. */
export function InspectionsSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  return (
    <Section id="inspections" heading={t('facility.inspections.heading')} wide>
      {facility.inspections.length === 0 ? (
        <Paragraph className={classes.muted}>{t('facility.inspections.none')}</Paragraph>
      ) : (
        <TableScroll label={t('facility.inspections.caption')}>
          <Table data-size="sm" className={`${classes.table} ${classes.stack}`}>
            <caption className={classes.visuallyHidden}>{t('facility.inspections.caption')}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>{t('facility.inspections.year')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.inspections.type')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.inspections.authority')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.inspections.status')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.inspections.contactPerson')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.inspections.report')}</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {facility.inspections.map((inspection) => (
                <Table.Row key={inspection.id}>
                  <Table.Cell data-label={t('facility.inspections.year')} className={classes.numeric}>
                    {inspection.year}
                  </Table.Cell>
                  <Table.Cell data-label={t('facility.inspections.type')}>
                    {t(`facility.inspections.types.${inspection.type}`)}
                  </Table.Cell>
                  <Table.Cell data-label={t('facility.inspections.authority')}>
                    {t(`facility.inspections.authorities.${inspection.authority}`)}
                  </Table.Cell>
                  <Table.Cell data-label={t('facility.inspections.status')}>
                    <Tag data-color={inspection.status === 'DONE' ? 'success' : 'info'} data-size="sm">
                      {t(`facility.inspections.statuses.${inspection.status}`)}
                    </Tag>
                  </Table.Cell>
                  <Table.Cell
                    data-label={t('facility.inspections.contactPerson')}
                    className={inspection.contactPerson ? undefined : classes.muted}
                  >
                    {inspection.contactPerson ?? t('facility.notGiven')}
                  </Table.Cell>
                  <Table.Cell data-label={t('facility.inspections.report')}>
                    {inspection.reportPath ? (
                      <DocumentDownload
                        path={inspection.reportPath}
                        name={t('facility.inspections.download', { year: String(inspection.year) })}
                      />
                    ) : (
                      <span className={classes.muted}>{t('facility.inspections.noReport')}</span>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}
