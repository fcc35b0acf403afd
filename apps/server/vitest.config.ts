import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The migrated, seeded database every test file copies (see test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // The files of a worker share their imports (Fastify, the routes, PGlite's module) instead of
    // loading them anew per file: about a sixth of the server project's time. Each file still
    // builds its own app on its own database; what modules keep is immutable reference data.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
