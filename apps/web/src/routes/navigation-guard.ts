import type { Reportee } from '@fast/contracts';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { platformQueries } from '../api/platform-queries.ts';
import { queryClient } from '../api/query-client.ts';
import { AUTH_POLL_MS, PATHS } from '../config/constants.ts';
import { waitUntil } from '../lib/wait-until.ts';
import { isAuthenticated } from '../shell/auth/auth-store.ts';
import { organisationStore, selectOrganisation, storedOrganisationNumber } from '../shell/organisation/organisation-store.ts';

async function availableOrganisations(): Promise<readonly Reportee[]> {
  const cached = queryClient.getQueryData(platformQueries.reportees().queryKey);
  if (cached) return cached;
  try {
    return await queryClient.fetchQuery(platformQueries.reportees({ silent: true }));
  } catch {
    return []; // Ignored: the select-organisation page asks again and shows the failure.
  }
}

/**
 * The navigation guard of the specification (section 2), run before every guarded route:
 * 1. an organisation already selected → proceed;
 * 2. wait until the session is authenticated (poll every 50 ms);
 * 3. load the available organisations if none are loaded (a failure is ignored);
 * 4. the organisation stored locally, when still available, is selected → proceed;
 *    otherwise → the select-organisation page, which returns here after the choice.
 * (The select-organisation route is outside the guarded routes: step 1's first half.)
 */
export async function navigationGuard({ request }: LoaderFunctionArgs): Promise<null> {
  if (organisationStore.get()) return null;
  await waitUntil(isAuthenticated, AUTH_POLL_MS, request.signal);
  const organisations = await availableOrganisations();
  const stored = storedOrganisationNumber();
  const match = organisations.find((organisation) => organisation.organizationNumber === stored);
  if (match) {
    selectOrganisation(match);
    return null;
  }
  const url = new URL(request.url);
  const from = `${url.pathname}${url.search}${url.hash}`;
  throw redirect(from === '/' ? PATHS.selectOrganisation : `${PATHS.selectOrganisation}?from=${encodeURIComponent(from)}`);
}
