/**
 * `npm run bench:start`: `npm start` as a fresh clone runs it (no data directory yet; the web app
 * built anew), timed from the command to the first moment /healthz and / both answer 200, with
 * the times its own log lines give for each phase, the CPU seconds of every process it started,
 * and the server's resident size at ready and after the acceptance journeys (search, export, the
 * PDFs, the map, nearby, protective zones) signed in as a demo user: at once, and settled (the
 * server gives back its heap after QUIET_MS without a request, memory-settle.ts). Targets: ready
 * ≤ 30 s, resident ≤ 300 MB at ready and ≤ 350 MB after the journeys, settled.
 *
 * Usage: npm run bench:start [-- --runs N] [--warm] [--no-journeys]
 *   --warm: a second start on the data directory the first run left (what "npm start" does again).
 * Environment: START_PORT (8299), START_DATA_DIR (default: a new temporary directory per run,
 * removed afterwards; never ./data).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NO_SEARCH_FILTER } from '@fast/contracts';
import { signedInHeaders } from './sign-in.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    warm: { type: 'boolean', default: false },
    'no-journeys': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const PORT = Number(process.env.START_PORT ?? 8299);
const BASE = `http://localhost:${PORT}`;
const ROOT = join(import.meta.dirname, '..');
const READY_S = 30;
const RSS_READY_MB = 300;
const RSS_JOURNEYS_MB = 350;
/** The server's quiet time before it settles (memory-settle.ts QUIET_MS) and a margin. */
const SETTLE_MS = 4_000;

/** utime, stime, cutime, cstime (clock ticks) and the parent of one process; null when it is gone. */
function procStat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/** `root` and every process below it. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = procStat(pid);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const visit = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return out;
}

/** CPU seconds of the tree: the live processes' own and those of the children they have reaped. */
const cpuSeconds = (root: number) => tree(root).reduce((sum, pid) => sum + (procStat(pid)?.ticks ?? 0), 0) / 100;

function serverPid(root: number): number | null {
  for (const pid of tree(root)) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/node$/.test(argv[0] ?? '') && argv.some((a) => a.endsWith('src/server.ts'))) return pid;
    } catch {}
  }
  return null;
}

function memory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

const answers = (path: string) =>
  fetch(`${BASE}${path}`).then(
    (r) => r.ok,
    () => false,
  );

