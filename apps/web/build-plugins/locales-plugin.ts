import type { Plugin } from 'vite';
import { nb } from '../src/i18n/locales/nb.ts';
import { nn } from '../src/i18n/locales/nn.ts';

const LOCALES: Record<string, unknown> = { nb, nn };

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
