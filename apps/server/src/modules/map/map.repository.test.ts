import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createDatabase, type Db } from '../../db/database.ts';
import { DEMO_ORGANISATIONS, seedDemoUsers } from '../../demo/demo-users.ts';
import type { Scope } from '../identity/identity.ts';
import { pruneSnapshots } from './map.repository.ts';

const HOUR = 3_600_000;
const KEEP = 3;

describe('pruneSnapshots', () => {
  let database: TestDatabase;
  let callers: Scope[];

  /** `count` pitIds of `caller` on one content of their own, expiring at `expiresAt`. */
  async function snapshots(caller: Scope, count: number, expiresAt: Date) {
    const contentId = randomUUID();
    // The register version is written in SQL only (see MapSnapshotContentTable).
    await sql`insert into map_snapshot_content (content_id, scope_key, register_version, block_size, total_count, expires_at)
      values (${contentId}, 'test', 0, 1, 0, ${expiresAt})`.execute(database.db);
    await database.db
      .insertInto('map_snapshot')
      .values(
        Array.from({ length: count }, (_, i) => ({
          pit_id: randomUUID(),
          user_id: caller.userId,
          organisation_number: caller.organisationNumber,
          scope_key: 'test',
          content_id: contentId,
          created_at: new Date(Date.now() - i * 1_000),
          expires_at: expiresAt,
        })),
      )
      .execute();
  }

  const left = async () =>
    (await database.db.selectFrom('map_snapshot').select(['user_id', 'expires_at']).execute()).map((r) => ({
      userId: r.user_id,
      expired: r.expires_at.getTime() < Date.now(),
    }));

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoUsers(database.db);
    const users = await database.db.selectFrom('app_user').select('id').orderBy('username').limit(4).execute();
    callers = users.map((u) => ({ userId: u.id, organisationNumber: DEMO_ORGANISATIONS.vest110.organisation_number }));
  });
  afterAll(async () => database?.destroy());

  it('removes what has expired and each caller’s oldest beyond what it keeps', async () => {
    const [caller, other] = callers as [Scope, Scope];
    await snapshots(caller, 6, new Date(Date.now() + HOUR));
    await snapshots(other, 2, new Date(Date.now() - HOUR));
    await pruneSnapshots(database.db, caller, new Date(), KEEP);
    const rows = await left();
    expect(rows).toHaveLength(KEEP);
    expect(rows.every((r) => r.userId === caller.userId && !r.expired)).toBe(true);
    expect(await database.db.selectFrom('map_snapshot_content').select('content_id').execute()).toHaveLength(1);
    await database.db.deleteFrom('map_snapshot_content').execute();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('leaves pruning to the request already at it on the database', async () => {
    const [caller] = callers as [Scope];
    await snapshots(caller, 2, new Date(Date.now() - HOUR));
    const other = createDatabase({ kind: 'postgres', url: database.url ?? '' });
    try {
      await other.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('map_snapshot pruning'))`.execute(trx);
        await pruneSnapshots(database.db, caller, new Date(), KEEP);
        expect(await left()).toHaveLength(2);
      });
      await pruneSnapshots(database.db, caller, new Date(), KEEP);
      expect(await left()).toHaveLength(0);
    } finally {
      await other.destroy();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'prunes side by side from two servers, every caller at once, and leaves nothing expired',
    async () => {
      const other: Db = createDatabase({ kind: 'postgres', url: database.url ?? '' });
      try {
        for (const caller of callers) {
          await snapshots(caller, 8, new Date(Date.now() + HOUR));
          await snapshots(caller, 8, new Date(Date.now() - HOUR));
        }
        // Every caller pruning many times at once on both connection pools, as a burst of map requests does.
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            pruneSnapshots(i % 2 ? other : database.db, callers[i % callers.length] as Scope, new Date(), KEEP),
          ),
        );
        await pruneSnapshots(database.db, callers[0] as Scope, new Date(), KEEP);
        const rows = await left();
        expect(rows.some((r) => r.expired)).toBe(false);
        expect(rows.filter((r) => r.userId === callers[0]?.userId)).toHaveLength(KEEP);
        for (const caller of callers) expect(rows.filter((r) => r.userId === caller.userId).length).toBeLessThanOrEqual(8);
      } finally {
        await other.destroy();
      }
    },
  );
});
