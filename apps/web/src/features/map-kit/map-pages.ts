import {
  MAP_PAGE_SIZE,
  type MapFacilitiesPage,
  type MapFacilityTuple,
  type MapFilteredFacilities,
  type SearchExportPayload,
  type SearchFilterPayload,
} from '@fast/contracts';

/** How the map's facilities are asked for: the page's client, or fetchApi in the map-data worker. */
export type PostJson = <T>(path: string, body: unknown, signal: AbortSignal) => Promise<T>;

export interface FetchProgress {
  loaded: number;
  total: number;
}

/** Pages asked for at once after the first: the server and the parsing of answers overlap. */
const CONCURRENT_PAGES = 3;

/**
 * Every facility of the caller's scope in pages of one snapshot (pitId), so that none appears
 * twice or goes missing (specification section 4, DESIGN.md section 4). The first page tells the
 * snapshot's size; the pages after it start at fixed offsets of that snapshot (continueFrom), so
 * they are asked for a few at a time instead of one after the other, and put together in order.
 * The last page is the one whose hasMoreResults is false.
 */
export async function fetchAllMapFacilities(
  post: PostJson,
  onProgress: (progress: FetchProgress) => void,
  signal: AbortSignal,
): Promise<MapFacilityTuple[]> {
  const first = await post<MapFacilitiesPage>('/api/v1/map/facilities', { pageSize: MAP_PAGE_SIZE }, signal);
  const total = first.totalCount;
  let loaded = first.facilities.length;
  onProgress({ loaded, total });
  if (!first.hasMoreResults || first.continueFrom === null) return first.facilities;
  const starts: number[] = [];
  for (let from = first.continueFrom; from < total; from += MAP_PAGE_SIZE) starts.push(from);
  const pages: MapFacilityTuple[][] = [];
  let next = 0;
  const fetchPages = async () => {
    while (next < starts.length) {
      const k = next++;
      const query = { pageSize: MAP_PAGE_SIZE, pitId: first.pitId, continueFrom: starts[k] };
      const page = await post<MapFacilitiesPage>('/api/v1/map/facilities', query, signal);
      pages[k] = page.facilities;
      loaded += page.facilities.length;
      onProgress({ loaded, total });
      if (k === starts.length - 1 && page.hasMoreResults) throw new Error('the snapshot has more facilities than it said');
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_PAGES, starts.length) }, fetchPages));
  return first.facilities.concat(...pages);
}

/** The facilities of a search that have a position (section 5: only with a query or filter). */
export async function fetchFilteredFacilities(
  post: PostJson,
  filter: SearchFilterPayload,
  signal: AbortSignal,
): Promise<MapFacilityTuple[]> {
  const payload: SearchExportPayload = { ...filter, hitsToSkip: 0, hitsToReturn: 0 };
  return (await post<MapFilteredFacilities>('/api/v1/map/facilities/filtered', payload, signal)).facilities;
}
