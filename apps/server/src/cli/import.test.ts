import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportFacilityRecord, ImportRecord } from '@fast/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../db/database.ts';
import { generateRegister } from '../demo/generate-register.ts';
import { writeRegister } from '../demo/write-register.ts';

// The import CLI is killed with SIGKILL while it writes, on a file-based PGlite (or, with
// TEST_DATABASE_URL, a fresh PostgreSQL database): the database must hold only whole records, and a
// second run must complete the import.

const FACILITIES = 3000;
const CLI = join(import.meta.dirname, 'import.ts');
const pgUrl = process.env.TEST_DATABASE_URL;

let dir: string;
let file: string;
let expected: Map<number, { units: number; substances: number; notifications: number; inspections: number }>;
let env: NodeJS.ProcessEnv;
let openDb: () => Db;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fast-kill-'));
  file = join(dir, 'register.ndjson');
  await writeRegister(generateRegister({ facilities: FACILITIES, seed: 'kill-test', documents: false }), file);
  expected = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const record = JSON.parse(line) as ImportRecord;
    if (record.recordType === 'gasPipeline') continue;
    const f = record as ImportFacilityRecord;
    expected.set(f.id, {
      units: f.units.length,
      substances: f.units.reduce((n, u) => n + u.substances.length, 0),
      notifications: f.notifications.length,
      inspections: f.inspections.length,
    });
  }
  const { DATABASE_URL: _ignored, ...base } = process.env;
  if (pgUrl) {
    const name = `fast_kill_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    env = { ...base, DATABASE_URL: url.toString() };
    openDb = () => createDatabase({ kind: 'postgres', url: url.toString() });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    env = { ...base, DATA_DIR: dir };
    openDb = () => createDatabase({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    cleanup = async () => {};
  }
  env.LOG_LEVEL = 'warn';
});

afterAll(async () => {
  await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function runCli(onStderr?: (line: string, child: ChildProcess) => void) {
  const child = spawn(process.execPath, [CLI, file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const line of d.toString().split('\n')) onStderr?.(line, child);
  });
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

/** Every facility in the database is whole: all its units, substances, notifications and inspections. */
async function checkConsistency(db: Db): Promise<number> {
  const { rows } = await sql<{
    id: number;
    units: number;
    substances: number;
    notifications: number;
    inspections: number;
    active: number;
  }>`
    select f.id,
      (select count(*)::int from facility_unit u where u.facility_id = f.id) as units,
      (select count(*)::int from stored_substance s where s.facility_id = f.id) as substances,
      (select count(*)::int from notification_report n where n.facility_id = f.id) as notifications,
      (select count(*)::int from inspection i where i.facility_id = f.id) as inspections,
      (select count(*)::int from notification_report n where n.facility_id = f.id and n.is_active) as active
    from facility f`.execute(db);
  for (const row of rows) {
    const { id, active, ...counts } = row;
    expect(counts, `facility ${id}`).toEqual(expected.get(id));
    expect(active, `facility ${id}`).toBe(1);
  }
  return rows.length;
}

describe(`import killed halfway (${pgUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('leaves only whole records, and a rerun completes the import', { timeout: 300_000 }, async () => {
    let killedAt = '';
    const first = await runCli((line, child) => {
      const percent = Number(/^import: (\d+)%/.exec(line)?.[1] ?? Number.NaN);
      if (!killedAt && percent >= 30 && percent <= 80) {
        killedAt = line;
        child.kill('SIGKILL');
      }
    });
    expect(first.signal, `the import finished before it could be killed:\n${first.stderr}`).toBe('SIGKILL');

    let db = openDb();
    const written = await checkConsistency(db);
    await db.destroy();
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(FACILITIES);

    const second = await runCli();
    expect(second.code, second.stderr).toBe(0);
    const summary = /read (\d+), written (\d+), unchanged (\d+), invalid (\d+)/.exec(second.stdout);
    const [, read, newlyWritten, unchanged, invalid] = (summary ?? []).map(Number);
    expect(invalid).toBe(0);
    expect(read).toBe((newlyWritten ?? 0) + (unchanged ?? 0));
    // Everything the killed run committed is recognised as unchanged (facilities and the pipelines).
    expect(unchanged).toBeGreaterThanOrEqual(written);

    db = openDb();
    expect(await checkConsistency(db)).toBe(FACILITIES);
    await db.destroy();
  });
});
