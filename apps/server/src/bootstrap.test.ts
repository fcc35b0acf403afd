import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedEnv, runScript, startScript } from '../test/run-script.ts';
import { freePort } from '../test/server-process.ts';

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let root: string | null = null;
let server: ChildProcess | null = null;
afterAll(() => {
  server?.kill('SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
});

// The start's heavy work (migrations, reference data, the demo register) runs in a process of its
// own, so that the memory it grows leaves with it; the server holds the data directory's lock
// throughout, and a server killed meanwhile takes that work with it.
describe.skipIf(process.env.TEST_DATABASE_URL)('start-up work', () => {
  it('runs in a process of its own under the server’s lock, and ends with the server', { timeout: 300_000 }, async () => {
    root = mkdtempSync(join(tmpdir(), 'fast-start-'));
    const env = embeddedEnv(root, { DEMO_DATA: 'auto', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(await freePort()) });
    const started = startScript('src/server.ts', [], env);
    server = started;
    let log = '';
    // The demo register's import has begun: the line is the start-up process's own.
    const importing = await new Promise<{ pid: number }>((resolve, reject) => {
      started.stdout?.on('data', (d: Buffer) => {
        log += d.toString();
        const line = log.split('\n').find((l) => l.includes('loading the demo register'));
        if (line) resolve(JSON.parse(line) as { pid: number });
      });
      started.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
    });
    expect(importing.pid).not.toBe(started.pid);
    expect(running(importing.pid)).toBe(true);

    const refused = await runScript('src/cli/db-check.ts', [], env);
    expect(refused.code, refused.out).toBe(3);
    expect(refused.out).toContain(`is in use by process ${started.pid} (src/server.ts)`);

    started.kill('SIGKILL');
    await once(started, 'exit');
    server = null;
    const deadline = Date.now() + 30_000;
    while (running(importing.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(running(importing.pid), 'the start-up process outlived its server').toBe(false);
  });
});
