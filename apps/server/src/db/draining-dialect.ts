import type { DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, TransactionSettings } from 'kysely';

/** No connection in use for this long: the handlers still running are taken to be done with the database. */
const QUIET_MS = 100;
/** Closing waits at most this long for connections in use; the server's own grace period is longer. */
const DRAIN_LIMIT_MS = 5_000;

/**
 * A driver that knows when the database is quiet: no connection in use for QUIET_MS. On shutdown
 * the HTTP server stops first, but a handler whose client has hung up can still be between two
 * queries; closing the database once it is drained lets that handler finish instead of failing
 * with "driver has already been destroyed" and logging a 500 nobody receives. (Kysely refuses
 * new queries from the moment destroy() is called, so the wait comes before it: see drained().)
 */
export class DrainingDriver implements Driver {
  readonly #inner: Driver;
  readonly #quietMs: number;
  readonly #limitMs: number;
  #inUse = 0;
  #lastRelease = 0;

  constructor(inner: Driver, options: { quietMs?: number; limitMs?: number } = {}) {
    this.#inner = inner;
    this.#quietMs = options.quietMs ?? QUIET_MS;
    this.#limitMs = options.limitMs ?? DRAIN_LIMIT_MS;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#inUse++;
    try {
      return await this.#inner.acquireConnection();
    } catch (error) {
      this.#released();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      this.#released();
    }
  }

  #released() {
    this.#inUse--;
    this.#lastRelease = performance.now();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#savepointMethod('savepoint')(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#savepointMethod('rollbackToSavepoint')(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#savepointMethod('releaseSavepoint')(connection, name, compile);
  }

  #savepointMethod(name: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const method = this.#inner[name];
    if (!method) throw new Error(`the database driver does not support ${name}`);
    return method.bind(this.#inner);
  }

  /** Resolves once no connection has been in use for the quiet time, or at the limit. */
  async drained(): Promise<void> {
    const deadline = performance.now() + this.#limitMs;
    while (performance.now() < deadline && (this.#inUse > 0 || performance.now() - this.#lastRelease < this.#quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** A dialect whose one driver is a DrainingDriver, kept at hand for drained(). */
export class DrainingDialect implements Dialect {
  readonly #inner: Dialect;
  readonly driver: DrainingDriver;

  constructor(inner: Dialect) {
    this.#inner = inner;
    this.driver = new DrainingDriver(inner.createDriver());
  }

  createDriver(): DrainingDriver {
    return this.driver;
  }

  createAdapter() {
    return this.#inner.createAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Dialect's own signature
  createIntrospector(db: Kysely<any>) {
    return this.#inner.createIntrospector(db);
  }

  createQueryCompiler() {
    return this.#inner.createQueryCompiler();
  }
}
