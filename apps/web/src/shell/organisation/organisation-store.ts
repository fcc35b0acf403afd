import type { Reportee } from '@fast/contracts';
import { platformQueries } from '../../api/platform-queries.ts';
import { queryClient } from '../../api/query-client.ts';
import { searchQueries } from '../../api/search-queries.ts';
import { STORAGE_KEYS } from '../../config/constants.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** The organisation the user represents; null until chosen (or restored by the navigation guard). */
export const organisationStore = createStore<Reportee | null>(null);

export function selectedOrganisationNumber(): string | null {
  return organisationStore.get()?.organizationNumber ?? null;
}

export function useSelectedOrganisation(): Reportee | null {
  return useStore(organisationStore);
}

export function storedOrganisationNumber(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.organisation);
  } catch {
    return null;
  }
}

/** What the map kit fetches ahead for an organisation (gas pipes, all map facilities): given at start-up (main.tsx), so that the shell imports no map. */
let prefetchForMap: (organisationNumber: string) => void = () => undefined;

export function setMapPrefetch(prefetch: (organisationNumber: string) => void): void {
  prefetchForMap = prefetch;
}

/**
 * Chooses the organisation: remembered in local storage, and the data the app needs for it
 * fetched ahead (specification section 4): search criteria, counties, gas pipes, all map
 * facilities and municipality access. A failure goes to the common error handler (a toast): the
 * screen that needs the data shares this very request, so it is reported once.
 */
export function selectOrganisation(organisation: Reportee): void {
  const previous = organisationStore.get();
  organisationStore.set(organisation);
  try {
    localStorage.setItem(STORAGE_KEYS.organisation, organisation.organizationNumber);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  if (previous?.organizationNumber === organisation.organizationNumber) return;
  const number = organisation.organizationNumber;
  void queryClient.prefetchQuery(searchQueries.criteria(number));
  void queryClient.prefetchQuery(platformQueries.counties(number));
  prefetchForMap(number);
  void queryClient.prefetchQuery(platformQueries.municipalityAccess(number));
}
