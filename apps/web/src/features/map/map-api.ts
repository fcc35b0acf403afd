import {
  type GasPipelineCollection,
  MAP_PAGE_SIZE,
  type MapFacilitiesPage,
  type MapFacilityPopup,
  type MapFacilityTuple,
  type MapFilteredFacilities,
  type MapZoneRequest,
  type MapZoneResult,
  type SearchExportPayload,
  type SearchFilterPayload,
} from '@fast/contracts';
import { getJson, postJson, request } from '../../api/http-client.ts';

export interface FetchProgress {
  loaded: number;
  total: number;
}

/**
 * Every facility of the caller's scope, page by page until hasMoreResults is false (specification
 * section 4), all pages from one snapshot (pitId) so that none appears twice or goes missing.
 */
export async function fetchAllMapFacilities(
  onProgress: (progress: FetchProgress) => void,
  signal: AbortSignal,
): Promise<MapFacilityTuple[]> {
  const facilities: MapFacilityTuple[] = [];
  let query: { pageSize: number; pitId?: string; continueFrom?: number } = { pageSize: MAP_PAGE_SIZE };
  for (;;) {
    const page = await postJson<MapFacilitiesPage>('/api/v1/map/facilities', query, { signal });
    for (const facility of page.facilities) facilities.push(facility);
    onProgress({ loaded: facilities.length, total: page.totalCount });
    if (!page.hasMoreResults || page.continueFrom === null) return facilities;
    query = { pageSize: MAP_PAGE_SIZE, pitId: page.pitId, continueFrom: page.continueFrom };
  }
}

/** The facilities of a search that have a position (section 5: only with a query or filter). */
export async function fetchFilteredFacilities(filter: SearchFilterPayload, signal: AbortSignal): Promise<MapFacilityTuple[]> {
  const payload: SearchExportPayload = { ...filter, hitsToSkip: 0, hitsToReturn: 0 };
  return (await postJson<MapFilteredFacilities>('/api/v1/map/facilities/filtered', payload, { signal })).facilities;
}

export function fetchPopup(id: number, signal: AbortSignal): Promise<MapFacilityPopup> {
  return getJson<MapFacilityPopup>(`/api/v1/map/facilities/${id}`, { signal });
}

export function fetchZone(zone: MapZoneRequest, signal: AbortSignal): Promise<MapZoneResult> {
  return postJson<MapZoneResult>('/api/v1/map/zone', zone, { signal });
}

export function exportZone(zone: MapZoneRequest): Promise<Blob> {
  return request<Blob>('POST', '/api/v1/map/zone/export', { body: zone, responseType: 'blob' });
}

/** The browser revalidates with If-None-Match itself (the answer is no-cache with an ETag). */
export function fetchGasPipes(signal: AbortSignal): Promise<GasPipelineCollection> {
  return getJson<GasPipelineCollection>('/api/v1/map/gaspipes', { signal });
}
