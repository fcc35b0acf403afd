import type { HazardCard } from '@fast/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from './http-client.ts';

const HAZARD_CARD_FRESH_MS = 5 * 60_000;

/** A hazard card: reference data, the same for every organisation (the facility screen's dialog, the protective zones' form). */
export const hazardCardQuery = (unNumber: string) =>
  queryOptions({
    queryKey: ['hazard-card', unNumber],
    queryFn: ({ signal }) => getJson<HazardCard>(`/api/v1/substances/${unNumber}`, { signal, silent: true }),
    // Fresh for a while, not for the session: an administrator may load another ERG or ADR edition
    // (the hazard-tables and adr-table-a layers), and the card must then show its facts and editions.
    staleTime: HAZARD_CARD_FRESH_MS,
    retry: false,
  });
