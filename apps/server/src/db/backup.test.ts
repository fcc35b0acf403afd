import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedEnv, runScript } from '../../test/run-script.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './open-database.ts';

// db:backup and db:restore (issue 18) on a file-backed PGlite: back up, change the data, restore,
// and the earlier state is back; both refuse while another process owns the directory.

let root: string;
const env = () => embeddedEnv(root, { LOG_LEVEL: 'warn' });
const oslo = async (dataDir: string) => {
  const { db, close } = openDatabase({ kind: 'pglite', dataDir });
  try {
    return (await db.selectFrom('municipality').select('display_name').where('id', '=', '0301').executeTakeFirstOrThrow())
      .display_name;
  } finally {
    await close();
  }
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'fast-backup-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DATABASE_URL)('db:backup and db:restore', () => {
  it('restores the state of the backup, keeping the replaced directory aside', { timeout: 300_000 }, async () => {
    const dataDir = join(root, 'pglite');
    const file = join(root, 'backup.tar.gz');
    expect((await runScript('src/cli/migrate.ts', [], env())).code).toBe(0);

    const backup = await runScript('src/cli/db-backup.ts', ['backup', file], env());
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`Backed up ${dataDir} to ${file}`);
    // Written beside the file and renamed over it: nothing is left beside it.
    expect(readdirSync(root).filter((name) => name.includes('.partial-'))).toEqual([]);

    const changed = openDatabase({ kind: 'pglite', dataDir });
    await changed.db.updateTable('municipality').set({ display_name: 'Endret' }).where('id', '=', '0301').execute();
    await changed.close();
    expect(await oslo(dataDir)).toBe('Endret');

    // Not while another process owns the directory.
    const held = lockDataDir(dataDir);
    const refused = await runScript('src/cli/db-backup.ts', ['restore', file], env());
    held.release();
    expect(refused.code).toBe(3);
    expect(refused.out).toContain(`is in use by process ${process.pid}`);

    const restore = await runScript('src/cli/db-backup.ts', ['restore', file], env());
    expect(restore.code, restore.out).toBe(0);
    const keptAt = /kept in (\S+);/.exec(restore.out)?.[1] ?? '';
    expect(existsSync(keptAt)).toBe(true);
    expect(await oslo(dataDir)).toBe('Oslo');
    expect(await oslo(keptAt)).toBe('Endret');
  });
});
