import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEnv, runScript, startScript } from '../../test/run-script.ts';
import { generateRegister } from '../demo/generate-register.ts';
import { writeRegister } from '../demo/write-register.ts';
import { type LockHolder, lockFileOf } from './data-dir-lock.ts';

// Issue #20: the server owns its PGlite directory; import (with and without --dry-run) and
// db:migrate run against the same directory are refused before touching it, and once the server
// is killed outright, the next opener (db:check) takes its stale lock and finds the data sound.

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

let root: string;
let file: string;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | null = null;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fast-owner-'));
  file = join(root, 'register.ndjson');
  await writeRegister(generateRegister({ facilities: 5, seed: 'owner', documents: false }), file);
  env = embeddedEnv(root, { DEMO_DATA: 'off', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(await freePort()) });
});
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('one owner of the embedded database', () => {
  it('refuses every second opener while the server runs, and takes over after it is killed', { timeout: 300_000 }, async () => {
    const started = startScript('src/server.ts', [], env);
    server = started;
    let log = '';
    started.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    await new Promise<void>((resolve, reject) => {
      started.stdout?.on('data', (d: Buffer) => {
        log += d.toString();
        if (log.includes('FAST is ready')) resolve();
      });
      started.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
    });
    const dataDir = join(root, 'pglite');
    const holder = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as LockHolder;
    expect(holder).toMatchObject({ pid: started.pid, url: `http://localhost:${env.PORT}` });

    for (const [script, args] of [
      ['src/cli/import.ts', [file]],
      ['src/cli/import.ts', [file, '--dry-run']],
      ['src/cli/migrate.ts', []],
      ['src/cli/db-check.ts', []],
    ] as const) {
      const { code, out } = await runScript(script, [...args], env);
      expect(code, `${script} ${args.join(' ')}:\n${out}`).toBe(3);
      expect(out).toContain(`The embedded database ${dataDir} is in use by process ${started.pid} (src/server.ts)`);
      expect(out).toContain(`since ${holder.since}`);
      expect(out).toContain(
        `stop the server first (or whichever process holds it), or import through the running server: POST http://localhost:${env.PORT}/api/v1/admin/imports`,
      );
      if (script === 'src/cli/import.ts') {
        expect(out).toContain(
          `--data-binary @${file} 'http://localhost:${env.PORT}/api/v1/admin/imports?dryRun=${args.length > 1}&strict=false'`,
        );
      }
    }

    // A second server on the same directory is refused as well, with the same exit code (issue 41).
    const second = await runScript('src/server.ts', [], { ...env, PORT: String(await freePort()) });
    expect(second.code, second.out).toBe(3);
    expect(second.out).toContain(`The embedded database ${dataDir} is in use by process ${started.pid} (src/server.ts)`);

    // The server still answers, from an intact database.
    const health = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/municipalities`);
    expect(health.status).toBe(401);

    started.kill('SIGKILL');
    await once(started, 'exit');
    server = null;
    expect(existsSync(lockFileOf(dataDir)), 'a killed process leaves its lock behind').toBe(true);

    const check = await runScript('src/cli/db-check.ts', [], env);
    expect(check.out).toContain(
      `Took over the lock of process ${started.pid} (src/server.ts, since ${holder.since}), which no longer runs.`,
    );
    expect(check.out).toContain('db:check: no inconsistencies found.');
    expect(check.out).toContain('municipality 357 rows');
    expect(check.code, check.out).toBe(0);
    expect(existsSync(lockFileOf(dataDir)), 'released on exit').toBe(false);
  });
});
