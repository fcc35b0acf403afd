import { type UrlStateUpdate, useUrlState } from '../../components/use-url-state.ts';
import { parseSearchParams, type SearchState, toSearchParams } from './search-url.ts';

export type SearchUpdate = UrlStateUpdate<SearchState>;

const searchCodec = { parse: parseSearchParams, write: toSearchParams };

/** The search state as the URL holds it, and a way to change it (a new history entry unless `replace`). */
export function useSearchState(): [SearchState, SearchUpdate] {
  return useUrlState(searchCodec);
}

/** A change of what is searched for starts again at page 1. */
export const fromFirstPage = (state: SearchState): SearchState => ({ ...state, page: 1 });
