/**
 * `npm run bench:import -- [--postgres URL] [--sizes 100000,1000000] [--skip-default] [--skip-during]
 *   [--during-facilities 18000]`
 *
 * 1. The default demo register (18 000 facilities with documents) generated and imported into a
 *    fresh file-based PGlite, the way the server does it on first start (budget: 60 s).
 * 2. During an import (issue 41): a server on a fresh file-based PGlite with the demo register
 *    takes a refresh of it through POST /api/v1/admin/imports (--during-facilities records with
 *    documents, every one changed), while GET /readyz is probed every 250 ms with the load
 *    balancer's 2 s time-out and vest.110 searches one search after another. Reports the import's
 *    duration, /readyz p50/p99/max and failures, and search p50/p95/max, beside the same probes on
 *    the idle server for 10 s before. (--postgres: the same against a fresh database there.)
 * 3. With --postgres: registers of each size (no documents) written to a temporary file and imported
 *    by the import CLI into a fresh database on that server: records per second and the CLI's peak
 *    RSS, whose growth from the smallest to the largest size should stay under 1.3×.
 * Each measurement runs in its own process, so that one does not inherit the other's heap.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '..');
const SERVER = join(ROOT, 'apps/server');

const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    sizes: { type: 'string', default: '100000,1000000' },
    'skip-default': { type: 'boolean', default: false },
    'skip-during': { type: 'boolean', default: false },
    'during-facilities': { type: 'string', default: '18000' },
    'child-demo': { type: 'string' },
  },
});

if (values['child-demo']) {
  await childDemo(values['child-demo']);
  process.exit(0);
}

/** Runs in a child: fresh PGlite directory, schema, then the server's demo load, timed. */
async function childDemo(dataDir: string) {
  const { createDatabase } = await import('../apps/server/src/db/database.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { loadReferenceData } = await import('../apps/server/src/modules/reference/reference-data.ts');
  const { loadDemoRegisterIfEmpty } = await import('../apps/server/src/demo/demo-register.ts');
  const db = createDatabase({ kind: 'pglite', dataDir });
  let t = performance.now();
  await migrateToLatest(db);
  await loadReferenceData(db);
  const migrateSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const silent = { info() {}, warn() {} };
  const summary = await loadDemoRegisterIfEmpty(db, silent);
  const loadSeconds = (performance.now() - t) / 1000;
  await db.destroy();
  console.log(JSON.stringify({ migrateSeconds, loadSeconds, read: summary?.read, invalid: summary?.invalid }));
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  peakRssMb: number;
}

/** Runs a Node script and samples its resident set size from /proc while it runs. */
function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let peakKb = 0;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peakKb = Math.max(peakKb, hwm);
    } catch {
      // the process has just ended
    }
  }, 200);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000, peakRssMb: peakKb / 1024 });
    }),
  );
}

const rows: string[][] = [];
const dir = mkdtempSync(join(tmpdir(), 'fast-bench-import-'));

const quantile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);

interface Probed {
  /** Latencies in ms, sorted. */
  ms: number[];
  failed: number;
  /** When the slowest (or a failed) probe started, in seconds from the first. */
  worstAt: number[];
}

/** Calls `probe` one after another until stopped. */
function repeatedly(probe: () => Promise<boolean>, pauseMs: number): () => Promise<Probed> {
  const ms: number[] = [];
  const worst: { at: number; ms: number }[] = [];
  let failed = 0;
  let running = true;
  const first = performance.now();
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await probe().catch(() => false);
      const took = performance.now() - started;
      if (ok) ms.push(took);
      else failed++;
      worst.push({ at: (started - first) / 1000, ms: ok ? took : Number.POSITIVE_INFINITY });
      worst.sort((a, b) => b.ms - a.ms).splice(3);
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { ms: ms.sort((a, b) => a - b), failed, worstAt: worst.map((w) => Math.round(w.at)) };
  };
}

