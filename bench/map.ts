/**
 * npm run bench:map — the map at 100 000 facilities in Debian's Chromium (issue 7).
 *
 * One server (the real app, PGlite; PostgreSQL when TEST_DATABASE_URL is set) with 100 000 demo
 * facilities all in vest.110's scope, and the built web app. In one page and one run:
 *   - the app: first POST /api/v1/map/facilities → all clusters painted (the app's performance
 *     marks), the median of RUNS loads;
 *   - the floor: the same points fetched as one compact gzipped file, JSON.parse, and the
 *     supercluster index load (the same library and options as the app);
 *   - the app's data path in the same idle page: the real API (snapshot and pages, three at a
 *     time as the app asks for them), parsed and clustered the same way: next to the floor and
 *     the original way, all three measured alike;
 *   - the original way: pages of 10 000 full facility objects as the search hits carry them,
 *     fetched one after the other, parsed and clustered the same way. Made by a server like the
 *     original's (the search module's scoped query and presenter, keyset pages by id, gzipped),
 *     and, as a lower bound with no server work at all, the same pages as static files;
 *   - the app both with the snapshot taken for the load (the register changed just before: the
 *     first user after an import) and with a snapshot shared by an earlier caller of the same
 *     municipalities (everyone else);
 *   - how long a user waits who opens the map from the landing page once the organisation's
 *     facilities have been fetched ahead (specification section 4): click → all clusters painted;
 *   - gzip bytes per facility on the wire, and frame times while panning and zooming.
 *
 * Usage: npm run bench:map [-- --facilities 100000 --runs 3 --web-dist DIR]   (builds the web app first)
 * MapLibre needs WebGL; Chromium gets it from SwiftShader (software), so frame times are CPU-bound.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import {
  decodeMapFacility,
  type MapFacilitiesPage,
  type MapFacilityTuple,
  NO_SEARCH_FILTER,
  type SearchHit,
} from '@fast/contracts';
import { chromium } from '@playwright/test';
import { sql } from 'kysely';
import { loadDemoRegisterIfEmpty } from '../apps/server/src/demo/demo-register.ts';
import { DEMO_ORGANISATIONS } from '../apps/server/src/demo/demo-users.ts';
import { selectHitColumns } from '../apps/server/src/modules/facility/facility-rows.repository.ts';
import { presentHit } from '../apps/server/src/modules/search/search.presenter.ts';
import { searchFilter } from '../apps/server/src/modules/search/search.repository.ts';
import { parseSearch } from '../apps/server/src/modules/search/search.service.ts';
import { createTestApp } from '../apps/server/test/test-app.ts';
import { CHROMIUM } from '../playwright.config.ts';

const { values } = parseArgs({
  options: {
    facilities: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '8191' },
    'web-dist': { type: 'string', default: '' },
  },
});
const FACILITIES = Number(values.facilities);
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const FILES_PORT = PORT + 1;
const ROOT = join(import.meta.dirname, '..');
const ORIGIN = `http://localhost:${PORT}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

// ---- Server and data -------------------------------------------------------------------------
console.log(`bench:map — ${FACILITIES} facilities, ${RUNS} runs`);
const t = await createTestApp({
  WEB_DIST: values['web-dist'] || join(ROOT, 'apps/web/dist'),
  PUBLIC_URL: ORIGIN,
  LOG_LEVEL: 'warn',
});
const db = t.db;

const started = performance.now();
// The register through the app's own importer, as the demo start-up loads it (validation, units,
// substances, the search arrays and the map tuple kept by the database); no PDFs, which the map never reads.
await loadDemoRegisterIfEmpty(db, t.app.log, { facilities: FACILITIES, seed: 'bench-map', documents: false });
const { placed } = await db
  .selectFrom('facility')
  .select((eb) => eb.fn.countAll<number>().as('placed'))
  .where('longitude', 'is not', null)
  .executeTakeFirstOrThrow();
// The bench's user sees the whole country: every facility is in scope.
const vest = await db.selectFrom('app_user').select('id').where('username', '=', 'vest.110').executeTakeFirstOrThrow();
await sql`
  insert into municipality_access (user_id, organisation_number, municipality_id, given)
  select ${vest.id}::uuid, ${DEMO_ORGANISATIONS.vest110.organisation_number}, id, true from municipality
  on conflict (user_id, organisation_number, municipality_id) do update set given = true`.execute(db);
console.log(`data: ${placed} facilities with a position in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The floor's compact file and the original way's pages, served gzipped beside the app.
const headers = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
const tuples: MapFacilityTuple[] = [];
for (let body: object = { pageSize: 10_000 }; ; ) {
  const page = (
    await t.app.inject({ method: 'POST', url: '/api/v1/map/facilities', headers, payload: body })
  ).json<MapFacilitiesPage>();
  tuples.push(...page.facilities);
  if (!page.hasMoreResults) break;
  body = { pageSize: 10_000, pitId: page.pitId, continueFrom: page.continueFrom };
}
const floorFile = gzipSync(JSON.stringify(tuples));

// Full objects as the search hits carry them (contracts SearchHit), 10 000 a page.
const municipalities = new Map((await db.selectFrom('municipality').select(['id', 'name']).execute()).map((m) => [m.id, m.name]));
const unitNames = new Map(
  (await db.selectFrom('facility_unit_type').select(['id', 'description_nb']).execute()).map((u) => [u.id, u.description_nb]),
);
const full = await db
  .selectFrom('facility')
  .select([
    'id',
    'is_private',
    'name',
    'street_address',
    'postal_code',
    'postal_place',
    'municipality_id',
    'first_notification_on',
    'owner_name',
    'major_accident',
    'primary_unit_type_id',
    'longitude',
    'latitude',
  ])
  .where('longitude', 'is not', null)
  .orderBy('id')
  .execute();
const hits = full.map((f) => ({
  id: f.id,
  privatePerson: f.is_private,
  name: f.name,
  address: { street: f.street_address, postalCode: f.postal_code, postalPlace: f.postal_place },
  municipality: { id: f.municipality_id, name: municipalities.get(f.municipality_id) ?? '' },
  firstSubstanceNotificationOn: f.first_notification_on,
  client: f.owner_name,
  majorAccident: f.major_accident as SearchHit['majorAccident'],
  facilityUnitTypes: [{ id: f.primary_unit_type_id, description: unitNames.get(f.primary_unit_type_id) ?? '' }],
  hasValidCoordinates: true,
  // The original map read positions from the hit.
  longitude: f.longitude,
  latitude: f.latitude,
}));
const originalPages: Buffer[] = [];
for (let i = 0; i < hits.length; i += 10_000)
  originalPages.push(gzipSync(JSON.stringify({ totalHits: hits.length, hits: hits.slice(i, i + 10_000) })));

// The original way made by a server: each page the search's scoped query (full hit columns) after
// the last id of the one before, presented as search hits with the position, serialised, gzipped.
const vestScope = { userId: vest.id, organisationNumber: DEMO_ORGANISATIONS.vest110.organisation_number };
const everything = await parseSearch(db, vestScope, NO_SEARCH_FILTER);
const { reference } = everything;
async function originalServerPage(after: number): Promise<Buffer> {
  const rows = await selectHitColumns(searchFilter(db, vestScope, everything))
    .select(['facility.longitude', 'facility.latitude'])
    .where('facility.id', '>', after)
    .where('facility.longitude', 'is not', null)
    .orderBy('facility.id')
    .limit(10_000)
    .execute();
  const pageHits = rows.map((row) => ({ ...presentHit(row, reference), longitude: row.longitude, latitude: row.latitude }));
  const last = rows.at(-1)?.id;
  return gzipSync(JSON.stringify({ hits: pageHits, continueFrom: rows.length === 10_000 ? last : null }));
}

const files = createServer(async (request, response) => {
  const url = request.url ?? '';
  const body =
    url === '/floor.json'
      ? floorFile
      : url.startsWith('/original/')
        ? originalPages[Number(url.slice(10))]
        : url.startsWith('/original-server/')
          ? await originalServerPage(Number(url.slice(17)))
          : undefined;
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-encoding': 'gzip',
    'access-control-allow-origin': ORIGIN,
    'cache-control': 'no-store',
  });
  response.end(body);
});
await new Promise<void>((resolve) => files.listen(FILES_PORT, resolve));
await t.app.listen({ port: PORT, host: '127.0.0.1' });

// ---- Browser ---------------------------------------------------------------------------------
const browser = await chromium.launch(CHROMIUM);
// bypassCSP: the floor's script and files belong to the harness; the app's CSP rightly allows neither.
const context = await browser.newContext({
  baseURL: ORIGIN,
  viewport: { width: 1440, height: 900 },
  serviceWorkers: 'block',
  locale: 'nb-NO',
  bypassCSP: true,
});
const page = await context.newPage();
// The app's map pages of the current run (a page navigated away from has no body to count).
let counting = false;
let mapBytes = 0;
let mapFacilities = 0;
page.on('requestfinished', async (request) => {
  if (!counting || !request.url().endsWith('/api/v1/map/facilities')) return;
  try {
    const bytes = (await request.sizes()).responseBodySize;
    const body = (await (await request.response())?.json()) as MapFacilitiesPage;
    mapBytes += bytes;
    mapFacilities += body.facilities.length;
  } catch {
    // navigated away
  }
});

await page.goto('/');
await page.getByLabel('Brukernavn').fill('vest.110');
await page.getByLabel('Passord').fill('demo');
await page.getByRole('button', { name: 'Logg inn' }).click();
await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth'));
const consent = page.getByRole('button', { name: 'Samtykk' });
const proceed = page.getByRole('button', { name: 'Gå videre' });
const landing = page.getByRole('heading', { level: 1, name: 'Velkommen til FAST' });
await consent.or(proceed).or(landing).first().waitFor();
if (await consent.isVisible()) await consent.click();
await proceed.or(landing).first().waitFor();
if (await proceed.isVisible()) {
  await page.getByRole('radio').first().check();
  await proceed.click();
}
await landing.waitFor();

const openTimes: number[] = [];
const appTimes: number[] = [];
const coldAppTimes: number[] = [];
const originalServerTimes: number[] = [];
const apiTimes: number[] = [];
const floorTimes: number[] = [];
const originalTimes: number[] = [];
const supercluster = await readFile(join(ROOT, 'node_modules/supercluster/dist/supercluster.min.js'), 'utf8');
// The same clustering as the app: supercluster with radius 60 px and max zoom 15, all levels built.
const CLUSTER_SCRIPT = `window.benchCluster = (positions) => {
  const points = positions.map((coordinates, i) => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: { i, n: 1 } }));
  new Supercluster({ radius: 60, maxZoom: 15, map: (p) => ({ i: p.i, n: p.n }), reduce: (a, p) => { a.n += p.n; } }).load(points);
};`;

/** One load of /kart in the app, timed by its performance marks. */
async function appLoad(label: string) {
  await page.goto('/kart');
  await page.locator('[data-testid="map-status"][data-phase="ready"]').waitFor({ timeout: 300_000 });
  const { appMs, fetchMs, indexMs, navigationMs } = await page.evaluate(() => ({
    appMs: performance.measure('map', 'fast-map:request', 'fast-map:painted').duration,
    fetchMs: performance.measure('fetch', 'fast-map:request', 'fast-map:fetched').duration,
    // From the navigation to /kart (the page's time origin) to the facilities painted.
    navigationMs: performance.getEntriesByName('fast-map:painted').at(-1)?.startTime ?? Number.NaN,
    indexMs: performance.measure('index', 'fast-map:fetched', 'fast-map:indexed').duration,
  }));
  console.log(
    `  ${label}: request → painted ${ms(appMs)} (fetching ${ms(fetchMs)}, clustering ${ms(indexMs)}, painting ${ms(appMs - fetchMs - indexMs)}); navigation → painted ${ms(navigationMs)}`,
  );
  return { appMs };
}

