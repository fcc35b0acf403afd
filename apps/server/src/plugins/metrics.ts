import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.ts';
import { readDatabaseState } from '../modules/metrics/metrics.repository.ts';

/** The databases a server reads and writes: the primary, and the read route (the replica while it is usable). */
export type DatabaseRole = 'primary' | 'read';

/**
 * The server's metrics in Prometheus' format, one registry per app (tests build many apps in one
 * process). Request durations are labelled by the route's pattern, never the raw URL, so that the
 * number of series stays bounded.
 */
export interface Metrics {
  registry: Registry;
  /** A Kysely plugin that times every query of a database. */
  timing(database: DatabaseRole): KyselyPlugin;
  /** Reports a pool's connections (total, idle, waiting) at every scrape. */
  watchPool(database: 'primary' | 'replica', pool: pg.Pool): void;
  rateLimited: Counter<'kind'>;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const MAP_PAGE_ROUTE = '/api/v1/map/facilities';
const IMPORT_ROUTE = '/api/v1/admin/imports';

export function createMetrics(): Metrics {
  const registry = new Registry();
  // prom-client's own names (process_*, nodejs_*), which the usual Node.js dashboards and alerts read.
  collectDefaultMetrics({ register: registry });
  const queryDuration = new Histogram({
    name: 'fast_db_query_duration_seconds',
    help: 'Database query durations, by database',
    labelNames: ['database'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const pools = new Map<string, pg.Pool>();
  new Gauge({
    name: 'fast_db_pool_connections',
    help: 'Connections of a database pool: total, idle, and requests waiting for one',
    labelNames: ['database', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [database, pool] of pools) {
        this.set({ database, state: 'total' }, pool.totalCount);
        this.set({ database, state: 'idle' }, pool.idleCount);
        this.set({ database, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  return {
    registry,
    timing(database) {
      const started = new WeakMap<object, number>();
      return {
        transformQuery({ node, queryId }) {
          started.set(queryId, performance.now());
          return node;
        },
        async transformResult({ result, queryId }) {
          const at = started.get(queryId);
          if (at !== undefined) queryDuration.observe({ database }, (performance.now() - at) / 1000);
          return result;
        },
      };
    },
    watchPool(database, pool) {
      pools.set(database, pool);
    },
    rateLimited: new Counter({
      name: 'fast_rate_limit_refusals_total',
      help: 'Requests refused by the rate limit, by whom it counted: a user or an address',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
  };
}

/**
 * Request, map snapshot and export counts from every answer, and the register's and snapshots'
 * state from the database at each scrape; then serves the registry on its own port (METRICS_PORT),
 * so that nothing of it is reachable through the public one.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics) {
  const { registry } = metrics;
  const requestDuration = new Histogram({
    name: 'fast_http_request_duration_seconds',
    help: 'HTTP request durations, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const snapshotsOpened = new Counter({
    name: 'fast_map_snapshots_opened_total',
    help: 'Map snapshots opened (a first map page without a pitId answered)',
    registers: [registry],
  });
  const exports = new Counter({
    name: 'fast_exports_total',
    help: 'Spreadsheet exports, by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const imports = new Counter({
    name: 'fast_imports_total',
    help: 'Register imports through the server (POST /api/v1/admin/imports), by status and whether a dry run',
    labelNames: ['status', 'dry_run'] as const,
    registers: [registry],
  });
  const db: Db = app.db;
  // Read from the primary at each scrape. A database that does not answer leaves the last values:
  // the process' own metrics must still be scraped during an outage.
  const databaseState = async () => {
    try {
      return await readDatabaseState(db);
    } catch {
      return null;
    }
  };
  new Gauge({
    name: 'fast_map_snapshots_open',
    help: 'Map snapshots (pitIds) and shared snapshot contents held in the database',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const state = await databaseState();
      if (!state) return;
      this.set({ kind: 'pit' }, state.pits);
      this.set({ kind: 'content' }, state.contents);
    },
  });
  new Gauge({
    name: 'fast_register_version',
    help: 'The register version: counts up with every import that changes facilities',
    registers: [registry],
    async collect() {
      const state = await databaseState();
      if (state) this.set(state.version);
    },
  });

  // Only with a replica configured: without one there is no lag to report.
  if (app.replicaState() !== null) {
    new Gauge({
      name: 'fast_db_replica_lag_seconds',
      help: 'How far the read replica is behind the primary (-1: not answering)',
      registers: [registry],
      collect() {
        this.set(app.replicaState()?.lagSeconds ?? -1);
      },
    });
    new Gauge({
      name: 'fast_db_replica_in_use',
      help: 'Whether the read route goes to the replica (1) or, while it lags or does not answer, the primary (0)',
      registers: [registry],
      collect() {
        this.set(app.replicaState()?.health === 'ok' ? 1 : 0);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // Requests no route matched share one label: a raw URL would make a series per probe.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    requestDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (route.endsWith('/export')) exports.inc({ route, status });
    if (route === IMPORT_ROUTE) {
      const dryRun = (request.query as { dryRun?: string } | undefined)?.dryRun === 'true';
      imports.inc({ status, dry_run: String(dryRun) });
    }
    const body = request.body as { pitId?: unknown } | undefined;
    // A first page: no pitId (null is the same as left out).
    if (route === MAP_PAGE_ROUTE && reply.statusCode === 200 && body?.pitId == null) snapshotsOpened.inc();
  });
}

/** Serves `GET /metrics` on its own port; closed with the app. */
export async function serveMetrics(app: FastifyInstance, registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  app.addHook('onClose', async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return server;
}
