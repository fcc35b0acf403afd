import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@digdir/designsystemet-css';
import '@digdir/designsystemet-theme';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getJson } from './api/http-client.ts';
import { queryClient } from './api/query-client.ts';
import { setRequestContext } from './api/request-context.ts';
import { App } from './app.tsx';
import { mapQueries } from './features/map-kit/map-queries.ts';
import { initI18n } from './i18n/i18n.ts';
import { accessToken } from './shell/auth/auth-store.ts';
import { startSession } from './shell/auth/oidc-session.ts';
import { selectedOrganisationNumber, setMapPrefetch } from './shell/organisation/organisation-store.ts';
import { registerServiceWorker } from './shell/service-worker/register-service-worker.ts';
import { reportError } from './shell/toasts/report-error.ts';

// The shell gives the HTTP client its session, organisation and error handler; the client gives i18n
// its language files; the map kit fetches ahead when an organisation is chosen. Wired here, so that
// none of them imports the other.
setRequestContext({ accessToken, organisationNumber: selectedOrganisationNumber, reportError });
setMapPrefetch((organisationNumber) => {
  void queryClient.prefetchQuery(mapQueries.gasPipes(organisationNumber));
  void queryClient.prefetchQuery(mapQueries.facilities(organisationNumber));
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

void initI18n((path) => getJson(path)).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
void startSession();

if (import.meta.env.PROD) {
  registerServiceWorker().catch((error: unknown) => console.error('Service worker registration failed', error));
}
