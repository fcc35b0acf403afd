import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingBudgetPlugin } from './build-plugins/landing-budget-plugin.ts';
import { localesPlugin } from './build-plugins/locales-plugin.ts';
import { precompressPlugin } from './build-plugins/precompress-plugin.ts';
import { serviceWorkerPlugin } from './build-plugins/service-worker-plugin.ts';

/**
 * Parts of @digdir/designsystemet-web that register web components for Tabs, Suggestion,
 * Pagination, Breadcrumbs and ErrorSummary. Its index imports them all (15 KB gzip on the
 * landing page); treated as free of side effects, each is bundled only where a screen uses
 * the matching React component, which imports it by name.
 */
const UNUSED_WEB_PARTS =
  /\/(@digdir\/designsystemet-web\/dist\/esm\/(tabs|suggestion|pagination|breadcrumbs|error-summary)\/|@u-elements\/)/;

/**
 * Packages without a `sideEffects` field whose modules have none: what the app does not import is
 * left out (the landing page's JavaScript budget is 200 KB gzip). Contracts are TypeBox schemas of
 * which the web app uses types and constants only (so TypeBox is not needed); Designsystemet's
 * React components are plain modules (its web package, with the polyfills, is kept whole).
 */
const TREESHAKE = {
  moduleSideEffects: (id: string) =>
    !id.includes('/packages/contracts/') &&
    !id.includes('/node_modules/typebox/') &&
    !id.includes('/@digdir/designsystemet-react/') &&
    !UNUSED_WEB_PARTS.test(id),
  manualPureFunctions: ['Type'],
};

const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), localesPlugin(), serviceWorkerPlugin(), landingBudgetPlugin(), precompressPlugin()],
  server: {
    // Development against `npm start` of the server: same paths as in production.
    proxy: Object.fromEntries(['/api', '/config', '/idp', '/js', '/healthz'].map((path) => [path, API_ORIGIN])),
  },
  // The map-data worker is bundled on its own, as a module, left as lean as the app.
  worker: { format: 'es', rollupOptions: { treeshake: TREESHAKE } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: { treeshake: TREESHAKE },
  },
});
