import type { SearchCriteria, SearchPayload, SearchResponse } from '@fast/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, postJson, request } from './http-client.ts';

/**
 * Search, criteria and export calls. A search's key is its whole payload: an answer is stored
 * under the payload it was asked for, so a slow answer to an earlier query can never replace the
 * results of a newer one.
 */
export const searchQueries = {
  criteria: (organisationNumber: string, { silent = false } = {}) =>
    queryOptions({
      queryKey: ['search-criteria', organisationNumber],
      queryFn: ({ signal }) => getJson<SearchCriteria>('/api/v1/facilities/search/criteria', { signal, silent }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  search: (organisationNumber: string, payload: SearchPayload) =>
    queryOptions({
      queryKey: ['search', organisationNumber, payload],
      queryFn: ({ signal }) => postJson<SearchResponse>('/api/v1/facilities/search', payload, { signal }),
      // The previous page stays on screen (dimmed) while the next one loads.
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};

/** POST /api/v1/facilities/search/export: the spreadsheet, worded in `lang`, as a Blob. Failures are the caller's to show. */
export function exportSearch(payload: SearchPayload, lang: 'nb' | 'nn'): Promise<Blob> {
  return request<Blob>('POST', `/api/v1/facilities/search/export?lang=${lang}`, {
    body: payload,
    responseType: 'blob',
    silent: true,
  });
}
