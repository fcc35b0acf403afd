import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from '../server-process.ts';

let dataDir: string;
let port: number;
let child: ChildProcess;
let output = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fast-shutdown-'));
  port = await freePort();
  child = await startServerProcess(
    port,
    { DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'info', WEB_DIST: dataDir },
    (chunk) => {
      output += chunk;
    },
  );
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('lets a running request finish, refuses new ones and exits within 10 s', async () => {
    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = 'username=oslo.brann&password=demo';
    let status = 0;
    const inFlight = new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/idp/interaction/unknown/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          status = res.statusCode ?? 0;
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    await inFlight;
    // The running request got its real answer (the interaction is unknown: a Norwegian error page).
    expect(status).toBe(400);

    const signalledAt = Date.now();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(output).toContain('shutting down');
  });
});
