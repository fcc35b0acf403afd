/**
 * `npm run bench:search`: facility search and export at register scale, on PGlite and PostgreSQL.
 *
 * Data: the demo register generator's output (BENCH_FACILITIES, default 112 500: 100 000 of them
 * may be exported, 12 500 are explosives facilities), imported through the real import path once
 * and kept (see search-setup.ts). The caller's organisation sees every municipality: the widest
 * scope, so the heaviest queries.
 *
 * 1. Latency, per query of a fixed realistic set: the API (POST /api/v1/facilities/search through
 *    Fastify with light-my-request: token, organisation and terms checks, validation, the
 *    statements, presenter, serialisation) next to the raw SQL of the same statements (the count
 *    beside the page's ids and then their rows; compiled from the same repository code and
 *    executed straight on the driver, in the same run, interleaved). Target: API p50 and p95 ≤ 1.3 × SQL. The access checks alone (a 400 from
 *    validation) are shown as the platform's floor.
 * 2. Throughput: autocannon, 50 connections, 10 s, over a socket; meanwhile GET /healthz, one at a
 *    time, shows whether the load stalls the server's event loop (target p99 ≤ 100 ms). Run without
 *    the search's result cache (the statements under load) and with it, as a server runs by default
 *    (the same search from 50 callers: computed once per register version, then kept). The latency
 *    and export parts run without it.
 * 3. Export: 100 000 rows through POST /api/v1/facilities/search/export next to a bare ExcelJS
 *    streaming write of the same cells (target ≤ 1.3×), and next to that bare write with the
 *    export's one style object per column (sharedCellStyles: the export's own work, its style trick
 *    aside), and the server's peak memory (VmHWM of
 *    a fresh server process) when it exports 10 000 and 100 000 rows (target growth ≤ 1.3×).
 *
 * Environment: BENCH_ENGINES=pglite,postgres  BENCH_ROUNDS=100  BENCH_FACILITIES=112500
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://fast:fast@localhost:5432/postgres),
 * BENCH_DB_NAME (the PostgreSQL database, default fast_bench_search; the size is appended), BENCH_DIR,
 * BENCH_PARTS=latency,throughput,export,memory (latency is always measured: the others follow it).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { NO_SEARCH_FILTER, type SearchPayload } from '@fast/contracts';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/database.ts';
import { searchReference } from '../apps/server/src/modules/catalogue/search-reference.ts';
import { sharedCellStyles } from '../apps/server/src/modules/exports/export-workbook.ts';
import { exportCells, exportColumns, substanceSummary } from '../apps/server/src/modules/exports/facility-export.ts';
import { findExportBatch, hitRowsQuery } from '../apps/server/src/modules/facility/facility-rows.repository.ts';
import {
  countQuery,
  findExportIds,
  pageCountsItself,
  pageIdsQuery,
  pageIdsWithTotalQuery,
} from '../apps/server/src/modules/search/search.repository.ts';
import { parseSearch } from '../apps/server/src/modules/search/search.service.ts';
import { BENCH_SEARCH_QUERIES } from '../apps/server/test/search-queries.ts';
import { probeHealth } from './health-probe.ts';
import { timedInject } from './inject.ts';
import { interleaved, medianAndTail, ms, pad, quantile } from './measure.ts';
import { BENCH_USER, benchHeaders, type Engine, openBenchDatabase, startBenchServer } from './search-setup.ts';

const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 112_500);
// A p95 of 40 samples is the third-slowest: one stall of this shared machine moves it.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARMUP = 5;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const PARTS = new Set((process.env.BENCH_PARTS ?? 'latency,throughput,export,memory').split(','));
const TARGET = 1.3;
const EXPORT_ROWS = [10_000, 100_000];
const ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:8080',
  WEB_DIST: '/nonexistent',
  DEMO_DATA: 'off',
  // The benchmark measures search, not the rate limiter.
  RATE_LIMIT_PER_USER_PER_MINUTE: '100000000',
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
  // Latency and export measure the statements: a kept answer would be measured instead of them.
  SEARCH_CACHE_MB: '0',
};

const base: SearchPayload = { ...NO_SEARCH_FILTER, hitsToSkip: 0, hitsToReturn: 10 };
const QUERIES = BENCH_SEARCH_QUERIES;

const log = (line: string) => console.log(line);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

async function latency(engine: Engine, db: Db) {
  const config = loadConfig(ENV);
  const app = await buildApp(config, { db });
  await app.ready();
  const headers = await benchHeaders(db, config);
  const user = await db.selectFrom('app_user').select('id').where('username', '=', BENCH_USER).executeTakeFirstOrThrow();
  const scope = { userId: user.id, organisationNumber: headers['fast-org-number'] ?? '' };
  await searchReference(db);

  const floor = async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/v1/facilities/search', headers, payload: { query: 1 } });
    if (response.statusCode !== 400) throw new Error(`floor answered ${response.statusCode}`);
    return performance.now() - started;
  };
  const floorTimes: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const t = await floor();
    if (i >= WARMUP) floorTimes.push(t);
  }

  log(`\n${engine}: search latency, ${ROUNDS} rounds each (API through Fastify vs the raw SQL of its statements)`);
  log(
    `${pad('query', 36)}${pad('hits', 9)}${pad('SQL p50', 11)}${pad('API p50', 11)}${pad('ratio', 8)}${pad('SQL p95', 11)}${pad('API p95', 11)}ratio`,
  );
  const summary: { name: string; p50: number; p95: number }[] = [];
  for (const [name, payload] of QUERIES) {
    // The terms are part of the compiled statements (as the service builds them); finding them
    // (one probe per long word) is part of the API's time.
    const search = await parseSearch(db, scope, payload);
    const count = countQuery(db, scope, search).compile();
    // The page: its ids in order (with free text on PGlite with the total beside each), then their
    // rows (compiled once the ids are known).
    const countsItself = pageCountsItself(db, search);
    const page = async () => {
      const query = countsItself ? pageIdsWithTotalQuery(db, scope, search) : pageIdsQuery(db, scope, search);
      return (await db.executeQuery(query.compile())).rows as { id: number; total?: string }[];
    };
    const rowsOf = (ids: { id: number }[]) =>
      db.executeQuery(
        hitRowsQuery(
          db,
          scope,
          ids.map((r) => r.id),
        ).compile(),
      );
    let total = 0;
    const raw = async () => {
      const started = performance.now();
      if (countsItself) {
        const ids = await page();
        await rowsOf(ids);
        total = Number(ids[0]?.total ?? 0);
      } else {
        const [c] = await Promise.all([db.executeQuery(count), page().then(rowsOf)]);
        total = Number((c.rows[0] as { total: string }).total);
      }
      return performance.now() - started;
    };
    const api = async () => {
      const response = await timedInject(app, { method: 'POST', url: '/api/v1/facilities/search', headers, payload });
      if (response.statusCode !== 200) throw new Error(`${name}: API answered ${response.statusCode} ${response.body}`);
      return response.ms;
    };
    const sqlTimes: number[] = [];
    const apiTimes: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const { sqlTime, apiTime } = await interleaved(i, raw, api);
      if (i >= WARMUP) {
        sqlTimes.push(sqlTime);
        apiTimes.push(apiTime);
      }
    }
    const [s50, a50, s95, a95] = medianAndTail(sqlTimes, apiTimes);
    summary.push({ name, p50: a50 / s50, p95: a95 / s95 });
    log(
      `${pad(name, 36)}${pad(String(total), 9)}${pad(ms(s50), 11)}${pad(ms(a50), 11)}${pad(ratio(a50, s50), 8)}${pad(ms(s95), 11)}${pad(ms(a95), 11)}${ratio(a95, s95)}`,
    );
  }
  log(
    `platform floor (token, organisation, terms; a 400 before any search code): p50 ${ms(quantile(floorTimes, 0.5))}, p95 ${ms(quantile(floorTimes, 0.95))}`,
  );
  const worst50 = Math.max(...summary.map((s) => s.p50));
  const worst95 = Math.max(...summary.map((s) => s.p95));
  log(`worst ratio: p50 ${worst50.toFixed(2)}×, p95 ${worst95.toFixed(2)}× (target ≤ ${TARGET}×)`);

  if (PARTS.has('throughput')) {
    await throughput(`${engine} (no result cache)`, app, headers);
    const cached = await buildApp(loadConfig({ ...ENV, SEARCH_CACHE_MB: '16' }), { db });
    await throughput(`${engine} (result cache, as served)`, cached, headers);
    await cached.close();
  }
  if (PARTS.has('export')) await exportSpeed(engine, db, app, headers, scope);
  await app.close();
}

async function throughput(engine: string, app: Awaited<ReturnType<typeof buildApp>>, headers: Record<string, string>) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const [name, payload] of [QUERIES[0], QUERIES[4]] as [string, SearchPayload][]) {
    const args = ['-c', '50', '-d', '10', '-m', 'POST', '-b', JSON.stringify(payload), '--json'];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
    args.push(`${address}/api/v1/facilities/search`);
    const health = probeHealth(address);
    const output = await run(join(import.meta.dirname, '../node_modules/.bin/autocannon'), args);
    const healthz = await health();
    const result = JSON.parse(output) as {
      requests: { average: number };
      latency: { p50: number; p97_5: number; p99: number };
      non2xx: number;
      errors: number;
    };
    log(
      `${engine}: autocannon 50 connections, 10 s, ${name}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}; meanwhile /healthz p50 ${healthz.p50} ms, p99 ${healthz.p99} ms, max ${healthz.max} ms (${healthz.probes} probes, ${healthz.failed} failed; target p99 ≤ 100 ms)`,
    );
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${err}`))));
  });
}

class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    this.bytes += chunk.length;
    callback();
  }
}

async function exportSpeed(
  engine: Engine,
  db: Db,
  app: Awaited<ReturnType<typeof buildApp>>,
  headers: Record<string, string>,
  scope: { userId: string; organisationNumber: string },
) {
  const rows = 100_000;
  const payload = { ...base, hitsToReturn: rows };
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  // The same rows as the export, as cells in memory, outside the timing.
  const reference = await searchReference(db);
  const ids = await findExportIds(db, scope, await parseSearch(db, scope, payload));
  const cells: (string | number | Date | null)[][] = [];
  for (let i = 0; i < ids.length; i += 2000) {
    for (const row of await findExportBatch(db, scope, ids.slice(i, i + 2000))) {
      cells.push(exportCells(row, substanceSummary(row.substances, reference, 'nb'), reference, 'nb'));
    }
  }

  // The bare loop; `shared`: with the export's one style object per column and type (see
  // sharedCellStyles), what the export's own work is measured against.
  const bare = async (shared: boolean) => {
    const started = performance.now();
    const sink = new CountingSink();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Anlegg');
    sheet.columns = exportColumns('nb').map((c, i) => ({
      header: c.header,
      key: String(i),
      width: c.width,
      style: c.numFmt ? { numFmt: c.numFmt } : {},
    }));
    const shareStyles = shared ? sharedCellStyles() : null;
    for (const values of cells) {
      const row = sheet.addRow(values);
      shareStyles?.(row);
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
    return { ms: performance.now() - started, bytes: sink.bytes };
  };
  const api = async () => {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/v1/facilities/search/export`, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload),
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
    return { ms: performance.now() - started, bytes };
  };
  const bareTimes: number[] = [];
  const sharedTimes: number[] = [];
  const apiTimes: number[] = [];
  let apiBytes = 0;
  let bareBytes = 0;
  for (let i = 0; i < 3; i++) {
    const b = await bare(false);
    const s = await bare(true);
    const a = await api();
    bareTimes.push(b.ms);
    sharedTimes.push(s.ms);
    apiTimes.push(a.ms);
    bareBytes = b.bytes;
    apiBytes = a.bytes;
  }
  const [b50, s50, a50] = [quantile(bareTimes, 0.5), quantile(sharedTimes, 0.5), quantile(apiTimes, 0.5)];
  log(
    `${engine}: export of ${cells.length} rows (median of 3): API ${ms(a50)} (${(apiBytes / 1e6).toFixed(1)} MB), bare ExcelJS streaming write ${ms(b50)} (${(bareBytes / 1e6).toFixed(1)} MB): ${ratio(a50, b50)} (target ≤ ${TARGET}×); the bare write with the export's shared cell styles ${ms(s50)}: ${ratio(a50, s50)}`,
  );
}

/** Peak resident memory (VmHWM) of a fresh server process that exports `rows` rows. */
async function exportMemory(
  engine: Engine,
  headers: Record<string, string>,
  rows: number,
): Promise<{ before: number; peak: number }> {
  const server = await startBenchServer(engine, FACILITIES, ENV);
  const { url } = server;
  const hwm = () => server.memory('VmHWM');
  try {
    // Warm: one search and a small export, so that the peak is the export's, not the start's.
    await fetch(`${url}/api/v1/facilities/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...base, query: 'propan' }),
    });
    const small = await fetch(`${url}/api/v1/facilities/search/export`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...base, hitsToReturn: 100 }),
    });
    await small.arrayBuffer();
    const before = hwm();
    const response = await fetch(`${url}/api/v1/facilities/search/export`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...base, hitsToReturn: rows }),
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    for await (const _chunk of response.body) {
      // drained as a browser would
    }
    return { before, peak: hwm() };
  } finally {
    await server.stop();
  }
}

for (const engine of ENGINES) {
  const db = await openBenchDatabase(engine, FACILITIES, log);
  const config = loadConfig(ENV);
  const headers = await benchHeaders(db, config);
  try {
    await latency(engine, db);
  } finally {
    await db.destroy();
  }
  const memory: Record<number, { before: number; peak: number }> = {};
  if (PARTS.has('memory')) for (const rows of EXPORT_ROWS) memory[rows] = await exportMemory(engine, headers, rows);
  const [small, large] = EXPORT_ROWS.map((r) => memory[r] as { before: number; peak: number });
  if (small && large) {
    log(
      `${engine}: server peak memory (VmHWM) exporting 10 000 rows ${small.peak.toFixed(0)} MB (before ${small.before.toFixed(0)} MB), 100 000 rows ${large.peak.toFixed(0)} MB (before ${large.before.toFixed(0)} MB): ${ratio(large.peak, small.peak)} (target ≤ ${TARGET}×)`,
    );
  }
}
