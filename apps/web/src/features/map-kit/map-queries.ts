import type { SearchFilterPayload } from '@fast/contracts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client.ts';
import { createStore } from '../../lib/store.ts';
import { fetchGasPipes, fetchPopup } from './map-api.ts';
import { loadMapData, MapData } from './map-data.ts';
import type { FetchProgress } from './map-pages.ts';

/** Performance marks read by `npm run bench:map`: first request → all fetched → clustered → all clusters painted. */
export const MAP_MARKS = {
  request: 'fast-map:request',
  fetched: 'fast-map:fetched',
  indexed: 'fast-map:indexed',
  painted: 'fast-map:painted',
} as const;

/** How far the fetch of all map facilities has come ("Henter anlegg... 20 000 av 100 000"). */
export const mapFetchProgress = createStore<FetchProgress | null>(null);

// The worker keeps each query's facilities until the query is dropped or has loaded anew.
const kept = new Map<string, MapData>();
queryClient.getQueryCache().subscribe(({ type, query }) => {
  const previous = kept.get(query.queryHash);
  const current = type === 'removed' ? undefined : query.state.data;
  if (current === previous || (!previous && !(current instanceof MapData))) return;
  previous?.release();
  if (current instanceof MapData) kept.set(query.queryHash, current);
  else kept.delete(query.queryHash);
});

/** The register changes by import (daily at most): the map keeps its facilities a while. */
const FACILITIES_STALE_MS = 10 * 60_000;
const FACILITIES_KEPT_MS = 30 * 60_000;

/**
 * The map's server state. All facilities of the organisation's scope are fetched when the
 * organisation is chosen (specification section 4), so that the map is ready when it is opened.
 */
export const mapQueries = {
  facilities: (organisationNumber: string) =>
    queryOptions({
      queryKey: ['map', 'facilities', organisationNumber],
      queryFn: async ({ signal }): Promise<MapData> => {
        for (const mark of Object.values(MAP_MARKS)) performance.clearMarks(mark);
        performance.mark(MAP_MARKS.request);
        mapFetchProgress.set(null);
        const data = await loadMapData(
          { kind: 'all' },
          { signal, onProgress: mapFetchProgress.set, onFetched: () => performance.mark(MAP_MARKS.fetched) },
        );
        performance.mark(MAP_MARKS.indexed);
        return data;
      },
      staleTime: FACILITIES_STALE_MS,
      gcTime: FACILITIES_KEPT_MS,
    }),
  /** The facilities of the active search; nothing is asked for without one. */
  filtered: (organisationNumber: string, filter: SearchFilterPayload | null) =>
    queryOptions({
      queryKey: ['map', 'filtered', organisationNumber, filter],
      queryFn: filter ? ({ signal }) => loadMapData({ kind: 'filtered', filter }, { signal }) : skipToken,
      staleTime: FACILITIES_STALE_MS,
    }),
  gasPipes: (organisationNumber: string) =>
    queryOptions({
      queryKey: ['map', 'gaspipes', organisationNumber],
      queryFn: ({ signal }) => fetchGasPipes(signal),
      staleTime: 5 * 60_000,
    }),
  /** One facility as the popup shows it (and the safety zones draw it); nothing is asked for without an id. */
  popup: (organisationNumber: string, facilityId: number | null) =>
    queryOptions({
      queryKey: ['map', 'popup', organisationNumber, facilityId],
      queryFn: facilityId === null ? skipToken : ({ signal }) => fetchPopup(facilityId, signal),
      staleTime: 60_000,
    }),
};
