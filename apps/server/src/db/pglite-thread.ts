import { Worker } from 'node:worker_threads';
import type { PGlite, PGliteQueryOptions, PGliteQueryResults, PGliteTransaction } from 'kysely';
import type { OptionalExtension } from './pglite.ts';

export interface WorkerData {
  dataDir: string | null;
  extensions: readonly OptionalExtension[];
  /** A dumpDataDir file to start from (see DatabaseTarget). */
  loadDataDir: string | null;
}

export type Request = { id: number } & (
  | { op: 'query'; tx: number | null; sql: string; params: unknown[] }
  | { op: 'begin' | 'rollback'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'ping' }
  | { op: 'close' }
);
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** An error's message and PostgreSQL's fields (code, constraint, detail, ...), as data. */
export type SerialisedError = { message: string } & Record<string, string | number>;
/** Id 0 answers the start: the database is ready, or could not open. */
export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SerialisedError });

/** The database thread stopped: every query fails at once, as on a PostgreSQL server that crashed. */
export class DatabaseThreadStoppedError extends Error {
  /** crash_shutdown: mapped, like a lost PostgreSQL connection, to 503 (plugins/errors.ts). */
  readonly code = '57P02';
}

/** An error raised in the database thread, with the fields it had there. */
class DatabaseThreadError extends Error {
  constructor({ message, ...fields }: SerialisedError) {
    super(message);
    Object.assign(this, fields);
  }
}

/**
 * PGlite in a worker thread, behind the interface Kysely's PGliteDialect drives. PGlite runs
 * PostgreSQL compiled to WebAssembly synchronously: in the server's own thread, a 300 ms query
 * is 300 ms in which no other request (not even /healthz) is answered. Here the thread only
 * posts SQL and receives rows (structured clones); PostgreSQL runs beside it.
 *
 * The session is PGlite's one: a transaction holds it from begin to commit or rollback and any
 * other query waits in PGlite's own queue, as on the thread. A thread that dies (an uncaught
 * error, or an exit) fails what is waiting and everything after with DatabaseThreadStoppedError.
 * The thread keeps the process alive only while a call is under way, like PGlite in-thread.
 */
export class PGliteThread implements PGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #nextTx = 1;
  #stopped: Error | null = null;
  closed = false;
  ready = false;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string | null, extensions: readonly OptionalExtension[] = [], loadDataDir: string | null = null) {
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: { dataDir, extensions, loadDataDir } satisfies WorkerData,
    });
    this.waitReady = new Promise((resolve, reject) => this.#pending.set(0, { resolve: () => resolve(), reject }));
    // Kysely waits for it; a start that fails with nobody waiting must not end the process.
    this.waitReady.then(
      () => {
        this.ready = true;
      },
      () => {},
    );
    this.#worker.on('message', (reply: Reply) => this.#answer(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`exit code ${code}`)));
  }

  #answer(reply: Reply) {
    const call = this.#pending.get(reply.id);
    if (!call) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) return call.resolve(reply.value);
    const error = new DatabaseThreadError(reply.error);
    // A database that could not open fails every later call the same way.
    if (reply.id === 0) this.#stopped = error;
    call.reject(error);
  }

  #stop(cause: Error) {
    if (this.#stopped) return;
    this.#stopped = this.closed
      ? new Error('the database is closed')
      : new DatabaseThreadStoppedError(`the database thread stopped: ${cause.message}`, { cause });
    for (const call of this.#pending.values()) call.reject(this.#stopped);
    this.#pending.clear();
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id } satisfies Request);
    });
  }

  query<T>(sql: string, params: unknown[] = [], _options?: PGliteQueryOptions): Promise<PGliteQueryResults<T>> {
    return this.#query(null, sql, params);
  }

  #query<T>(tx: number | null, sql: string, params: unknown[]): Promise<PGliteQueryResults<T>> {
    return this.#call({ op: 'query', tx, sql, params });
  }

  async transaction<T>(callback: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
    const tx = this.#nextTx++;
    const failedToBegin = await this.#call({ op: 'begin', tx }).then(
      () => null,
      (error: Error) => error,
    );
    if (failedToBegin) {
      // Kysely's driver waits for the callback to be called before it sends any query: it is,
      // with a transaction whose every query fails as the begin did.
      const refuse = () => Promise.reject(failedToBegin);
      await callback({ query: refuse, rollback: refuse }).catch(() => {});
      throw failedToBegin;
    }
    let result: T;
    try {
      result = await callback({
        query: (sql, params = []) => this.#query(tx, sql, params),
        rollback: () => this.#call({ op: 'rollback', tx }),
      });
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /**
   * Answers once the database thread is free to read a message, without waiting for the session:
   * between two statements, even inside another caller's transaction. Whether the embedded
   * database is there and working, as a connection of its own would tell on PostgreSQL.
   */
  ping(): Promise<void> {
    return this.#call({ op: 'ping' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!this.#stopped) await this.#call({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}
