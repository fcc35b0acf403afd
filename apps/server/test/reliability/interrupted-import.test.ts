import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccessLogPage, AdminAuditPage } from '@fast/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDevToken } from '../../src/cli/dev-token.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemoUsers } from '../../src/demo/demo-users.ts';
import { generateRegister } from '../../src/demo/generate-register.ts';
import { writeRegister } from '../../src/demo/write-register.ts';
import { loadReferenceData } from '../../src/modules/reference/reference-data.ts';
import { ensureTermsPublished } from '../../src/modules/terms/first-terms.ts';
import { freePort, startServerProcess } from '../server-process.ts';
import { createTestDatabase, type TestDatabase } from '../test-database.ts';

// Issue 41, item 3: an import killed with SIGKILL half-way leaves a trail: its start (who, which
// file, its checksum) was recorded before its first write, the facilities it wrote are on the
// access log (written with them), and the next start records it as interrupted.

const FACILITIES = 4_000;

let root: string;
let file: string;
let port: number;
let env: Record<string, string>;
let database: TestDatabase | null = null;
let server: ChildProcess | null = null;
const pgliteDir = () => join(root, 'pglite');

/** The database the server uses, opened by the test (PGlite: only while no server runs). */
function openDirectly(): Db {
  return database ? database.db : createDatabase({ kind: 'pglite', dataDir: pgliteDir() });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fast-interrupted-'));
  file = join(root, 'register.ndjson');
  await writeRegister(generateRegister({ facilities: FACILITIES, seed: 'interrupted', documents: false }), file);
  port = await freePort();
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase();
  }
  // Users, terms and the schema, as the demo would leave them, without the demo register.
  const db = openDirectly();
  try {
    if (!database) {
      await migrateToLatest(db);
      await loadReferenceData(db);
    }
    await ensureTermsPublished(db);
    await seedDemoUsers(db);
  } finally {
    if (!database) await db.destroy();
  }
  env = {
    ...(database ? { DATABASE_URL: database.url ?? '' } : { DATABASE_URL: '', DATA_DIR: root }),
    DATABASE_REPLICA_URL: '',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: root,
    RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
    RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  };
}, 120_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  await database?.destroy();
  rmSync(root, { recursive: true, force: true });
});

describe(`an import killed half-way (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is on the trail: started before its first write, its facilities logged, interrupted at the next start', {
    timeout: 300_000,
  }, async () => {
    server = await startServerProcess(port, env);
    const base = `http://127.0.0.1:${port}`;
    const token = await fetchDevToken(base, 'fast.admin');
    const api = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };

    const upload = fetch(`${base}/api/v1/admin/imports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-ndjson',
        'content-disposition': 'attachment; filename="register.ndjson"',
      },
      body: readFileSync(file),
    }).catch((error: unknown) => error);

    // Killed as soon as the first batches are in: the import is then under way.
    const deadline = Date.now() + 120_000;
    while ((await api<AccessLogPage>('/api/v1/admin/access-log?action=IMPORT&limit=1')).total < 2) {
      expect(Date.now() < deadline, 'the import wrote nothing in time').toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.kill('SIGKILL');
    await once(server, 'exit');
    expect(await upload).toBeInstanceOf(Error);

    server = await startServerProcess(port, env);
    const trail = (await api<AdminAuditPage>('/api/v1/admin/audit-log?action=REGISTER_IMPORTED&limit=200')).entries.reverse();
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(trail).toEqual([
      expect.objectContaining({
        adminName: 'Astrid Solberg',
        detail: expect.objectContaining({
          phase: 'started',
          format: 'ndjson',
          dryRun: false,
          strict: false,
          file: { name: 'register.ndjson', bytes: readFileSync(file).length, sha256 },
        }),
      }),
      expect.objectContaining({
        adminName: 'Astrid Solberg',
        detail: expect.objectContaining({
          phase: 'interrupted',
          importId: trail[0]?.detail.importId,
          file: expect.objectContaining({ sha256 }),
        }),
      }),
    ]);
    // The access log, as the administrators' API lists it (the ids of an entry are cut short there: counted here).
    let loggedCount = 0;
    let offset = 0;
    for (;;) {
      const page = await api<AccessLogPage>(`/api/v1/admin/access-log?action=IMPORT&limit=200&offset=${offset}`);
      for (const entry of page.entries) {
        expect(entry.user?.fullName).toBe('Astrid Solberg');
        loggedCount += entry.facilityCount;
      }
      offset += page.entries.length;
      if (page.entries.length === 0 || offset >= page.total) break;
    }

    // PGlite is the server's alone while it runs: stopped first, then read.
    if (!database) {
      server.kill('SIGTERM');
      const [code] = (await once(server, 'exit')) as [number | null];
      expect(code).toBe(0);
      server = null;
    }
    const db = openDirectly();
    try {
      const written = (await db.selectFrom('facility').select('id').execute()).map((r) => r.id);
      expect(written.length).toBeGreaterThan(0);
      expect(written.length, 'the import was killed before its end').toBeLessThan(FACILITIES);
      // Every facility the import wrote is on the access log, and nothing else is.
      const logged = (await db.selectFrom('access_log').select('facility_ids').where('action', '=', 'IMPORT').execute()).flatMap(
        (r) => r.facility_ids,
      );
      expect(logged.sort((a, b) => a - b)).toEqual(written.sort((a, b) => a - b));
      expect(loggedCount).toBe(written.length);
      const runs = await db.selectFrom('register_import').select(['outcome', 'sha256', 'admin_name']).execute();
      expect(runs).toEqual([{ outcome: 'interrupted', sha256, admin_name: 'Astrid Solberg' }]);
    } finally {
      if (!database) await db.destroy();
    }
  });
});
