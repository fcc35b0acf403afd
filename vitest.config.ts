import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: a single worker on two. The server's
    // files wait much of their time (child processes, the database thread, timers), so three
    // workers there finish the whole run sooner (measured in issue #39); more cores, the default.
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});
