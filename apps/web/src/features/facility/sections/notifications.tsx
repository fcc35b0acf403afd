import { Paragraph, Table, Tag } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format.ts';
import { DocumentDownload } from '../document-download.tsx';
import classes from '../facility.module.css';
import { Section, TableScroll } from '../section.tsx';

/** Notifications (submission history): newest first; the top row is the active one. */
export function NotificationsSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  return (
    <Section id="notifications" heading={t('facility.notifications.heading')} wide>
      {facility.notifications.length === 0 ? (
        <Paragraph className={classes.muted}>{t('facility.notifications.none')}</Paragraph>
      ) : (
        <TableScroll label={t('facility.notifications.caption')}>
          <Table data-size="sm" className={`${classes.table} ${classes.stack}`}>
            <caption className={classes.visuallyHidden}>{t('facility.notifications.caption')}</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>{t('facility.notifications.date')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.notifications.submittedBy')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.notifications.status')}</Table.HeaderCell>
                <Table.HeaderCell>{t('facility.notifications.receipt')}</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {facility.notifications.map((notification) => {
                const date = formatDate(`${notification.date}T12:00:00Z`);
                return (
                  <Table.Row key={notification.id} data-active={notification.active || undefined}>
                    <Table.Cell data-label={t('facility.notifications.date')} className={classes.numeric}>
                      {date}
                    </Table.Cell>
                    <Table.Cell data-label={t('facility.notifications.submittedBy')}>{notification.submittedBy}</Table.Cell>
                    <Table.Cell data-label={t('facility.notifications.status')}>
                      {notification.active ? (
                        <Tag data-color="success" data-size="sm">
                          {t('facility.notifications.active')}
                        </Tag>
                      ) : (
                        <span className={classes.muted}>{t('facility.notifications.previous')}</span>
                      )}
                    </Table.Cell>
                    <Table.Cell data-label={t('facility.notifications.receipt')}>
                      {notification.receiptPath ? (
                        <DocumentDownload path={notification.receiptPath} name={t('facility.notifications.download', { date })} />
                      ) : (
                        <span className={classes.muted}>{t('facility.notifications.noReceipt')}</span>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}
