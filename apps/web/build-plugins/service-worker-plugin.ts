import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Plugin, transformWithOxc } from 'vite';

const SOURCE = fileURLToPath(new URL('../src/sw/service-worker.ts', import.meta.url));

/**
 * Builds src/sw/service-worker.ts to /sw.js with the app shell to precache (index.html, the
 * entry chunk with its static imports, their CSS and fonts) and a version that changes with
 * every build whose output changes, so that browsers see a new worker and offer a reload.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'fast:service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const shell = new Set<string>(['/', '/index.html', '/async-locales/nb.json']);
      const visit = (fileName: string) => {
        const item = bundle[fileName];
        if (!item || shell.has(`/${fileName}`)) return;
        shell.add(`/${fileName}`);
        if (item.type !== 'chunk') return;
        for (const css of item.viteMetadata?.importedCss ?? []) visit(css);
        for (const asset of item.viteMetadata?.importedAssets ?? []) visit(asset);
        for (const imported of item.imports) visit(imported);
      };
      for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) visit(item.fileName);
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16);
      const { code } = await transformWithOxc(await readFile(SOURCE, 'utf8'), SOURCE, { lang: 'ts' });
      const header = `const PRECACHE_URLS = ${JSON.stringify([...shell].sort())};\nconst CACHE_VERSION = ${JSON.stringify(version)};\n`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: header + code });
    },
  };
}
