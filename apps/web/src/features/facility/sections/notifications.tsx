import { Tag } from '@digdir/designsystemet-react';
import type { FacilityDetail } from '@fast/contracts';

type FacilityNotification = FacilityDetail['notifications'][number];

import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { DocumentDownload } from '../document-download.tsx';
import classes from '../facility.module.css';
import { Section } from '../section.tsx';

const dateOf = (notification: FacilityNotification) => formatDate(`${notification.date}T12:00:00Z`);

/** Notifications (submission history): newest first; the top row is the active one. */
export function NotificationsSection({ facility }: { facility: FacilityDetail }) {
  const { t } = useTranslation();
  const columns: DataColumn<FacilityNotification>[] = [
    { id: 'date', header: t('facility.notifications.date'), cell: dateOf, className: classes.numeric },
    { id: 'submittedBy', header: t('facility.notifications.submittedBy'), cell: (notification) => notification.submittedBy },
    {
      id: 'status',
      header: t('facility.notifications.status'),
      cell: (notification) =>
        notification.active ? (
          <Tag data-color="success" data-size="sm">
            {t('facility.notifications.active')}
          </Tag>
        ) : (
          <span className={classes.muted}>{t('facility.notifications.previous')}</span>
        ),
    },
    {
      id: 'receipt',
      header: t('facility.notifications.receipt'),
      cell: (notification) =>
        notification.receiptPath ? (
          <DocumentDownload
            path={notification.receiptPath}
            name={t('facility.notifications.download', { date: dateOf(notification) })}
          />
        ) : (
          <span className={classes.muted}>{t('facility.notifications.noReceipt')}</span>
        ),
    },
  ];
  return (
    <Section id="notifications" heading={t('facility.notifications.heading')} wide>
      <DataTable
        caption={t('facility.notifications.caption')}
        columns={columns}
        rows={facility.notifications}
        rowKey={(notification) => notification.id}
        loadingText={t('header.loading')}
        emptyText={t('facility.notifications.none')}
        rowProps={(notification) => ({ 'data-active': notification.active || undefined })}
      />
    </Section>
  );
}
