import type { OgcFeatureCollection } from '@fast/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { findFeedKeys, findFeedRows, findFeedVersion } from '../apps/server/src/modules/ogc/ogc.repository.ts';
import { FEED_CHUNK_ROWS } from '../apps/server/src/modules/ogc/ogc.service.ts';
import { timedInject } from './inject.ts';
import { BENCH_SERVER_ENV, interleaved, medianAndTail, ms, pad, timed } from './measure.ts';
import { BENCH_USER, benchHeaders, type Engine, openBenchDatabase, startBenchServer } from './search-setup.ts';

const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 112_500);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const PARTS = new Set((process.env.BENCH_PARTS ?? 'latency,memory').split(','));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 10_000;
const STARTS = 10;
const WARMUP = 3;
const TARGET = 1.3;
const MEMORY_ROWS = (process.env.BENCH_MEMORY_ROWS ?? '10000,100000').split(',').map(Number);
const NO_FILTER = { box: null, updated: null, municipalities: null, majorAccident: null };
const KEYS_OPTIONS = { count: true, positions: false };
/** How long the server must be quiet before it gives back the heap (memory-settle.ts: 2 s), and a margin. */
const SETTLE_MS = 4_000;

const log = (line: string) => console.log(line);

/** Where the measured pages start: the first page, and after ten ids spread over the register. */
async function pageStarts(db: Db): Promise<(number | null)[]> {
  const rows = await db.selectFrom('facility').select('id').where('is_explosives', '=', false).orderBy('id').execute();
  const step = Math.floor(rows.length / STARTS);
  return [null, ...Array.from({ length: STARTS - 1 }, (_, i) => rows[(i + 1) * step - 1]?.id ?? null)];
}