/** The acceptance journeys' requests, as the web app makes them, signed in as vest.110 (Bergen and around). */
async function journeys(server: number): Promise<{ timings: Record<string, number>; rssAfterMb: Record<string, number> }> {
  const timings: Record<string, number> = {};
  const rssAfterMb: Record<string, number> = {};
  const headers = await signedInHeaders(BASE, 'vest.110');
  const call = async (name: string, path: string, body?: unknown): Promise<Response> => {
    const started = performance.now();
    const response = await fetch(`${BASE}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await response.arrayBuffer().then(() => {});
    timings[name] = Math.round(performance.now() - started);
    rssAfterMb[name] = memory(server).rssMb;
    if (!response.ok) throw new Error(`${name}: ${path} answered ${response.status}`);
    return response;
  };
  const json = async <T>(name: string, path: string, body?: unknown): Promise<T> => {
    const started = performance.now();
    const response = await fetch(`${BASE}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const value = (await response.json()) as T;
    timings[name] = Math.round(performance.now() - started);
    rssAfterMb[name] = memory(server).rssMb;
    if (!response.ok) throw new Error(`${name}: ${path} answered ${response.status} ${JSON.stringify(value)}`);
    return value;
  };
  const search = (query: string, hitsToSkip = 0) => ({ ...NO_SEARCH_FILTER, query, hitsToSkip, hitsToReturn: 25 });
  const { hits } = await json<{ hits: { id: number }[] }>('search', '/api/v1/facilities/search', search(''));
  await json('search propan', '/api/v1/facilities/search', search('propan'));
  await json('search deep page', '/api/v1/facilities/search', search('', 1000));
  await call('export xlsx', '/api/v1/facilities/search/export', {});
  const id = hits[0]?.id;
  if (id === undefined) throw new Error('vest.110 sees no facilities');
  await json('facility', `/api/v1/facilities/${id}`);
  await call('briefing pdf', `/api/v1/facilities/${id}/briefing`);
  await call('substance report pdf', `/api/v1/facilities/${id}/substance-report`);
  for (const hit of hits) {
    const attachments = await json<{ id: number }[]>('attachments', `/api/v1/facilities/${hit.id}/attachments`);
    const document = attachments[0];
    if (document) {
      await call('stored document', `/api/v1/documents/${document.id}`);
      break;
    }
  }
  let page = await json<{ pitId: string; continueFrom: number | null }>('map page 1', '/api/v1/map/facilities', {
    pageSize: 10_000,
  });
  for (let n = 2; page.continueFrom !== null; n++) {
    page = await json(`map page ${n}`, '/api/v1/map/facilities', {
      pageSize: 10_000,
      pitId: page.pitId,
      continueFrom: page.continueFrom,
    });
  }
  await call('gas pipes', '/api/v1/map/gaspipes');
  const bergen = { latitude: 60.3913, longitude: 5.3221 };
  await json('nearby 5 km', '/api/v1/facilities/nearby', { ...bergen, radiusMeters: 5_000 });
  await json('nearby 50 km', '/api/v1/facilities/nearby', { ...bergen, radiusMeters: 50_000 });
  await call('nearby export', '/api/v1/facilities/nearby/export', { ...bergen, radiusMeters: 50_000 });
  await json('protective zones', '/api/v1/protective-zones', {
    unNumber: '1017',
    ...bergen,
    spill: 'small',
    fire: false,
    windFromDegrees: 225,
  });
  return { timings, rssAfterMb };
}

interface Run {
  readyS: number;
  cpuS: number;
  phases: Record<string, number>;
  ready: { rssMb: number; peakMb: number };
  afterJourneys: { rssMb: number; peakMb: number } | null;
  /** SETTLE_MS after the journeys. */
  settled: { rssMb: number } | null;
  journeys: Record<string, number> | null;
  /** The server's resident size (MB) after each journey's request. */
  rssAfterMb: Record<string, number> | null;
}

/** When each log line that marks a phase first appeared, seconds from the command. */
const MARKERS: [string, RegExp][] = [
  ['web build done', /✓ built in/],
  ['server process started', /^> @fast\/server@[^ ]+ start/],
  ['migrated', /"msg":"database migrated"/],
  ['demo register began', /"msg":"register is empty: loading the demo register"/],
  ['demo register loaded', /"msg":"demo register loaded"/],
  ['start-up work done', /"msg":"start-up work done"/],
  ['FAST is ready (log)', /"msg":"FAST is ready"/],
];

async function startOnce(dataDir: string): Promise<Run> {
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: BASE },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const phases: Record<string, number> = {};
  const output: string[] = [];
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const onLine = (text: string) => {
    for (const line of text.split('\n')) {
      output.push(line);
      for (const [name, pattern] of MARKERS) if (phases[name] === undefined && pattern.test(line)) phases[name] = seconds();
      const work = /"msg":"start-up work done"/.test(line) ? (JSON.parse(line) as { steps?: Record<string, number> }) : null;
      for (const [step, ms] of Object.entries(work?.steps ?? {})) phases[`  step: ${step} (own time)`] = ms / 1000;
    }
  };
  child.stdout?.setEncoding('utf8').on('data', onLine);
  child.stderr?.setEncoding('utf8').on('data', onLine);
  const pid = child.pid as number;
  try {
    while (!((await answers('/healthz')) && (await answers('/')))) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-30).join('\n')}`);
      if (performance.now() - started > 600_000) throw new Error('not ready within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readyS = (performance.now() - started) / 1000;
    const cpuS = cpuSeconds(pid);
    const server = serverPid(pid);
    if (server === null) throw new Error('no server process found');
    const ready = memory(server);
    let done: Awaited<ReturnType<typeof journeys>> | null = null;
    let afterJourneys: Run['afterJourneys'] = null;
    let settled: Run['settled'] = null;
    if (!values['no-journeys']) {
      done = await journeys(server);
      afterJourneys = memory(server);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      settled = { rssMb: memory(server).rssMb };
    }
    return {
      readyS,
      cpuS,
      phases,
      ready,
      afterJourneys,
      settled,
      journeys: done?.timings ?? null,
      rssAfterMb: done?.rssAfterMb ?? null,
    };
  } finally {
    const exited = child.exitCode === null ? once(child, 'exit') : null;
    // npm, its shell and the server: the whole group this run started.
    process.kill(-pid, 'SIGTERM');
    await exited;
    // The server exits after npm has; wait until no process of the group is left.
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(-pid, 0);
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const range = (xs: number[]) => {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return lo === hi ? `${lo}` : `${lo}–${hi}`;
};

const runs: Run[] = [];
const ownDir = process.env.START_DATA_DIR === undefined;
for (let i = 0; i < RUNS; i++) {
  const dataDir = process.env.START_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'fast-bench-start-'));
  try {
    if (!values.warm) rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
    else await startOnce(dataDir).catch(() => {});
    const run = await startOnce(dataDir);
    runs.push(run);
    console.log(`run ${i + 1}: ${JSON.stringify(run, null, 1)}`);
  } finally {
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const round1 = (x: number) => Math.round(x * 10) / 10;
console.log(`\n${values.warm ? 'Warm' : 'Fresh'} npm start, ${RUNS} run(s), load average now ${load}:`);
console.log(`  ready (healthz and / answer)  ${range(runs.map((r) => round1(r.readyS)))} s (target ≤ ${READY_S} s)`);
console.log(`  CPU of all its processes      ${range(runs.map((r) => round1(r.cpuS)))} s`);
for (const name of Object.keys(runs[0]?.phases ?? {})) {
  console.log(`  ${name.padEnd(30)}${range(runs.map((r) => r.phases[name] ?? Number.NaN))} s`);
}
console.log(`  server RSS at ready           ${range(runs.map((r) => r.ready.rssMb))} MB (target ≤ ${RSS_READY_MB} MB)`);
if (!values['no-journeys']) {
  console.log(
    `  server RSS after journeys     ${range(runs.map((r) => r.afterJourneys?.rssMb ?? Number.NaN))} MB, peak ${range(
      runs.map((r) => r.afterJourneys?.peakMb ?? Number.NaN),
    )} MB`,
  );
  console.log(
    `  … settled (${SETTLE_MS / 1000} s quiet)          ${range(runs.map((r) => r.settled?.rssMb ?? Number.NaN))} MB (target ≤ ${RSS_JOURNEYS_MB} MB)`,
  );
}
const missed =
  runs.some((r) => r.ready.rssMb > RSS_READY_MB || (r.settled && r.settled.rssMb > RSS_JOURNEYS_MB)) ||
  (!values.warm && runs.some((r) => r.readyS > READY_S));
if (missed) {
  console.error('Missed a target.');
  process.exitCode = 1;
}
