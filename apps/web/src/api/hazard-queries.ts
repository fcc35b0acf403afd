import type { HazardCard } from '@fast/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from './http-client.ts';

/** A hazard card: reference data, the same for every organisation, kept for the session (the facility screen's dialog, the protective zones' form). */
export const hazardCardQuery = (unNumber: string) =>
  queryOptions({
    queryKey: ['hazard-card', unNumber],
    queryFn: ({ signal }) => getJson<HazardCard>(`/api/v1/substances/${unNumber}`, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
