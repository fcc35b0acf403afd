/**
 * `npm run bench:load`: 200 concurrent connections for 60 s on a mix of search, facility detail
 * and map (autocannon) against real server processes on the demo register, signed in as vest.110.
 * Reports p50/p95/p99 latency, throughput, and fails on any error or non-2xx answer; meanwhile
 * GET /healthz, one at a time, shows whether the load stalls the server's event loop (p50/p99).
 *
 * Environment: LOAD_CONNECTIONS=200  LOAD_SECONDS=60  LOAD_PORT=8297
 * LOAD_SERVERS=1: how many server processes (ports LOAD_PORT, LOAD_PORT+1, …) share the load,
 * round robin by connection, as behind a load balancer; more than one needs DATABASE_URL.
 * LOAD_DATA_DIR (default bench-results/load-data: the demo register is generated once and kept)
 * DATABASE_URL (to run against PostgreSQL instead of PGlite), DATABASE_REPLICA_URL (a read replica).
 * Also reports requests per CPU-second of the servers and of the database's backends (from /proc,
 * when PostgreSQL runs on this machine): figures for sizing that a busy machine distorts less.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NO_SEARCH_FILTER } from '@fast/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverCommand } from '../apps/server/test/server-process.ts';
import { probeHealth } from './health-probe.ts';
import { signedInHeaders } from './sign-in.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 8297);
const SERVERS = Number(process.env.LOAD_SERVERS ?? 1);
const DATA_DIR = process.env.LOAD_DATA_DIR ?? join(import.meta.dirname, '../bench-results/load-data');
const BASE = `http://localhost:${PORT}`;
const BASES = Array.from({ length: SERVERS }, (_, i) => `http://localhost:${PORT + i}`);
if (SERVERS > 1 && !process.env.DATABASE_URL) throw new Error('LOAD_SERVERS > 1 needs DATABASE_URL: PGlite serves one process');

/** One server process; all of them have the first's address as PUBLIC_URL, as behind one load balancer. */
async function startServer(base: string): Promise<ChildProcess> {
  mkdirSync(DATA_DIR, { recursive: true });
  const server = serverCommand();
  const child = spawn(process.execPath, server.args, {
    env: {
      ...process.env,
      ...server.env,
      PORT: new URL(base).port,
      PUBLIC_URL: BASE,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_USER_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become ready');
}

/**
 * CPU seconds a set of processes has used (Linux /proc; null elsewhere or when a process is gone):
 * on a machine shared with other work, requests per CPU-second of the servers and of the
 * database's backends size a deployment better than requests per second do.
 */
function cpuSeconds(pids: number[]): number | null {
  try {
    let ticks = 0;
    for (const pid of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving the load test's database, when that server runs on this machine. */
async function databaseBackends(): Promise<number[]> {
  if (!process.env.DATABASE_URL) return [];
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

// The first server migrates and loads the demo register; the others start on the prepared database.
const servers = [await startServer(BASE)];
let failed = false;
let report = '';
try {
  servers.push(...(await Promise.all(BASES.slice(1).map(startServer))));
  const headers = await signedInHeaders(BASE, 'vest.110');
  const search = (query: string) => JSON.stringify({ ...NO_SEARCH_FILTER, query, hitsToSkip: 0, hitsToReturn: 25 });
  const hits = (await (
    await fetch(`${BASE}/api/v1/facilities/search`, { method: 'POST', headers, body: search('') })
  ).json()) as {
    hits: { id: number }[];
  };
  const ids = hits.hits.map((h) => h.id);
  if (ids.length === 0) throw new Error('vest.110 sees no facilities');

  const serverPids = servers.flatMap((s) => (s.pid ? [s.pid] : []));
  const serverCpuBefore = cpuSeconds(serverPids);
  const backendCpuBefore = new Map((await databaseBackends()).map((pid) => [pid, cpuSeconds([pid]) ?? 0]));
  const latencies: number[] = [];
  // The executor runs at once: the instance exists when the promise does.
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        // autocannon 9 spreads the connections over several URLs; @types/autocannon still describes 7's one.
        url: BASES as unknown as string,
        connections: CONNECTIONS,
        duration: SECONDS,
        // The server's own request timeout: an answer within it is an answer, not an error.
        timeout: 30,
        headers,
        requests: [
          { method: 'POST', path: '/api/v1/facilities/search', body: search('propan') },
          {
            method: 'GET',
            path: `/api/v1/facilities/${ids[0]}`,
            setupRequest: (request) => ({
              ...request,
              path: `/api/v1/facilities/${ids[Math.floor(Math.random() * ids.length)]}`,
            }),
          },
          { method: 'POST', path: '/api/v1/map/facilities', body: JSON.stringify({ pageSize: 10_000 }) },
          { method: 'POST', path: '/api/v1/facilities/search', body: search('bergen') },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const health = probeHealth(BASE);
  const result = await done;
  const healthz = await health();
  const serverCpu = serverCpuBefore === null ? null : (cpuSeconds(serverPids) ?? serverCpuBefore) - serverCpuBefore;
  // Backends opened during the run count from their start; any that ended before this are missed.
  let databaseCpu: number | null = null;
  for (const pid of await databaseBackends()) {
    const used = cpuSeconds([pid]);
    if (used !== null) databaseCpu = (databaseCpu ?? 0) + used - (backendCpuBefore.get(pid) ?? 0);
  }
  const perCpuSecond = (cpu: number | null) => (cpu ? Math.round(result.requests.total / cpu) : null);
  latencies.sort((a, b) => a - b);
  const summary = {
    servers: SERVERS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    // Requests per CPU-second of the server processes and of the database's backends (Linux, local PostgreSQL).
    requestsPerServerCpuSecond: perCpuSecond(serverCpu),
    requestsPerDatabaseCpuSecond: perCpuSecond(databaseCpu),
    latencyMs: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
    },
    // GET /healthz during the load, one at a time: the server's event loop kept free (target p99 ≤ 100 ms).
    healthzMs: healthz,
  };
  report = JSON.stringify(summary, null, 2);
  failed = result.errors > 0 || result.timeouts > 0 || result.non2xx > 0;
} finally {
  // The servers' last log lines (requests cut off by the end of the run) come before the summary,
  // so that the summary is what a CI log ends with.
  await Promise.all(
    servers.map((server) => {
      const exited = server.exitCode === null ? once(server, 'exit') : null;
      server.kill('SIGTERM');
      return exited;
    }),
  );
}
console.log(report);
if (failed) {
  console.error('Load test failed: errors, timeouts or non-2xx answers');
  process.exitCode = 1;
}
