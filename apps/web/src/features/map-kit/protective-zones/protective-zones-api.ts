import type { ProtectiveZonesRequest, ProtectiveZonesResponse, WindResponse } from '@fast/contracts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import { getJson, postJson } from '../../../api/http-client.ts';

/** How long the form waits for the weather service before it asks the user for the wind. */
export const WIND_WAIT_MS = 2000;

/** Six decimals (about 10 cm): what the wind's query string takes, and the wind's cache key. */
const coordinate = (value: number) => value.toFixed(6);

/** The wind at a point; every failure, the wait above included, is "not available" (the user gives the wind). */
async function fetchWind(latitude: number, longitude: number, signal: AbortSignal): Promise<WindResponse> {
  const query = new URLSearchParams({ latitude: coordinate(latitude), longitude: coordinate(longitude) });
  try {
    return await getJson<WindResponse>(`/api/v1/weather/wind?${query}`, { signal, silent: true, timeoutMs: WIND_WAIT_MS });
  } catch (error) {
    if (signal.aborted) throw error;
    return { available: false, reason: error instanceof ApiError && error.kind === 'timeout' ? 'timeout' : 'unavailable' };
  }
}

export const protectiveZonesQueries = {
  /**
   * The zones for one choice of the form (nothing is asked without one). Kept by the request, so
   * that going back to an earlier choice draws at once; day or night by the sun is read again
   * after a minute.
   */
  zones: (organisationNumber: string, request: ProtectiveZonesRequest | null) =>
    queryOptions({
      queryKey: ['protective-zones', organisationNumber, request],
      queryFn: request
        ? ({ signal }) => postJson<ProtectiveZonesResponse>('/api/v1/protective-zones', request, { signal })
        : skipToken,
      staleTime: 60_000,
    }),
  /** The forecast's wind at a point; MET's forecast steps are hourly, so it is kept ten minutes. */
  wind: (latitude: number, longitude: number) =>
    queryOptions({
      queryKey: ['weather', 'wind', coordinate(latitude), coordinate(longitude)],
      queryFn: ({ signal }) => fetchWind(latitude, longitude, signal),
      staleTime: 10 * 60_000,
      retry: false,
    }),
};
