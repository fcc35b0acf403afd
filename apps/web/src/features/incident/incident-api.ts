import {
  ADDRESS_SERVICE_HEADER,
  AddressServiceStatus,
  type NearbyRequest,
  type NearbyResponse,
  PLACE_HINT_HEADER,
  type PlaceCandidate,
  PlaceHint,
  type PlacesResponse,
} from '@fast/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson, postJson, request } from '../../api/http-client.ts';

/** The place lookup's list, whether Kartverket's address service answered, and the server's hint beside the list (their headers). */
export interface PlaceLookup {
  candidates: PlaceCandidate[];
  addressService: AddressServiceStatus;
  hint: PlaceHint | null;
}

const addressServiceOf = (header: string | null): AddressServiceStatus =>
  Object.values(AddressServiceStatus).find((status) => status === header) ?? AddressServiceStatus.OFF;
const hintOf = (header: string | null): PlaceHint | null => Object.values(PlaceHint).find((hint) => hint === header) ?? null;

async function lookUpPlaces(text: string, signal: AbortSignal): Promise<PlaceLookup> {
  let addressService: AddressServiceStatus = AddressServiceStatus.OFF;
  let hint: PlaceHint | null = null;
  const candidates = await getJson<PlacesResponse>(`/api/v1/places?q=${encodeURIComponent(text)}`, {
    signal,
    silent: true,
    onResponse: (response) => {
      addressService = addressServiceOf(response.headers.get(ADDRESS_SERVICE_HEADER));
      hint = hintOf(response.headers.get(PLACE_HINT_HEADER));
    },
  });
  return { candidates, addressService, hint };
}

/**
 * The incident screen's calls. Both are organisation-scoped (addresses and facilities come from
 * the scope), so their keys carry the organisation number.
 */
export const incidentQueries = {
  /** Type-ahead: the field shows a failure itself (no toast per keystroke); the last list stays while the next loads. */
  places: (organisationNumber: string, text: string) =>
    queryOptions({
      queryKey: ['places', organisationNumber, text],
      queryFn: ({ signal }) => lookUpPlaces(text, signal),
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
