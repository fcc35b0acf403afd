/**
 * `npm run bench:import -- [--postgres URL] [--sizes 100000,1000000] [--skip-default]`
 *
 * 1. The default demo register (18 000 facilities with documents) generated and imported into a
 *    fresh file-based PGlite, the way the server does it on first start (budget: 60 s).
 * 2. With --postgres: registers of each size (no documents) written to a temporary file and imported
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