/** Phase 2: /readyz and search while the server imports a refresh of its register. */
async function duringImport(databaseUrl: string | null): Promise<string[][]> {
  const { fetchDevToken } = await import('../apps/server/src/cli/dev-token.ts');
  const { serverCommand, freePort } = await import('../apps/server/test/server-process.ts');
  const { NO_SEARCH_FILTER } = await import('@fast/contracts');
  const facilities = Number(values['during-facilities']);
  const file = join(dir, 'refresh.ndjson');
  const generated = await runNode([
    join(SERVER, 'src/cli/demo-data.ts'),
    '--facilities',
    String(facilities),
    '--seed',
    'bench-refresh',
    '--out',
    file,
  ]);
  if (generated.code !== 0) throw new Error(`demo-data failed:\n${generated.stderr}`);
  let database: string | null = null;
  if (databaseUrl) {
    database = `fast_bench_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  }
  const url = databaseUrl && database ? Object.assign(new URL(databaseUrl), { pathname: `/${database}` }).toString() : '';
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = serverCommand();
  const child = spawn(process.execPath, server.args, {
    env: {
      ...process.env,
      ...server.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: join(dir, 'during'),
      DATABASE_URL: url,
      DATABASE_REPLICA_URL: '',
      DEMO_DATA: 'auto',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_USER_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const deadline = Date.now() + 900_000;
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const admin = { authorization: `Bearer ${await fetchDevToken(base, 'fast.admin')}` };
    const user = { authorization: `Bearer ${await fetchDevToken(base, 'vest.110')}` };
    await fetch(`${base}/api/v1/terms/accept`, {
      method: 'POST',
      headers: { ...user, 'content-type': 'application/json' },
      body: '{}',
    });
    const searchHeaders = { ...user, 'fast-org-number': '910000101', 'content-type': 'application/json' };
    const queries = ['propan', 'bergen', 'ammoniakk', 'diesel', ''];
    let q = 0;
    const ready = () =>
      fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(async (r) => {
        await r.arrayBuffer();
        return r.ok;
      });
    const search = () =>
      fetch(`${base}/api/v1/facilities/search`, {
        method: 'POST',
        headers: searchHeaders,
        body: JSON.stringify({ ...NO_SEARCH_FILTER, query: queries[q++ % queries.length], hitsToSkip: 0, hitsToReturn: 25 }),
        signal: AbortSignal.timeout(30_000),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.ok;
      });
    const measure = async (during: () => Promise<unknown>) => {
      const stopReady = repeatedly(ready, 250);
      const stopSearch = repeatedly(search, 0);
      const started = performance.now();
      const result = await during();
      const seconds = (performance.now() - started) / 1000;
      return { result, seconds, ready: await stopReady(), search: await stopSearch() };
    };
    const idle = await measure(() => new Promise((resolve) => setTimeout(resolve, 10_000)));
    const during = await measure(async () => {
      const response = await fetch(`${base}/api/v1/admin/imports`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/x-ndjson' },
        body: readFileSync(file),
        signal: AbortSignal.timeout(1_800_000),
      });
      const report = (await response.json()) as { read: number; written: number; invalid: number };
      if (response.status !== 200) throw new Error(`the import answered ${response.status}: ${JSON.stringify(report)}`);
      return report;
    });
    const report = during.result as { read: number; written: number };
    const line = (what: string, m: typeof idle) => [
      databaseUrl ? 'PostgreSQL' : 'PGlite (file)',
      what,
      `/readyz ${m.ready.ms.length + m.ready.failed} probes, ${m.ready.failed} failed (2 s); p50 ${quantile(m.ready.ms, 0.5)} ms, p99 ${quantile(m.ready.ms, 0.99)} ms, max ${quantile(m.ready.ms, 1)} ms (worst at ${m.ready.worstAt.join(', ')} s)`,
      `search ${m.search.ms.length} (${m.search.failed} failed): p50 ${quantile(m.search.ms, 0.5)} ms, p95 ${quantile(m.search.ms, 0.95)} ms, max ${quantile(m.search.ms, 1)} ms (worst at ${m.search.worstAt.join(', ')} s)`,
    ];
    return [
      line('idle server, 10 s', idle),
      line(
        `during an import through the server: ${report.read} records (with PDFs), ${report.written} written, ${during.seconds.toFixed(0)} s`,
        during,
      ),
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (databaseUrl && database) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    }
    rmSync(join(dir, 'during'), { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}

const duringRows: string[][] = [];

try {
  if (!values['skip-default']) {
    const run = await runNode([join(import.meta.dirname, 'import.ts'), '--child-demo', join(dir, 'pglite')]);
    if (run.code !== 0) throw new Error(`demo load failed:\n${run.stderr}`);
    const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as {
      migrateSeconds: number;
      loadSeconds: number;
      read: number;
      invalid: number;
    };
    rows.push([
      'PGlite (file)',
      'default demo register (18 000 + pipelines, with PDFs): generate + import',
      String(result.read),
      `${result.loadSeconds.toFixed(1)} s (budget 60 s; schema ${result.migrateSeconds.toFixed(1)} s before)`,
      `${Math.round(result.read / result.loadSeconds)} records/s`,
      `${run.peakRssMb.toFixed(0)} MB`,
    ]);
    console.log(rows.at(-1)?.join(' | '));
    rmSync(join(dir, 'pglite'), { recursive: true, force: true });
  }

  if (!values['skip-during']) {
    for (const target of [null, ...(values.postgres ? [values.postgres] : [])]) {
      for (const row of await duringImport(target)) {
        duringRows.push(row);
        console.log(row.join(' | '));
      }
    }
  }

  if (values.postgres) {
    const peaks: number[] = [];
    for (const size of values.sizes.split(',').map(Number)) {
      const file = join(dir, `register-${size}.ndjson`);
      const generated = await runNode([
        join(SERVER, 'src/cli/demo-data.ts'),
        '--facilities',
        String(size),
        '--no-documents',
        '--seed',
        'bench',
        '--out',
        file,
      ]);
      if (generated.code !== 0) throw new Error(`demo-data failed:\n${generated.stderr}`);
      const name = `fast_bench_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: values.postgres });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(values.postgres);
      url.pathname = `/${name}`;
      try {
        const run = await runNode([join(SERVER, 'src/cli/import.ts'), file], {
          ...process.env,
          DATABASE_URL: url.toString(),
          LOG_LEVEL: 'warn',
        });
        if (run.code !== 0) throw new Error(`import failed:\n${run.stderr}\n${run.stdout}`);
        const [, read, , , , , duration] =
          /read (\d+), written (\d+), unchanged (\d+), invalid (\d+), warnings (\d+), duration ([\d.]+) s/.exec(run.stdout) ?? [];
        peaks.push(run.peakRssMb);
        rows.push([
          'PostgreSQL',
          `${size} facilities, no documents (${(statSync(file).size / 1e6).toFixed(0)} MB file, generated in ${generated.seconds.toFixed(0)} s)`,
          String(read),
          `${Number(duration).toFixed(1)} s`,
          `${Math.round(Number(read) / Number(duration))} records/s`,
          `${run.peakRssMb.toFixed(0)} MB`,
        ]);
        console.log(rows.at(-1)?.join(' | '));
      } finally {
        const c = new pg.Client({ connectionString: values.postgres });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
        rmSync(file, { force: true });
      }
    }
    if (peaks.length > 1) {
      console.log(
        `peak RSS growth from the smallest to the largest size: ${((peaks.at(-1) ?? 0) / (peaks[0] ?? 1)).toFixed(2)}× (target ≤ 1.3×)`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log('\n| engine | what | records | time | throughput | peak RSS |\n| --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (duringRows.length > 0) {
  console.log('\n| engine | while | /readyz | search (vest.110) |\n| --- | --- | --- | --- |');
  for (const row of duringRows) console.log(`| ${row.join(' | ')} |`);
}