/** A change to the register (one facility's name set to itself): the next snapshot is taken anew. */
const touchRegister = () => sql`update facility set name = name where id = (select min(id) from facility)`.execute(db);

/** From the landing page, its prefetch done: click "Kartvisning av anlegg" → clusters painted. */
async function openFromLanding() {
  await page.goto('/');
  await page.waitForFunction(() => performance.getEntriesByName('fast-map:indexed').length > 0, null, { timeout: 300_000 });
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('link', { name: 'Kartvisning av anlegg' }).click();
  await page.locator('[data-testid="map-status"][data-phase="ready"]').waitFor({ timeout: 300_000 });
  const painted = await page.evaluate(() => performance.getEntriesByName('fast-map:painted').at(-1)?.startTime ?? Number.NaN);
  console.log(`  opened from the landing page, facilities fetched ahead: click → painted ${ms(painted - clicked)}`);
  return painted - clicked;
}

for (let run = 0; run < RUNS; run++) {
  openTimes.push(await openFromLanding());
  await touchRegister();
  coldAppTimes.push((await appLoad('snapshot taken for the load')).appMs);
  mapBytes = 0;
  mapFacilities = 0;
  counting = true;
  const { appMs } = await appLoad('snapshot shared          ');
  appTimes.push(appMs);
  await page.waitForTimeout(200);
  counting = false;
  await page.addScriptTag({ content: supercluster });
  await page.addScriptTag({ content: CLUSTER_SCRIPT });
  const floorMs = await page.evaluate(async (url) => {
    const started = performance.now();
    const tuples = (await (await fetch(url)).json()) as [number, number, number][];
    // biome-ignore lint/suspicious/noExplicitAny: the harness's global (CLUSTER_SCRIPT)
    (window as any).benchCluster(tuples.map((f) => [f[1], f[2]]));
    return performance.now() - started;
  }, `http://localhost:${FILES_PORT}/floor.json`);
  floorTimes.push(floorMs);
  // The app's data path in the same idle page: the real API (snapshot, pages three at a time as
  // the app asks for them), parsed and clustered the same way.
  const apiMs = await page.evaluate(
    async (apiHeaders) => {
      const started = performance.now();
      const ask = async (body: object) =>
        (await (
          await fetch('/api/v1/map/facilities', { method: 'POST', headers: apiHeaders, body: JSON.stringify(body) })
        ).json()) as { facilities: [number, number, number][]; pitId: string; totalCount: number; continueFrom: number | null };
      const first = await ask({ pageSize: 10_000 });
      const starts: number[] = [];
      for (let from = first.continueFrom ?? first.totalCount; from < first.totalCount; from += 10_000) starts.push(from);
      const pages: [number, number, number][][] = [];
      let next = 0;
      const worker = async () => {
        while (next < starts.length) {
          const k = next++;
          pages[k] = (await ask({ pageSize: 10_000, pitId: first.pitId, continueFrom: starts[k] })).facilities;
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      const tuples = first.facilities.concat(...pages);
      // biome-ignore lint/suspicious/noExplicitAny: the harness's global (CLUSTER_SCRIPT)
      (window as any).benchCluster(tuples.map((f) => [f[1], f[2]]));
      return performance.now() - started;
    },
    { ...(headers as Record<string, string>), 'content-type': 'application/json' },
  );
  apiTimes.push(apiMs);
  const originalMs = await page.evaluate(
    async ({ base, pages }) => {
      const started = performance.now();
      const all: { longitude: number; latitude: number; id: number }[] = [];
      for (let i = 0; i < pages; i++) {
        const body = (await (await fetch(`${base}/original/${i}`)).json()) as {
          hits: { longitude: number; latitude: number; id: number }[];
        };
        all.push(...body.hits);
      }
      // biome-ignore lint/suspicious/noExplicitAny: the harness's global (CLUSTER_SCRIPT)
      (window as any).benchCluster(all.map((h) => [h.longitude, h.latitude]));
      return performance.now() - started;
    },
    { base: `http://localhost:${FILES_PORT}`, pages: originalPages.length },
  );
  originalTimes.push(originalMs);
  const originalServerMs = await page.evaluate(async (base) => {
    const started = performance.now();
    const all: { longitude: number; latitude: number; id: number }[] = [];
    for (let after = 0; ; ) {
      const body = (await (await fetch(`${base}/original-server/${after}`)).json()) as {
        hits: { longitude: number; latitude: number; id: number }[];
        continueFrom: number | null;
      };
      all.push(...body.hits);
      if (body.continueFrom === null) break;
      after = body.continueFrom;
    }
    // biome-ignore lint/suspicious/noExplicitAny: the harness's global (CLUSTER_SCRIPT)
    (window as any).benchCluster(all.map((h) => [h.longitude, h.latitude]));
    return performance.now() - started;
  }, `http://localhost:${FILES_PORT}`);
  originalServerTimes.push(originalServerMs);
  console.log(
    `run ${run + 1}: app ${ms(appMs)} (snapshot taken for it ${ms(coldAppTimes.at(-1) ?? Number.NaN)}), floor ${ms(floorMs)}, ` +
      `API path in the idle page ${ms(apiMs)}, original way ${ms(originalServerMs)} (static files ${ms(originalMs)})`,
  );
}

// Frame times: pan and zoom with the mouse for a few seconds while every frame is timed.
const box = await page.getByTestId('map').boundingBox();
if (!box) throw new Error('no map');
await page.evaluate(() => {
  const w = window as unknown as { __frames: number[]; __stop: boolean };
  w.__frames = [];
  w.__stop = false;
  let last = performance.now();
  const tick = (now: number) => {
    w.__frames.push(now - last);
    last = now;
    if (!w.__stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
const cx = box.x + box.width / 2;
const cy = box.y + box.height / 2;
for (let i = 0; i < 4; i++) {
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 200, cy + 80, { steps: 20 });
  await page.mouse.up();
  await page.mouse.wheel(0, -400);
  await page.waitForTimeout(400);
  await page.mouse.move(cx + 200, cy + 80);
  await page.mouse.down();
  await page.mouse.move(cx, cy, { steps: 20 });
  await page.mouse.up();
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(400);
}
const frames = await page.evaluate(() => {
  const w = window as unknown as { __frames: number[]; __stop: boolean };
  w.__stop = true;
  return w.__frames.slice(1);
});

await browser.close();
files.close();
await t.close();

// ---- Report ----------------------------------------------------------------------------------
const app = median(appTimes);
const coldApp = median(coldAppTimes);
const floor = median(floorTimes);
const apiPath = median(apiTimes);
const original = median(originalServerTimes);
const originalStatic = median(originalTimes);
const decoded = tuples.map(decodeMapFacility).length;
console.log('');
console.log(`facilities on the map:         ${decoded} (pages counted ${mapFacilities})`);
console.log(
  `app, request → painted:        ${ms(app)} shared snapshot, ${ms(coldApp)} snapshot taken for the load (medians of ${RUNS})`,
);
console.log(`floor, file + parse + index:   ${ms(floor)}`);
console.log(
  `opening the map, fetched ahead: ${ms(median(openTimes))} from the click on the landing page to all clusters painted`,
);
console.log(
  `ratio app / floor:             ${(app / floor).toFixed(2)} shared, ${(coldApp / floor).toFixed(2)} taken for the load (target ≤ 2)`,
);
console.log(`API path, idle page:           ${ms(apiPath)} (our API, parse, index); ${(apiPath / floor).toFixed(2)} × the floor`);
console.log(
  `original way (full objects):   ${ms(original)} made by a server, parse, index, no painting ` +
    `(${ms(originalStatic)} as static files); the API path in the same idle page is ${(original / apiPath).toFixed(1)}× as fast ` +
    `(${(originalStatic / apiPath).toFixed(1)}× against the static files), the app with its painting ${(original / app).toFixed(1)}× (target ≥ 5)`,
);
console.log(
  `wire bytes per facility:       ${(mapBytes / Math.max(1, mapFacilities)).toFixed(1)} gzip (target ≤ 20); original way ${(originalPages.reduce((s, b) => s + b.length, 0) / hits.length).toFixed(1)}`,
);
console.log(
  `frame times while panning:     p50 ${percentile(frames, 0.5).toFixed(1)} ms, p95 ${percentile(frames, 0.95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms over ${frames.length} frames (SwiftShader, no GPU)`,
);
