import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The landing page may need at most 200 KB of gzipped JavaScript (issue 3, done-when 4). */
const BUDGET_BYTES = 200_000;

/**
 * Measures the JavaScript the landing page loads (the entry chunk and everything it imports
 * statically; lazy routes excluded), prints it, and fails the build over budget.
 */
export function landingBudgetPlugin(): Plugin {
  return {
    name: 'fast:landing-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const seen = new Set<string>();
      let bytes = 0;
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || seen.has(fileName)) return;
        seen.add(fileName);
        bytes += gzipSync(chunk.code, { level: 9 }).length;
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      const summary = `landing page JavaScript: ${(bytes / 1000).toFixed(1)} kB gzip in ${seen.size} files (budget ${BUDGET_BYTES / 1000} kB)`;
      if (bytes > BUDGET_BYTES) this.error(summary);
      this.info(summary);
    },
  };
}
