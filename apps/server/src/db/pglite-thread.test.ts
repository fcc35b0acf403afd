import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmptyPglite } from '../../test/test-database.ts';
import { closeDatabase, type Db } from './database.ts';

// The embedded database in its worker thread, seen through Kysely as the server sees it.
describe('PGlite in its worker thread', () => {
  let db: Db;
  const posted = vi.spyOn(Worker.prototype, 'postMessage');

  beforeAll(async () => {
    db = await createEmptyPglite();
    await sql`create table t (id int primary key, note text)`.execute(db);
  });
  afterAll(async () => {
    posted.mockRestore();
    await closeDatabase(db);
  });

  it("answers with the database's values, parameters and types as on the server's own thread", async () => {
    const { rows } = await sql<{ n: number; d: string; a: string[]; j: { x: number } }>`
      select ${41}::int8 + 1 as n, date '2026-11-23' as d, ${['a', 'b']}::text[] as a, ${JSON.stringify({ x: 1 })}::jsonb as j`.execute(
      db,
    );
    expect(rows).toEqual([{ n: 42, d: '2026-11-23', a: ['a', 'b'], j: { x: 1 } }]);
  });

  it("keeps a PostgreSQL error's fields (the server maps a unique violation by its code)", async () => {
    await sql`insert into t values (1, 'first')`.execute(db);
    const error = await sql`insert into t values (1, 'again')`.execute(db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't', detail: 'Key (id)=(1) already exists.' });
  });

  it('commits a transaction whole and rolls one back whole', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into t values (2, 'kept')`.execute(trx);
      await sql`update t set note = 'changed' where id = 1`.execute(trx);
    });
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (3, 'dropped')`.execute(trx);
        await sql`insert into t values (2, 'duplicate')`.execute(trx);
      })
      .catch((e: { code?: string }) => e.code);
    expect(failed).toBe('23505');
    const { rows } = await sql<{ id: number; note: string }>`select id, note from t order by id`.execute(db);
    expect(rows).toEqual([
      { id: 1, note: 'changed' },
      { id: 2, note: 'kept' },
    ]);
  });

  it('fails what waits, and every later query, with a 503-type error when the thread dies', async () => {
    const worker = posted.mock.contexts.at(-1) as Worker;
    const waiting = sql`select pg_sleep(0.5)`.execute(db).catch((e: unknown) => e);
    await worker.terminate();
    expect(await waiting).toMatchObject({ code: '57P02', message: expect.stringContaining('database thread stopped') });
    await expect(sql`select 1`.execute(db)).rejects.toMatchObject({ code: '57P02' });
    // A transaction that cannot begin fails too, rather than leave Kysely waiting for it.
    await expect(db.transaction().execute((trx) => sql`select 1`.execute(trx))).rejects.toMatchObject({ code: '57P02' });
  });
});
