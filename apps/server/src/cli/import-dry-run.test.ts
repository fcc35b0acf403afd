import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEnv, runScript } from '../../test/run-script.ts';
import { lockFileOf } from '../db/data-dir-lock.ts';
import { generateRegister } from '../demo/generate-register.ts';
import { writeRegister } from '../demo/write-register.ts';

// Issue #20: `import --dry-run` against a PGlite directory leaves every one of its files as it was,
// and refuses (writing nothing) when the schema is not current.

let root: string;
let file: string;

const cli = (script: string, args: string[], dataDir: string) =>
  runScript(script, args, embeddedEnv(dataDir, { LOG_LEVEL: 'warn' }));

/** Every file under dir, by path, with its SHA-256. */
function fingerprint(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) fingerprint(path, into);
    else into.set(path, createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return into;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fast-dry-'));
  file = join(root, 'register.ndjson');
  await writeRegister(generateRegister({ facilities: 20, seed: 'dry-run', documents: false }), file);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DATABASE_URL)('import --dry-run on PGlite', () => {
  it('refuses when the schema is not current, creating nothing', { timeout: 120_000 }, async () => {
    const empty = join(root, 'empty');
    const { code, out } = await cli('src/cli/import.ts', [file, '--dry-run'], empty);
    expect(code, out).toBe(3);
    expect(out).toContain('run npm run db:migrate first');
    expect(existsSync(join(empty, 'pglite')) && readdirSync(join(empty, 'pglite')).length > 0).toBe(false);
  });

  it('leaves every file of the data directory byte for byte unchanged', { timeout: 300_000 }, async () => {
    const dataRoot = join(root, 'data');
    const migrate = await cli('src/cli/migrate.ts', [], dataRoot);
    expect(migrate.code, migrate.out).toBe(0);
    const dataDir = join(dataRoot, 'pglite');
    const before = fingerprint(dataDir);
    expect(before.size).toBeGreaterThan(100);

    const { code, out } = await cli('src/cli/import.ts', [file, '--dry-run'], dataRoot);
    expect(code, out).toBe(0);
    expect(out).toContain('--dry-run: nothing was written');
    expect(out).toMatch(/read (\d+), written \1, unchanged 0, invalid 0/);

    expect(fingerprint(dataDir)).toEqual(before);
    expect(existsSync(lockFileOf(dataDir)), 'the lock is released').toBe(false);
  });
});
