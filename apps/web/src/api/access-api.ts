import type { Municipality, MunicipalityAccessEntry } from '@fast/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson, postJson } from './http-client.ts';

export const accessQueries = {
  /** Every municipality with its county: reference data, the same for everyone. */
  municipalities: () =>
    queryOptions({
      queryKey: ['municipalities'],
      queryFn: ({ signal }) => getJson<Municipality[]>('/api/v1/municipalities', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** Requests access; answers the entries the server created or re-opened. */
export function requestMunicipalityAccess(municipalityCodes: readonly string[]): Promise<MunicipalityAccessEntry[]> {
  return postJson<MunicipalityAccessEntry[]>('/api/v1/municipality-access', { municipalityCodes });
}

/**
 * The list after a request: new entries appended as returned (specification section 4), a
 * re-opened one (denied before) replaced where it was.
 */
export function mergeEntries(
  current: readonly MunicipalityAccessEntry[],
  returned: readonly MunicipalityAccessEntry[],
): MunicipalityAccessEntry[] {
  const byCode = new Map(returned.map((entry) => [entry.municipalityCode, entry]));
  const replaced = current.map((entry) => byCode.get(entry.municipalityCode) ?? entry);
  const known = new Set(current.map((entry) => entry.municipalityCode));
  return [...replaced, ...returned.filter((entry) => !known.has(entry.municipalityCode))];
}