async function latency(engine: Engine, db: Db) {
  const app = await buildApp(loadConfig(BENCH_SERVER_ENV), { db });
  await app.ready();
  const headers = await benchHeaders(db, app.config);
  const user = await db.selectFrom('app_user').select('id').where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const scope = { userId: user.id, organisationNumber: headers['fast-org-number'] ?? '' };
  const starts = await pageStarts(db);
  const sqlTimes: number[] = [];
  const apiTimes: number[] = [];
  let bytes = 0;
  const rounds = [...starts.slice(0, WARMUP), ...Array.from({ length: ROUNDS }, () => starts).flat()];
  // What every page counts, found outside the timing.
  const { matched } = await findFeedKeys(db, scope, NO_FILTER, { limit: 1, after: null, before: null }, KEYS_OPTIONS);
  for (const [index, after] of rounds.entries()) {
    const raw = () =>
      timed(async () => {
        await findFeedVersion(db, scope);
        const { ids } = await findFeedKeys(db, scope, NO_FILTER, { limit: PAGE, after, before: null }, KEYS_OPTIONS);
        for (let start = 0; start < ids.length; start += FEED_CHUNK_ROWS)
          await findFeedRows(db, scope, ids.slice(start, start + FEED_CHUNK_ROWS));
      });
    const url = `/ogc/collections/facilities/items?limit=${PAGE}${after === null ? '' : `&after=${after}`}`;
    const api = async () => {
      const response = await timedInject(app, { method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`items answered ${response.statusCode} ${response.body.slice(0, 300)}`);
      bytes = response.body.length;
      const body = JSON.parse(response.body) as OgcFeatureCollection;
      if (body.numberMatched !== matched) throw new Error(`items matched ${body.numberMatched}, the SQL ${matched}`);
      return response.ms;
    };
    const { sqlTime, apiTime } = await interleaved(index, raw, api);
    if (index >= WARMUP) {
      sqlTimes.push(sqlTime);
      apiTimes.push(apiTime);
    }
  }
  await app.close();
  const [s50, a50, s95, a95] = medianAndTail(sqlTimes, apiTimes);
  log(
    `\n${engine}: GET /ogc/collections/facilities/items?limit=${PAGE}, ${starts.length} pages × ${ROUNDS} (API through Fastify vs the raw SQL of its statements)`,
  );
  log(
    `${pad('SQL p50', 11)}${pad('API p50', 11)}${pad('ratio', 8)}${pad('SQL p95', 11)}${pad('API p95', 11)}${pad('ratio', 8)}bytes/page`,
  );
  log(
    `${pad(ms(s50), 11)}${pad(ms(a50), 11)}${pad(`${(a50 / s50).toFixed(2)}×`, 8)}${pad(ms(s95), 11)}${pad(ms(a95), 11)}${pad(`${(a95 / s95).toFixed(2)}×`, 8)}${(bytes / 1e6).toFixed(1)} MB`,
  );
  log(`  API/SQL p95 ${(a95 / s95).toFixed(2)}× (target ≤ ${TARGET}×) ${a95 / s95 <= TARGET ? 'met' : 'MISSED'}`);
}

/** A server's resident memory in MB: before the pages, the largest while serving them, and once it settled. */
interface Resident {
  before: number;
  peak: number;
  after: number;
}

/** Peak resident memory (VmRSS sampled every 20 ms) of a fresh server process that serves `rows` facilities, page after page. */
async function itemsMemory(engine: Engine, headers: Record<string, string>, rows: number): Promise<Resident> {
  const server = await startBenchServer(engine, FACILITIES, BENCH_SERVER_ENV);
  const { url } = server;
  const status = server.memory;
  try {
    // Warm: a small page, so that the peak is the pages', not the start's.
    await (await fetch(`${url}/ogc/collections/facilities/items?limit=100`, { headers })).arrayBuffer();
    // The start's peak (PGlite's heap while it opens the database) hides a page's: the resident
    // size is sampled while the pages are served, and its largest value is the peak.
    const before = status('VmRSS');
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, status('VmRSS'));
    }, 20);
    let next: string | null = `${url}/ogc/collections/facilities/items?limit=${PAGE}`;
    let served = 0;
    while (next && served < rows) {
      const response: Response = await fetch(next, { headers });
      if (!response.ok) throw new Error(`items answered ${response.status}`);
      const body = (await response.json()) as OgcFeatureCollection;
      served += body.numberReturned;
      const href = body.links.find((l) => l.rel === 'next')?.href;
      next = href ? href.replace(/^https?:\/\/[^/]+/, url) : null;
    }
    clearInterval(sampler);
    if (served < rows) throw new Error(`served ${served} rows, not ${rows}`);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return { before, peak, after: status('VmRSS') };
  } finally {
    await server.stop();
  }
}

log(`OGC API – Features at ${FACILITIES} facilities, widest scope. The machine may be shared: compare ratios from one run.`);
for (const engine of ENGINES) {
  const db = await openBenchDatabase(engine, FACILITIES, log);
  const headers = await benchHeaders(db, loadConfig(BENCH_SERVER_ENV));
  try {
    if (PARTS.has('latency')) await latency(engine, db);
  } finally {
    await db.destroy();
  }
  if (PARTS.has('memory')) {
    const measured: Resident[] = [];
    for (const rows of MEMORY_ROWS) measured.push(await itemsMemory(engine, headers, rows));
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    log(`\n${engine}: server resident memory (VmRSS) serving items in pages of ${PAGE}, a fresh server each`);
    for (const [i, r] of measured.entries()) {
      log(
        `  ${pad(`${MEMORY_ROWS[i]} rows:`, 13)}before ${mb(r.before)}, peak ${mb(r.peak)} (+${mb(r.peak - r.before)}), after ${SETTLE_MS / 1000} s quiet ${mb(r.after)}`,
      );
    }
    const ratio = (measured.at(-1)?.peak ?? Number.NaN) / (measured[0]?.peak ?? Number.NaN);
    log(
      `  peak ${MEMORY_ROWS.at(-1)} / ${MEMORY_ROWS[0]} rows ${ratio.toFixed(2)}× (target ≤ ${TARGET}×) ${ratio <= TARGET ? 'met' : 'MISSED'}`,
    );
  }
}
