import { Heading, Link, Paragraph, ToggleGroup, useMediaQuery } from '@digdir/designsystemet-react';
import { SEARCH_PAGE_SIZES } from '@fast/contracts';
import { LocationPinIcon } from '@navikt/aksel-icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { platformQueries } from '../../api/platform-queries.ts';
import { searchQueries } from '../../api/search-queries.ts';
import { Pager } from '../../components/pager.tsx';
import { BREAKPOINTS } from '../../config/constants.ts';
import { EMPTY_SEARCH, hasFilters, isSearchActive, mapLink, type PageSize, searchPayload } from '../../routes/links.ts';
import { toast } from '../../shell/toasts/toast-store.ts';
import { ExportButton } from './export-button.tsx';
import { FilterChips } from './filter-chips.tsx';
import { ResultsTable } from './results-table.tsx';
import { SearchField } from './search-field.tsx';
import { SearchFilters } from './search-filters.tsx';
import classes from './search-screen.module.css';
import { SubstanceOffers } from './substance-offer.tsx';
import { useSearchState } from './use-search-state.ts';

type MobileView = 'filters' | 'results';

/** /search: free text, filters, chips, the results table with sorting and paging, export and map. */
export function SearchScreen({ organisationNumber }: { organisationNumber: string }) {
  const { t } = useTranslation();
  const [state, update] = useSearchState();
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.medium - 0.02}px)`);
  const [mobileView, setMobileView] = useState<MobileView>('results');

  const counties = useQuery(platformQueries.counties(organisationNumber));
  const criteria = useQuery(searchQueries.criteria(organisationNumber));
  const active = isSearchActive(state);
  const payload = searchPayload(state);
  const search = useQuery({ ...searchQueries.search(organisationNumber, payload), enabled: active });
  const result = active ? search.data : undefined;
  const busy = active && search.isFetching;

  const handleReset = () => {
    update(() => EMPTY_SEARCH);
    toast.positive({ key: 'search.resetDone' });
  };

  const showFilters = !narrow || mobileView === 'filters';
  const showResults = !narrow || mobileView === 'results';

  return (
    <div className={classes.page}>
      <div className={classes.top}>
        <Heading level={1} data-size="lg">
          {t('search.heading')}
        </Heading>
        <Paragraph>{t('search.intro')}</Paragraph>
        <SearchField state={state} update={update} onReset={handleReset} />
        {(active || hasFilters(state)) && (
          <FilterChips state={state} update={update} counties={counties.data} criteria={criteria.data} />
        )}
        {narrow && (
          <ToggleGroup
            aria-label={t('search.view.label')}
            data-size="sm"
            value={mobileView}
            onChange={(value) => setMobileView(value === 'filters' ? 'filters' : 'results')}
          >
            <ToggleGroup.Item value="filters">{t('search.view.filters')}</ToggleGroup.Item>
            <ToggleGroup.Item value="results">
              {result ? t('search.view.results', { count: result.totalHits }) : t('search.results.heading')}
            </ToggleGroup.Item>
          </ToggleGroup>
        )}
      </div>
      <div className={classes.layout}>
        {showFilters && (
          <aside className={classes.sidebar}>
            <SearchFilters state={state} update={update} counties={counties.data} criteria={criteria.data} />
          </aside>
        )}
        {showResults && (
          <section className={classes.results} aria-labelledby="search-results-heading">
            <div className={classes.resultsHeader}>
              <Heading level={2} data-size="xs" id="search-results-heading">
                {t('search.results.heading')}
                {result && <span className={classes.count}> · {t('search.results.count', { count: result.totalHits })}</span>}
              </Heading>
              {result && result.totalHits > 0 && (
                <div className={classes.actions}>
                  <Link asChild>
                    <RouterLink to={mapLink(state)}>
                      <LocationPinIcon aria-hidden />
                      {t('search.map.showResults')}
                    </RouterLink>
                  </Link>
                  <ExportButton state={state} totalHits={result.totalHits} />
                </div>
              )}
            </div>
            {!active ? (
              <Paragraph>{t('search.results.initial')}</Paragraph>
            ) : (
              <>
                {result && result.totalHits > 0 && (
                  <Paragraph data-size="xs" className={classes.muted}>
                    {t('search.map.description')} {t('search.export.note')}
                  </Paragraph>
                )}
                <SubstanceOffers organisationNumber={organisationNumber} state={state} update={update} criteria={criteria.data} />
                <ResultsTable
                  hits={result?.hits}
                  error={result ? null : search.error}
                  state={state}
                  update={update}
                  criteria={criteria.data}
                  busy={busy}
                />
                {result && result.totalHits > 0 && (
                  <Pager
                    label={t('search.paging.navigation')}
                    total={result.totalHits}
                    page={state.page}
                    pageSize={state.pageSize}
                    shown={result.hits.length}
                    onPageChange={(page) => update((s) => ({ ...s, page }))}
                    pageSizes={SEARCH_PAGE_SIZES}
                    onPageSizeChange={(size) => update((s) => ({ ...s, pageSize: size as PageSize, page: 1 }))}
                  />
                )}
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
