import { Alert, Heading, Paragraph, Spinner, Table } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/pager.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import classes from './admin.module.css';
import { adminQueries } from './admin-api.ts';
import { useAdminUrl } from './admin-url.ts';

const PAGE_SIZE = 50;

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
  const log = useQuery(adminQueries.auditLog({ limit: PAGE_SIZE, offset }));
  return (
    <div className={classes.panel}>
      <Heading level={2} data-size="sm">
        {t('admin.auditLog.heading')}
      </Heading>
      <Paragraph>{t('admin.auditLog.intro')}</Paragraph>
      {log.isPending && <Spinner aria-label={t('header.loading')} />}
      {log.isError && <Alert data-color="danger">{t('errors.UNEXPECTED_ERROR')}</Alert>}
      {log.data?.entries.length === 0 && <Paragraph>{t('admin.auditLog.empty')}</Paragraph>}
      {log.data && log.data.entries.length > 0 && (
        <>
          <TableScroll label={t('admin.auditLog.heading')}>
            <Table className={classes.table} data-size="sm" zebra>
              <caption className="visually-hidden">{t('admin.auditLog.heading')}</caption>
              <Table.Head>
                <Table.Row>
                  <Table.HeaderCell>{t('admin.auditLog.columns.time')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.auditLog.columns.admin')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.auditLog.columns.action')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.auditLog.columns.target')}</Table.HeaderCell>
                  <Table.HeaderCell>{t('admin.auditLog.columns.detail')}</Table.HeaderCell>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {log.data.entries.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell className={classes.nowrap}>{formatDateTime(entry.occurredAt)}</Table.Cell>
                    <Table.Cell>{entry.adminName}</Table.Cell>
                    <Table.Cell>{t(`admin.auditLog.actions.${entry.action}`)}</Table.Cell>
                    <Table.Cell>{entry.target ?? ''}</Table.Cell>
                    <Table.Cell>{detailText(entry.detail)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </TableScroll>
          <Pager
            label={t('admin.paging.label')}
            total={log.data.total}
            page={Math.floor(offset / PAGE_SIZE) + 1}
            pageSize={PAGE_SIZE}
            shown={log.data.entries.length}
            onPageChange={(page) => change({ offset: (page - 1) * PAGE_SIZE })}
          />
        </>
      )}
    </div>
  );
}
