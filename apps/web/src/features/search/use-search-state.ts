import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearchParams, type SearchState, toSearchParams } from './search-url.ts';

export type SearchUpdate = (next: (state: SearchState) => SearchState, options?: { replace?: boolean }) => void;

/** The search state as the URL holds it, and a way to change it (a new history entry unless `replace`). */
export function useSearchState(): [SearchState, SearchUpdate] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const update = useCallback<SearchUpdate>(
    (next, options) => {
      setParams((current) => toSearchParams(next(parseSearchParams(current))), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [state, update];
}

/** A change of what is searched for starts again at page 1. */
export const fromFirstPage = (state: SearchState): SearchState => ({ ...state, page: 1 });
