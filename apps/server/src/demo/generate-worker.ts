import { parentPort, workerData } from 'node:worker_threads';
import { type GenerateOptions, generateRegister } from './generate-register.ts';

// Runs the generator beside the importer: generating (PDFs above all) and importing each take about
// half of the demo register's load time, and on two cores they overlap. Batches flow with credits
// so that a slow importer does not make this thread pile up records in memory. The credits cover
// more than one import batch (2 000 records, demo-register.ts; ~5 MB of JSON here): the importer
// reads nothing while it writes a batch, and with only 800 records ahead its database then waited
// for the generator at every batch (bench:start: 19.5–20.9 s with 4 credits, 12.6–17.4 s with 12–16).

export interface WorkerMessage {
  records?: string[];
  done?: boolean;
}

const BATCH = 200;
const CREDITS = 16;

const port = parentPort;
if (!port) throw new Error('generate-worker.ts runs only as a worker thread');
let credits = CREDITS;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits++;
  wake?.();
  wake = null;
});

async function send(records: string[]) {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits--;
  port?.postMessage({ records } satisfies WorkerMessage);
}

let batch: string[] = [];
for await (const record of generateRegister(workerData as GenerateOptions)) {
  batch.push(JSON.stringify(record));
  if (batch.length === BATCH) {
    await send(batch);
    batch = [];
  }
}
if (batch.length > 0) await send(batch);
port.postMessage({ done: true } satisfies WorkerMessage);
port.close();
