import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@digdir/designsystemet-css';
import '@digdir/designsystemet-theme';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setRequestContext } from './api/request-context.ts';
import { App } from './app.tsx';
import { accessToken } from './features/auth/auth-store.ts';
import { startSession } from './features/auth/oidc-session.ts';
import { selectedOrganisationNumber } from './features/organisation/organisation-store.ts';
import { registerServiceWorker } from './features/service-worker/register-service-worker.ts';
import { initI18n } from './i18n/i18n.ts';

setRequestContext({ accessToken, organisationNumber: selectedOrganisationNumber });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

void initI18n().then(() => {
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
