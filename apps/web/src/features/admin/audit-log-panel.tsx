import { Heading, Paragraph } from '@digdir/designsystemet-react';
import type { AdminAuditEntry } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import classes from './admin.module.css';
import { adminQueries } from './admin-api.ts';
import { ADMIN_PAGE_SIZE, AdminLogTable } from './admin-pager.tsx';
import { useAdminUrl } from './admin-url.ts';

/** The detail of an audit entry as short "key: value" text (reason, municipality, ...). */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([key, value]) => key !== 'userId' && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** Everything administrators did, newest first. */
export function AuditLogPanel() {
  const { t } = useTranslation();
  const [{ offset }, change] = useAdminUrl();
  const log = useQuery(adminQueries.auditLog({ limit: ADMIN_PAGE_SIZE, offset }));
  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.auditLog.heading')}
      </Heading>
      <Paragraph>{t('admin.auditLog.intro')}</Paragraph>
      <AdminLogTable<AdminAuditEntry>
        caption={t('admin.auditLog.heading')}
        columns={[
          {
            id: 'time',
            header: t('admin.auditLog.columns.time'),
            cell: (e) => formatDateTime(e.occurredAt),
            className: classes.nowrap,
          },
          { id: 'admin', header: t('admin.auditLog.columns.admin'), cell: (e) => e.adminName },
          { id: 'action', header: t('admin.auditLog.columns.action'), cell: (e) => t(`admin.auditLog.actions.${e.action}`) },
          { id: 'target', header: t('admin.auditLog.columns.target'), cell: (e) => e.target ?? '' },
          { id: 'detail', header: t('admin.auditLog.columns.detail'), cell: (e) => detailText(e.detail) },
        ]}
        log={log}
        emptyText={t('admin.auditLog.empty')}
        offset={offset}
        onOffsetChange={(next) => change({ offset: next })}
      />
    </div>
  );
}
