import type { Reportee } from '@fast/contracts';
import { platformQueries } from '../../api/platform-queries.ts';
import { queryClient } from '../../api/query-client.ts';
import { STORAGE_KEYS } from '../../config/constants.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { mapQueries } from '../map/map-queries.ts';
import { searchQueries } from '../search/search-queries.ts';

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
  void queryClient.prefetchQuery(mapQueries.gasPipes(number));
  void queryClient.prefetchQuery(mapQueries.facilities(number));
  void queryClient.prefetchQuery(platformQueries.municipalityAccess(number));
}
