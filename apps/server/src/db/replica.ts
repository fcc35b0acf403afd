import type { FastifyBaseLogger } from 'fastify';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { createPool, type Db, driverOf, poolOf } from './database.ts';
import type { Database } from './types.ts';

/** How often the replica's freshness is measured. */
const CHECK_EVERY_MS = 1_000;
/** A check that takes longer than this counts as the replica not answering. */
const CHECK_TIMEOUT_MS = 2_000;
/** Primary positions remembered: a replica further behind than this many checks is simply "far behind". */
const MAX_SAMPLES = 120;

export type ReplicaHealth = 'ok' | 'lagging' | 'unavailable';

export interface ReplicaState {
  health: ReplicaHealth;
  /** Seconds the replica's data is behind the primary's, to the check's resolution; null when unknown. */
  lagSeconds: number | null;
}

/** Where the reads that may be a moment behind go: the replica while it is usable, else the primary. */
export interface ReadDatabase {
  db: Db;
  /** Null when no replica is configured. */
  replica(): ReplicaState | null;
  /** The replica's connection pool, for metrics; null without one. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

/** A WAL position ('16/B374D848') as a number that orders like it. */
function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('replica check timed out')), ms).unref()),
  ]);

/**
 * Sends each connection request to the replica while `useReplica()` says so, else to the
 * primary's own driver; a connection goes back to the driver it came from, so transactions stay
 * on one database. A replica that refuses a connection between two checks sends that request to
 * the primary rather than failing it.
 */
class ReplicaRoutingDriver implements Driver {
  readonly #owners = new WeakMap<DatabaseConnection, Driver>();
  readonly replica: Driver;
  readonly primary: Driver;
  readonly useReplica: () => boolean;
  readonly replicaFailed: (error: unknown) => void;

  constructor(replica: Driver, primary: Driver, useReplica: () => boolean, replicaFailed: (error: unknown) => void) {
    this.replica = replica;
    this.primary = primary;
    this.useReplica = useReplica;
    this.replicaFailed = replicaFailed;
  }

  async init() {
    await this.replica.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.useReplica()) {
      try {
        return this.#own(await this.replica.acquireConnection(), this.replica);
      } catch (error) {
        this.replicaFailed(error);
      }
    }
    return this.#own(await this.primary.acquireConnection(), this.primary);
  }

  #own(connection: DatabaseConnection, driver: Driver) {
    this.#owners.set(connection, driver);
    return connection;
  }

  #ownerOf(connection: DatabaseConnection): Driver {
    const owner = this.#owners.get(connection);
    if (!owner) throw new Error('connection of another driver');
    return owner;
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.#ownerOf(connection).releaseConnection(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#ownerOf(connection).beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#ownerOf(connection).commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#ownerOf(connection).rollbackTransaction(connection);
  }

  // The primary is closed by its own Kysely instance.
  destroy() {
    return this.replica.destroy();
  }
}

/**
 * The read route for search, map, detail, nearby and exports. With DATABASE_REPLICA_URL, a
 * streaming replica answers them while it is usable: it answered its last check and has replayed
 * everything the primary had written `maxLagSeconds` ago. Freshness is measured with WAL
 * positions, not replay timestamps (which stand still while the primary is idle): every second
 * the primary's current position is noted, and the replica's lag is the age of the newest noted
 * position it has replayed. Otherwise, or while it does not answer, the reads go to the primary.
 */
export function createReadDatabase(
  primary: Db,
  replicaUrl: string | null,
  options: { maxLagSeconds: number; log: FastifyBaseLogger },
): ReadDatabase {
  const primaryDriver = driverOf(primary);
  const primaryUrl = poolOf(primary)?.options.connectionString;
  if (!replicaUrl || !primaryDriver || !primaryUrl)
    return { db: primary, replica: () => null, pool: null, close: async () => {} };

  // As for the primary: a lost replica connection fails its query (answered from the primary next time), never the process.
  const pool = createPool(replicaUrl, 2_000);
  // The checks have a connection of their own on each side: while a burst holds every pooled
  // connection, a check queued behind it would time out and read a busy replica as a lost one.
  const monitor = { primary: createPool(primaryUrl, CHECK_TIMEOUT_MS, 1), replica: createPool(replicaUrl, CHECK_TIMEOUT_MS, 1) };
  const replicaDialect = new PostgresDialect({ pool });

  let state: ReplicaState = { health: 'unavailable', lagSeconds: null };
  const setHealth = (next: ReplicaState) => {
    if (next.health !== state.health) options.log.warn({ replica: next }, `read replica ${next.health}`);
    state = next;
  };
  const samples: { at: number; lsn: bigint }[] = [];
  let saidNotReplica = false;

  async function check() {
    try {
      const [{ rows: primaryRows }, { rows: replicaRows }] = await Promise.all([
        withTimeout(monitor.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'), CHECK_TIMEOUT_MS),
        withTimeout(
          monitor.replica.query<{ recovering: boolean; lsn: string | null }>(
            'select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn',
          ),
          CHECK_TIMEOUT_MS,
        ),
      ]);
      const now = performance.now();
      samples.push({ at: now, lsn: lsnValue(primaryRows[0]?.lsn ?? '0/0') });
      if (samples.length > MAX_SAMPLES) samples.shift();
      const replayed = replicaRows[0]?.recovering ? replicaRows[0].lsn : null;
      // Not in recovery: not a streaming replica of this primary (a promoted one, whose replay
      // position stands still where its recovery ended, a logical subscriber, another server),
      // whose lag nothing here can tell. Its answers could be of an older access table, so it is
      // not read from.
      if (replayed == null) {
        if (!saidNotReplica)
          options.log.warn('the read replica is not in recovery (not a streaming replica): reading from the primary');
        saidNotReplica = true;
        return setHealth({ health: 'unavailable', lagSeconds: null });
      }
      saidNotReplica = false;
      const position = lsnValue(replayed);
      let freshAt: number | null = null;
      while (samples.length > 0 && (samples[0]?.lsn ?? 0n) <= position) freshAt = samples.shift()?.at ?? null;
      if (freshAt !== null) samples.unshift({ at: freshAt, lsn: position });
      // Nothing noted has been replayed yet (as at the first check): the lag is at least the age of
      // the oldest position noted, and maybe far more; not usable until it has caught up with one.
      const lagSeconds = (now - (freshAt ?? samples[0]?.at ?? now)) / 1000;
      const fresh = freshAt !== null && lagSeconds <= options.maxLagSeconds;
      setHealth({ health: fresh ? 'ok' : 'lagging', lagSeconds: Math.round(lagSeconds * 10) / 10 });
    } catch (error) {
      if (state.health !== 'unavailable') options.log.warn({ err: error }, 'read replica check failed');
      setHealth({ health: 'unavailable', lagSeconds: null });
    }
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    await check();
    if (stopped) return;
    timer = setTimeout(loop, CHECK_EVERY_MS);
    timer.unref();
  };
  const firstCheck = loop();

  const driver = new ReplicaRoutingDriver(
    replicaDialect.createDriver(),
    primaryDriver,
    () => state.health === 'ok',
    (error) => {
      options.log.warn({ err: error }, 'read replica refused a connection; reading from the primary');
      setHealth({ health: 'unavailable', lagSeconds: null });
    },
  );
  const db = new Kysely<Database>({
    dialect: {
      createDriver: () => driver,
      createAdapter: () => new PostgresAdapter(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    db,
    replica: () => state,
    pool,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await firstCheck;
      await Promise.all([db.destroy(), monitor.primary.end(), monitor.replica.end()]);
    },
  };
}
