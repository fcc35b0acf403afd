import { Field, Label, Pagination, Paragraph, Select, usePagination } from '@digdir/designsystemet-react';
import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './pager.module.css';

export interface PagerProps {
  /** The navigation's name ("Sidenavigering for treffene"). */
  label: string;
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows on the page shown (the last page may hold fewer). */
  shown: number;
  onPageChange: (page: number) => void;
  /** With both, a "Rader per side" menu. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
}

/** The first and last row shown, 1-based: "11–20", or "0" when nothing is. */
export function shownRange(page: number, pageSize: number, shown: number, total: number): string {
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, (page - 1) * pageSize + shown);
  return first === last ? String(first) : `${first}–${last}`;
}

/**
 * Every paged list's pager: "Viser 11–20 av 123", the pages by arrows and numbers (Designsystemet's
 * Pagination), and the rows per page where the list lets one choose. Nothing for a single page
 * without that choice.
 */
export function Pager(props: PagerProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const { total, page, pageSize, pageSizes, onPageSizeChange } = props;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, totalPages);
  // The hook memoises its click handlers on the page numbers alone, so a handler given to it would
  // outlive a change of the owner's state that keeps the count (a new sort, and page 2 unsorted):
  // the pages and arrows come from it, the clicks from this render.
  const { pages, prevButtonProps, nextButtonProps } = usePagination({ currentPage: current, totalPages, showPages: 7 });
  const goTo = (next: number) => (event: MouseEvent) => {
    event.preventDefault();
    if (next >= 1 && next <= totalPages) props.onPageChange(next);
  };
  const choosesSize = pageSizes !== undefined && onPageSizeChange !== undefined;
  if (totalPages === 1 && page === 1 && !choosesSize) return null;

  return (
    <div className={classes.pager}>
      {choosesSize && (
        <Field className={classes.pageSize}>
          <Label htmlFor={sizeId}>{t('table.paging.rowsPerPage')}</Label>
          <Select
            id={sizeId}
            width="auto"
            data-size="sm"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {pageSizes.map((size) => (
              <Select.Option key={size} value={size}>
                {size}
              </Select.Option>
            ))}
          </Select>
        </Field>
      )}
      <Paragraph data-size="sm" aria-live="polite">
        {t('table.paging.showing', { current: shownRange(page, pageSize, props.shown, total), total: String(total) })}
      </Paragraph>
      {totalPages > 1 && (
        <Pagination aria-label={props.label} data-size="sm">
          <Pagination.List>
            <Pagination.Item>
              <Pagination.Button {...prevButtonProps} onClick={goTo(current - 1)} aria-label={t('table.paging.previous')} />
            </Pagination.Item>
            {pages.map(({ page: number, itemKey, buttonProps }) => (
              <Pagination.Item key={itemKey}>
                {typeof number === 'number' && buttonProps && (
                  <Pagination.Button
                    {...buttonProps}
                    onClick={goTo(number)}
                    aria-label={t('table.paging.page', { page: String(number) })}
                  >
                    {number}
                  </Pagination.Button>
                )}
              </Pagination.Item>
            ))}
            <Pagination.Item>
              <Pagination.Button {...nextButtonProps} onClick={goTo(current + 1)} aria-label={t('table.paging.next')} />
            </Pagination.Item>
          </Pagination.List>
        </Pagination>
      )}
    </div>
  );
}
