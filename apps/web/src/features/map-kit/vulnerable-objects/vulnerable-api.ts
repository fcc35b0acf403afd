import type {
  VulnerableInsideRequest,
  VulnerableObjectCollection,
  VulnerableWithinRequest,
  VulnerableWithinResponse,
} from '@fast/contracts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { getJson, postJson } from '../../../api/http-client.ts';

/** The layer changes when the authority loads a new version (rarely): answers are kept a while. */
const STALE_MS = 5 * 60_000;

/**
 * The vulnerable objects (issue 37). Public data, the same for every organisation, so the keys
 * carry no organisation number. Used by the incident screen, the map's drawn zones and its layer.
 */
export const vulnerableQueries = {
  /** The objects inside a circle, nearest first, with totals per kind; nothing is asked without a circle. */
  within: (request: VulnerableWithinRequest | null) =>
    queryOptions({
      queryKey: ['vulnerable-objects', 'within', request],
      queryFn: request
        ? ({ signal }) => postJson<VulnerableWithinResponse>('/api/v1/vulnerable-objects/within', request, { signal })
        : skipToken,
      staleTime: STALE_MS,
    }),
  /** The objects inside a polygon drawn on the map, nearest its centre first. */
  inside: (request: VulnerableInsideRequest) =>
    queryOptions({
      queryKey: ['vulnerable-objects', 'inside', request],
      queryFn: ({ signal }) => postJson<VulnerableWithinResponse>('/api/v1/vulnerable-objects/inside', request, { signal }),
      staleTime: STALE_MS,
    }),
  /** Every object as a point, for the map's layer (the browser revalidates with its ETag). */
  layer: () =>
    queryOptions({
      queryKey: ['vulnerable-objects', 'map'],
      queryFn: ({ signal }) => getJson<VulnerableObjectCollection>('/api/v1/map/vulnerable-objects', { signal }),
      staleTime: STALE_MS,
    }),
};
