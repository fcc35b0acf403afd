import { useTranslation } from 'react-i18next';
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
