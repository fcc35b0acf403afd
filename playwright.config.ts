import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE_URL = `http://localhost:${PORT}`;
// A fresh embedded database for every run, beside (not inside) Playwright's output folder,
// which Playwright empties when it starts.
const DATA_DIR = join('test-results', 'e2e-data', `${Date.now()}`);

/** Debian's Chromium as the e2e tests and `npm run bench:map` launch it. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    // No GPU here: MapLibre's WebGL falls back to SwiftShader, Chromium's software renderer, and
    // the page is composited in software as on any machine without a GPU (forcing SwiftShader for
    // the compositing too, with --ignore-gpu-blocklist, cost the map a third of its frame rate).
    '--enable-unsafe-swiftshader',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  // One worker: the journeys share one server whose per-user state (accepted terms) they change.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'test-results/playwright-report' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker would answer requests before page.route() sees them.
    serviceWorkers: 'block',
  },
  projects: [
    {
      // First visits need users who have not accepted the terms; every other spec may accept them.
      name: 'first-visit',
      testMatch: /first-visit\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM },
    },
    {
      name: 'chromium',
      testIgnore: /first-visit\.spec\.ts/,
      dependencies: ['first-visit'],
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `${BASE_URL}/healthz`,
    env: { PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn' },
    reuseExistingServer: !process.env.CI,
    // The first start builds, migrates and loads the demo register: minutes on a busy machine.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
