import { Worker } from 'node:worker_threads';
import type { Db } from '../db/database.ts';
import type { Log } from '../logger.ts';
import { withIndexesDeferred } from '../modules/register/deferred-indexes.repository.ts';
import { type ImportSummary, importRecords } from '../modules/register/import.service.ts';
import type { RawRecord, RecordSource } from '../modules/register/record-reader.ts';
import { hasFacilities } from '../modules/register/register.repository.ts';
import { DEFAULT_FACILITIES, DEFAULT_SEED, type GenerateOptions } from './generate-register.ts';
import type { WorkerMessage } from './generate-worker.ts';

/**
 * The generator as a record source for the importer, running on a worker thread while this thread
 * imports: the demo data take the same validated path as a file.
 */
export function generatedSourceInWorker(options: GenerateOptions): RecordSource {
  let count = 0;
  async function* records(): AsyncGenerator<RawRecord> {
    const worker = new Worker(new URL('./generate-worker.ts', import.meta.url), { workerData: options });
    const queue: WorkerMessage[] = [];
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    worker.on('message', (message: WorkerMessage) => {
      queue.push(message);
      notify();
    });
    worker.on('error', (error) => {
      failure = error;
      notify();
    });
    worker.on('exit', (code) => {
      if (code !== 0) failure ??= new Error(`demo generator exited with code ${code}`);
      queue.push({ done: true });
      notify();
    });
    try {
      for (;;) {
        if (failure) throw failure;
        const message = queue.shift();
        if (!message) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        if (message.done) {
          if (failure) throw failure;
          return;
        }
        worker.postMessage('ack');
        for (const text of message.records ?? []) {
          count++;
          yield { line: count, text, geojson: false };
        }
      }
    } finally {
      await worker.terminate();
    }
  }
  return { records: records(), bytesRead: () => count };
}

/**
 * Fills an empty register with the default demo register (about 18 000 facilities, explosives and gas
 * pipelines included). Does nothing when any facility exists, so real data are never mixed with demo data.
 */
export async function loadDemoRegisterIfEmpty(
  db: Db,
  log: Log,
  options: GenerateOptions = { facilities: DEFAULT_FACILITIES, seed: DEFAULT_SEED },
): Promise<ImportSummary | null> {
  if (await hasFacilities(db)) return null;
  log.info({ facilities: options.facilities, seed: options.seed }, 'register is empty: loading the demo register');
  // Into an empty register, which no one reads until the start is done.
  const summary = await withIndexesDeferred(db, () =>
    importRecords(db, () => generatedSourceInWorker(options), { batchSize: 2000, refreshStatistics: false }),
  );
  const { invalidRecords, warningRecords, ...counts } = summary;
  if (summary.invalid > 0)
    log.warn({ ...counts, firstInvalid: invalidRecords.slice(0, 5) }, 'demo register loaded with invalid records');
  else log.info(counts, 'demo register loaded');
  return summary;
}
