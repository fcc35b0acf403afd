import { Field, Label, Pagination, Paragraph, Select, usePagination } from '@digdir/designsystemet-react';
import { SEARCH_PAGE_SIZES } from '@fast/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './search-screen.module.css';
import type { PageSize, SearchState } from './search-url.ts';
import type { SearchUpdate } from './use-search-state.ts';

/** "Rader per side", "Viser 1–10 av 123" and paging by arrows and page numbers. */
export function ResultsPaging(props: { state: SearchState; update: SearchUpdate; totalHits: number; shown: number }) {
  const { t } = useTranslation();
  const sizeId = useId();
  const { state, update, totalHits } = props;
  const totalPages = Math.max(1, Math.ceil(totalHits / state.pageSize));
  const first = props.shown === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(totalHits, (state.page - 1) * state.pageSize + props.shown);
  const { pages, prevButtonProps, nextButtonProps } = usePagination({
    currentPage: Math.min(state.page, totalPages),
    totalPages,
    showPages: 7,
    onChange: (event, page) => {
      event.preventDefault();
      update((s) => ({ ...s, page }));
    },
  });

  return (
    <div className={classes.paging}>
      <Field className={classes.pageSize}>
        <Label htmlFor={sizeId}>{t('search.paging.rowsPerPage')}</Label>
        <Select
          id={sizeId}
          width="auto"
          data-size="sm"
          value={state.pageSize}
          onChange={(event) => update((s) => ({ ...s, pageSize: Number(event.target.value) as PageSize, page: 1 }))}
        >
          {SEARCH_PAGE_SIZES.map((size) => (
            <Select.Option key={size} value={size}>
              {size}
            </Select.Option>
          ))}
        </Select>
      </Field>
      <Paragraph data-size="sm" aria-live="polite">
        {t('search.paging.showing', { current: first === last ? String(first) : `${first}–${last}`, total: String(totalHits) })}
      </Paragraph>
      {totalPages > 1 && (
        <Pagination aria-label={t('search.paging.navigation')} data-size="sm">
          <Pagination.List>
            <Pagination.Item>
              <Pagination.Button {...prevButtonProps} aria-label={t('search.paging.previous')} />
            </Pagination.Item>
            {pages.map(({ page, itemKey, buttonProps }) => (
              <Pagination.Item key={itemKey}>
                {typeof page === 'number' && buttonProps && (
                  <Pagination.Button {...buttonProps} aria-label={t('search.paging.page', { page: String(page) })}>
                    {page}
                  </Pagination.Button>
                )}
              </Pagination.Item>
            ))}
            <Pagination.Item>
              <Pagination.Button {...nextButtonProps} aria-label={t('search.paging.next')} />
            </Pagination.Item>
          </Pagination.List>
        </Pagination>
      )}
    </div>
  );
}
