import type { NearbyRequest, NearbyResponse, PlacesResponse } from '@fast/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, postJson, request } from '../../api/http-client.ts';

/**
 * The incident screen's calls. Both are organisation-scoped (addresses and facilities come from
 * the scope), so their keys carry the organisation number.
 */
export const incidentQueries = {
  /** Type-ahead: the field shows a failure itself (no toast per keystroke); the last list stays while the next loads. */
  places: (organisationNumber: string, text: string) =>
    queryOptions({
      queryKey: ['places', organisationNumber, text],
      queryFn: ({ signal }) => getJson<PlacesResponse>(`/api/v1/places?q=${encodeURIComponent(text)}`, { signal, silent: true }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  nearby: (organisationNumber: string, nearby: NearbyRequest) =>
    queryOptions({
      queryKey: ['nearby', organisationNumber, nearby],
      queryFn: ({ signal }) => postJson<NearbyResponse>('/api/v1/facilities/nearby', nearby, { signal }),
      staleTime: 30_000,
    }),
};

/** POST /api/v1/facilities/nearby/export: the spreadsheet, worded in `lang`, as a Blob (a failure is the client's toast). */
export function exportNearby(nearby: NearbyRequest, lang: 'nb' | 'nn'): Promise<Blob> {
  return request<Blob>('POST', `/api/v1/facilities/nearby/export?lang=${lang}`, { body: nearby, responseType: 'blob' });
}
