import { Button, Paragraph } from '@digdir/designsystemet-react';
import { ChevronLeftIcon, ChevronRightIcon } from '@navikt/aksel-icons';
import { useTranslation } from 'react-i18next';
import classes from './admin.module.css';

/** "Viser 1–50 av 120" with previous and next. */
export function Pager({
  total,
  limit,
  offset,
  onOffsetChange,
}: {
  total: number;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= limit && offset === 0) return null;
  return (
    <nav className={classes.pager} aria-label={t('admin.paging.label')}>
      <Paragraph data-size="sm">
        {t('admin.paging.showing', { from: Math.min(offset + 1, total), to: Math.min(offset + limit, total), total })}
      </Paragraph>
      <div className={classes.rowActions}>
        <Button
          variant="secondary"
          data-size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          <ChevronLeftIcon aria-hidden />
          {t('admin.paging.previous')}
        </Button>
        <Button
          variant="secondary"
          data-size="sm"
          disabled={offset + limit >= total}
          onClick={() => onOffsetChange(offset + limit)}
        >
          {t('admin.paging.next')}
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
