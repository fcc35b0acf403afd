import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, type LockHolder, lockDataDir, lockFileOf } from './data-dir-lock.ts';

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fast-lock-'));
  dataDir = join(root, 'pglite');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const holder = (overrides: Partial<LockHolder>): LockHolder => ({
  pid: process.pid,
  command: 'src/server.ts',
  since: '2026-01-01T00:00:00.000Z',
  host: hostname(),
  url: 'http://localhost:8080',
  bootId: null,
  startTime: null,
  ...overrides,
});
const plant = (h: LockHolder | string) => writeFileSync(lockFileOf(dataDir), typeof h === 'string' ? h : JSON.stringify(h));

/** The pid of a process that has run and been reaped. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('data directory lock', () => {
  it('refuses a second owner, naming the holder and the way through the running server', () => {
    const lock = lockDataDir(dataDir, { url: 'http://localhost:9999' });
    expect(lock.tookOverFrom).toBeNull();
    const error = (() => {
      try {
        lockDataDir(dataDir);
      } catch (e) {
        return e;
      }
    })() as DataDirLockedError;
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect(error.holder.pid).toBe(process.pid);
    expect(error.message).toContain(`process ${process.pid}`);
    expect(error.message).toContain('POST http://localhost:9999/api/v1/admin/imports');
    expect(error.message).toContain('stop the server first');
    lock.release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('never takes over a live holder, even one started before', () => {
    plant(holder({ pid: process.ppid, startTime: null }));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it.each([
    ['a dead process', () => holder({ pid: deadPid() })],
    ['a reused pid (another start time)', () => holder({ startTime: '1' })],
    ['another boot', () => holder({ bootId: 'an-earlier-boot' })],
  ])('takes over the stale lock of %s', (_name, stale) => {
    const planted = stale();
    plant(planted);
    const lock = lockDataDir(dataDir);
    expect(lock.tookOverFrom).toEqual(planted);
    const now = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as LockHolder;
    expect(now.pid).toBe(process.pid);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it("refuses, naming the file to delete, when a dead holder's takeover was left unfinished", () => {
    const stale = holder({ pid: deadPid() });
    plant(stale);
    const marker = `${lockFileOf(dataDir)}.takeover-${stale.pid}-${stale.since.replace(/[^0-9A-Za-z]/g, '')}`;
    writeFileSync(marker, '');
    expect(() => lockDataDir(dataDir)).toThrow(`delete ${marker} and try again`);
    rmSync(marker);
    lockDataDir(dataDir).release();
  });

  it('takes over a damaged lock file', () => {
    plant('');
    const lock = lockDataDir(dataDir);
    expect(lock.tookOverFrom?.pid).toBe(0);
    lock.release();
  });

  it('lets only one of two openers take over the same stale lock', () => {
    const stale = holder({ pid: deadPid() });
    plant(stale);
    // Two processes at once: each tries to take the lock, holds it briefly if it got it.
    const script = `
      import { lockDataDir } from ${JSON.stringify(join(import.meta.dirname, 'data-dir-lock.ts'))};
      try { const l = lockDataDir(${JSON.stringify(dataDir)}); await new Promise((r) => setTimeout(r, 1500)); l.release(); console.log('got'); }
      catch { console.log('refused'); }`;
    return Promise.all(
      [0, 1].map(
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
            let out = '';
            child.stdout.on('data', (d: Buffer) => {
              out += d.toString();
            });
            child.on('close', () => resolve(out.trim()));
          }),
      ),
    ).then((results) => expect(results.sort()).toEqual(['got', 'refused']));
  });
});
