import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table.tsx';
import { Pager } from '../../components/pager.tsx';

/** Rows per page in every list of the admin console. */
export const ADMIN_PAGE_SIZE = 50;

/** The console's lists page by a row offset in the URL; the pager speaks in pages. */
export function AdminPager(props: { total: number; shown: number; offset: number; onOffsetChange: (offset: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pager
      label={t('admin.paging.label')}
      total={props.total}
      page={Math.floor(props.offset / ADMIN_PAGE_SIZE) + 1}
      pageSize={ADMIN_PAGE_SIZE}
      shown={props.shown}
      onPageChange={(page) => props.onOffsetChange((page - 1) * ADMIN_PAGE_SIZE)}
    />
  );
}

/** One page of an admin log (access log, audit log) as a table, with the pager below it. */
export function AdminLogTable<Entry extends { id: number }>(props: {
  caption: string;
  columns: readonly DataColumn<Entry>[];
  log: UseQueryResult<{ entries: Entry[]; total: number }>;
  emptyText: string;
  offset: number;
  onOffsetChange: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const { log } = props;
  return (
    <>
      <DataTable<Entry>
        caption={props.caption}
        columns={props.columns}
        rows={log.data?.entries}
        rowKey={(e) => e.id}
        loadingText={t('header.loading')}
        emptyText={props.emptyText}
        error={log.error}
        busy={log.isPlaceholderData}
      />
      {log.data && (
        <AdminPager
          total={log.data.total}
          shown={log.data.entries.length}
          offset={props.offset}
          onOffsetChange={props.onOffsetChange}
        />
      )}
    </>
  );
}
