import type { Plugin } from 'vite';
import { hazard } from '../src/i18n/locales/nb/hazard.ts';
import { referenceLayers } from '../src/i18n/locales/nb/reference-layers.ts';
import { vulnerable } from '../src/i18n/locales/nb/vulnerable.ts';
import { zones } from '../src/i18n/locales/nb/zones.ts';
import { nb } from '../src/i18n/locales/nb.ts';
import { nn } from '../src/i18n/locales/nn.ts';

// nb.json has all of Bokmål, the namespaces the app loads with their screens too.
const LOCALES: Record<string, unknown> = {
  nb: { ...nb, zones, hazard, vulnerable, admin: { ...nb.admin, referenceLayers } },
  nn,
};

/**
 * Writes every language to async-locales/{lng}.json in the build (served at
 * /async-locales/{lng}.json), and serves the same files from the dev server.
 */
export function localesPlugin(): Plugin {
  return {
    name: 'fast:async-locales',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/async-locales\/([a-z]{2})\.json$/.exec(request.url ?? '');
        const locale = match?.[1] ? LOCALES[match[1]] : undefined;
        if (!locale) return next();
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(locale));
      });
    },
    generateBundle() {
      for (const [language, resources] of Object.entries(LOCALES)) {
        this.emitFile({ type: 'asset', fileName: `async-locales/${language}.json`, source: JSON.stringify(resources) });
      }
    },
  };
}
