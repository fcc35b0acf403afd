import type { County, SearchCriteria } from '@fast/contracts';
import { type UrlStateUpdate, useUrlState } from '../../components/use-url-state.ts';
import { parseSearchParams, type SearchState, toSearchParams } from '../../routes/links.ts';

export type SearchUpdate = UrlStateUpdate<SearchState>;

/** What the filters and their chips are drawn from: the search's state, and the lists that name its ids. */
export interface SearchFilterProps {
  state: SearchState;
  update: SearchUpdate;
  counties: County[] | undefined;
  criteria: SearchCriteria | undefined;
}

const searchCodec = { parse: parseSearchParams, write: toSearchParams };

/** The search state as the URL holds it, and a way to change it (a new history entry unless `replace`). */
export function useSearchState(): [SearchState, SearchUpdate] {
  return useUrlState(searchCodec);
}

/** A change of what is searched for starts again at page 1. */
export const fromFirstPage = (state: SearchState): SearchState => ({ ...state, page: 1 });
