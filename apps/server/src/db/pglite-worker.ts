import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite.ts';
import { keepPrepared } from './pglite-prepared.ts';
import type { Reply, Request, SerialisedError, WorkerData } from './pglite-thread.ts';

// The embedded database's own thread (see pglite-thread.ts): PGlite runs here, the server's event
// loop only sends it SQL and receives rows.

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir, extensions, loadDataDir } = workerData as WorkerData;

/** Why a transaction ends without a commit; PGlite rolls back on any error from its callback. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Promise<Transaction>;
  end(commit: boolean): void;
  /** Settles once PGlite has committed or rolled back. */
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();

function serialise(error: unknown): SerialisedError {
  if (!(error instanceof Error)) return { message: String(error) };
  // PostgreSQL's fields (code, constraint, detail, table, ...) are plain strings on PGlite's error.
  const fields = Object.entries(error).filter(([, value]) => typeof value === 'string' || typeof value === 'number');
  return { ...Object.fromEntries(fields), name: error.name, message: error.message };
}

try {
  const dump = loadDataDir ? new Blob([await readFile(loadDataDir)]) : undefined;
  const pglite = await createPglite(dataDir, { extensions, ...(dump ? { loadDataDir: dump } : {}) });
  await pglite.waitReady;
  const kept = keepPrepared(pglite);

  const begin = (id: number) => {
    let end: (commit: boolean) => void = () => {};
    let begun: (tx: Transaction) => void = () => {};
    const tx = new Promise<Transaction>((resolve) => {
      begun = resolve;
    });
    const done = pglite.transaction(
      (transaction) =>
        new Promise<void>((commit, rollback) => {
          end = (ok) => (ok ? commit() : rollback(ROLLBACK));
          begun(transaction);
        }),
    );
    transactions.set(id, { tx, end: (ok) => end(ok), done });
    // A transaction that cannot begin (the database closed) fails its begin, not the process.
    return Promise.race([tx, done]);
  };

  const handle = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const prepared = request.tx === null ? await kept.query(request.sql, request.params) : null;
        const on = request.tx === null ? pglite : await transactionOf(request.tx).tx;
        const { rows, affectedRows } = prepared ?? (await on.query(request.sql, request.params, { rowMode: 'object' }));
        return { rows, affectedRows };
      }
      case 'begin':
        await begin(request.tx);
        return null;
      case 'rollback':
        await (await transactionOf(request.tx).tx).rollback();
        return null;
      case 'end': {
        const open = transactionOf(request.tx);
        transactions.delete(request.tx);
        open.end(request.commit);
        try {
          await open.done;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return null;
      }
      case 'ping':
        // Not through PGlite's queue: a transaction that holds the session does not hold this.
        if (pglite.closed) throw new Error('the database is closed');
        return null;
      case 'close':
        // The server's side ends this thread once it has this answer.
        await pglite.close();
        return null;
    }
  };

  port.on('message', (request: Request) => {
    handle(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serialise(error) } satisfies Reply),
    );
  });
  port.postMessage({ id: 0, ok: true, value: null } satisfies Reply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: serialise(error) } satisfies Reply);
}

function transactionOf(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  return open;
}
