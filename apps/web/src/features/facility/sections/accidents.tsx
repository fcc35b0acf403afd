import { Paragraph, Table } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format.ts';
import { DocumentDownload } from '../document-download.tsx';
import classes from '../facility.module.css';
import { Section, TableScroll } from '../section.tsx';

/** Accident reports with their documentation PDFs. */
export function AccidentsSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  return (
    <Section id="accidents" heading={t('facility.accidents.heading')} wide>
      {facility.accidents.length === 0 ? (
        <Paragraph className={classes.muted}>{t('facility.accidents.none')}</Paragraph>
      ) : (
        <TableScroll label={t('facility.accidents.caption')}>
          <Table data-size="sm" className={`${classes.table} ${classes.stack}`}>
            <caption className={classes.visuallyHidden}>{t('facility.accidents.caption')}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>{t('facility.accidents.referenceNumber')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.accidents.date')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.accidents.reporter')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.accidents.source')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.accidents.documentation')}</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {facility.accidents.map((accident) => (
                <Table.Row key={accident.id}>
                  <Table.Cell data-label={t('facility.accidents.referenceNumber')} className={classes.numeric}>
                    {accident.referenceNumber}
                  </Table.Cell>
                  <Table.Cell data-label={t('facility.accidents.date')} className={classes.numeric}>
                    {formatDate(`${accident.date}T12:00:00Z`)}
                  </Table.Cell>
                  <Table.Cell data-label={t('facility.accidents.reporter')}>{accident.reporter}</Table.Cell>
                  <Table.Cell data-label={t('facility.accidents.source')}>{accident.source}</Table.Cell>
                  <Table.Cell data-label={t('facility.accidents.documentation')}>
                    {accident.documentationPath ? (
                      <DocumentDownload
                        path={accident.documentationPath}
                        name={t('facility.accidents.download', { reference: accident.referenceNumber })}
                      />
                    ) : (
                      <span className={classes.muted}>{t('facility.accidents.noDocument')}</span>
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
