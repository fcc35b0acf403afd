import { Button, Search } from '@digdir/designsystemet-react';
import { SEARCH_QUERY_MAX_LENGTH } from '@fast/contracts';
import { TrashIcon } from '@navikt/aksel-icons';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchState } from '../../routes/links.ts';
import classes from './search-screen.module.css';
import { fromFirstPage, type SearchUpdate } from './use-search-state.ts';

/** Typing searches after this pause; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The free-text field with its clear X, and the trash button that resets the whole search. What is
 * typed reaches the URL after a pause (replacing the history entry, so that back does not step
 * through every letter); a query that changes in the URL from outside (back, reset, a chip) is
 * shown in the field.
 */
export function SearchField(props: { state: SearchState; update: SearchUpdate; onReset: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const { state, update } = props;
  const urlQuery = state.query ?? '';
  const [text, setText] = useState(urlQuery);
  const committed = useRef(urlQuery);

  useEffect(() => {
    if (urlQuery !== committed.current) {
      committed.current = urlQuery;
      setText(urlQuery);
    }
  }, [urlQuery]);

  const commit = useCallback(
    (value: string, replace: boolean) => {
      committed.current = value;
      update((s) => fromFirstPage({ ...s, query: value }), { replace });
    },
    [update],
  );
  // Typing into a search that is already shown refines it (replaces the history entry); the first
  // letters after the initial state start a new entry, so back returns to the empty screen.
  const refining = state.query !== null;

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => commit(text, refining), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, refining, commit]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit(text, false);
  };

  return (
    <div className={classes.searchRow}>
      <search className={classes.searchForm}>
        <form onSubmit={handleSubmit}>
          <Search data-sr-clear={t('search.clearQuery')}>
            <Search.Input
              id={inputId}
              aria-label={t('search.queryLabel')}
              value={text}
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              autoComplete="off"
              onChange={(event) => setText(event.target.value)}
            />
            {/* Designsystemet renders the ✕ hidden and leaves showing it to the page: shown while there is text. */}
            <Search.Clear hidden={text === ''} aria-label={t('search.clearQuery')} onClick={() => setText('')} />
            <Search.Button>{t('search.searchButton')}</Search.Button>
          </Search>
        </form>
      </search>
      <Button
        variant="tertiary"
        icon
        data-size="md"
        aria-label={t('search.reset')}
        title={t('search.reset')}
        onClick={props.onReset}
      >
        <TrashIcon aria-hidden />
      </Button>
    </div>
  );
}
