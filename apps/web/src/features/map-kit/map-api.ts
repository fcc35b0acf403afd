import type { GasPipelineCollection, MapFacilityPopup, MapZoneRequest, MapZoneResult } from '@fast/contracts';
import { getJson, postJson, request } from '../../api/http-client.ts';

export function fetchPopup(id: number, signal: AbortSignal): Promise<MapFacilityPopup> {
  return getJson<MapFacilityPopup>(`/api/v1/map/facilities/${id}`, { signal });
}

export function fetchZone(zone: MapZoneRequest, signal: AbortSignal): Promise<MapZoneResult> {
  return postJson<MapZoneResult>('/api/v1/map/zone', zone, { signal });
}

/** The zone's facilities as a spreadsheet worded in `lang`. */
export function exportZone(zone: MapZoneRequest, lang: 'nb' | 'nn'): Promise<Blob> {
  return request<Blob>('POST', `/api/v1/map/zone/export?lang=${lang}`, { body: zone, responseType: 'blob' });
}

/** The browser revalidates with If-None-Match itself (the answer is no-cache with an ETag). */
export function fetchGasPipes(signal: AbortSignal): Promise<GasPipelineCollection> {
  return getJson<GasPipelineCollection>('/api/v1/map/gaspipes', { signal });
}
