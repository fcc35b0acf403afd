import type { DatabaseConnection, Driver } from 'kysely';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEmptyPglite } from '../../test/test-database.ts';
import { closeDatabase } from './database.ts';
import { DrainingDriver } from './draining-dialect.ts';

function fakeDriver() {
  const events: string[] = [];
  const connection = { executeQuery: async () => ({ rows: [] }) } as unknown as DatabaseConnection;
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    releaseConnection: async () => {},
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    destroy: async () => {
      events.push('destroyed');
    },
  };
  return { driver, events };
}

describe('DrainingDriver', () => {
  it('lets a handler between two queries finish when the database is closed under it (PGlite)', async () => {
    const db = await createEmptyPglite();
    await sql`select 1`.execute(db);
    const handler = (async () => {
      await sql`select 1`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return (await sql<{ answer: number }>`select 42 as answer`.execute(db)).rows[0]?.answer;
    })();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await closeDatabase(db);
    expect(await handler).toBe(42);
  });

  it('is drained only after the last connection in use is released and a quiet moment has passed', async () => {
    const { driver, events } = fakeDriver();
    const draining = new DrainingDriver(driver, { quietMs: 30, limitMs: 2_000 });
    const connection = await draining.acquireConnection();
    const closed = draining
      .drained()
      .then(() => draining.destroy())
      .then(() => events.push('close resolved'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(events).toEqual([]);
    await draining.releaseConnection(connection);
    // A handler's next query right after the release still gets its connection.
    await draining.releaseConnection(await draining.acquireConnection());
    await closed;
    expect(events).toEqual(['destroyed', 'close resolved']);
  });

  it('stops waiting at its limit when a connection is never given back', async () => {
    const { driver } = fakeDriver();
    const draining = new DrainingDriver(driver, { quietMs: 10, limitMs: 50 });
    await draining.acquireConnection();
    const started = performance.now();
    await draining.drained();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('counts a connection it failed to acquire as released', async () => {
    const { driver } = fakeDriver();
    driver.acquireConnection = async () => {
      throw new Error('no connection');
    };
    const draining = new DrainingDriver(driver, { quietMs: 10, limitMs: 5_000 });
    await expect(draining.acquireConnection()).rejects.toThrow('no connection');
    const started = performance.now();
    await draining.drained();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

// PGlite has one connection; Kysely hands it out in turns (its adapter says it has no others), and
// the draining wrapper must keep it so: a search during an import must never run inside, and read,
// the import's uncommitted transaction.
describe('PGlite behind the draining driver: one user of the connection at a time', () => {
  it('runs a query from outside a transaction after it, never inside it', async () => {
    const db = await createEmptyPglite();
    await sql`create table t (id int)`.execute(db);
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    await insertedYet;
    // Inside the transaction this would count its uncommitted row (and could break it).
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from t`.execute(db);
    expect(await rolledBack).toBe('changed my mind');
    expect(rows).toEqual([{ n: 0 }]);
    await closeDatabase(db);
  });
});
