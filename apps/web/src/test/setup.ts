import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { getJson } from '../api/http-client.ts';
import { setRequestContext } from '../api/request-context.ts';
import { initI18n } from '../i18n/i18n.ts';
import { reportError } from '../shell/toasts/report-error.ts';

// As main.tsx wires the app: failures of the HTTP client are toasts, language files come through it.
setRequestContext({ reportError });
await initI18n((path) => getJson(path));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
