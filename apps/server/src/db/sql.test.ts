import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { isSingleSession, withPlugin } from './database.ts';
import { idArray, selectTogether } from './sql.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.destroy());

describe('array parameters', () => {
  it('send ids whole and in order, and nothing as an empty array', async () => {
    const { rows } = await sql<{ v: number[] }>`select ${idArray([3, 1, 2, 2_000_000_000])} as v`.execute(t.db);
    expect(rows[0]?.v).toEqual([3, 1, 2, 2_000_000_000]);
    const none = await sql<{ n: number }>`select cardinality(${idArray([])}) as n`.execute(t.db);
    expect(none.rows[0]?.n).toBe(0);
  });

  it('refuse ids that are not integers, so that nothing but digits reaches the array text', () => {
    expect(() => idArray([1, 2.5])).toThrow(TypeError);
    expect(() => idArray([Number.NaN])).toThrow(TypeError);
  });
});

describe('selectTogether', () => {
  it('answers each value under its key and each list in order: one statement on PGlite, one per value on PostgreSQL', async () => {
    let statements = 0;
    const counted = withPlugin(t.db, {
      transformQuery: ({ node }) => {
        statements++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const selected = await selectTogether(counted, {
      one: sql<number>`1 + 1`,
      words: [sql<string>`'a' || 'b'`, sql<string>`upper('c')`, sql<string | null>`null`],
      none: [],
      ids: sql<number[]>`array[3, 1, 2]`,
    });
    expect(selected).toEqual({ one: 2, words: ['ab', 'C', null], none: [], ids: [3, 1, 2] });
    expect(statements).toBe(isSingleSession(t.db) ? 1 : 5);
  });

  it('asks nothing for nothing', async () => {
    expect(await selectTogether(t.db, { none: [] })).toEqual({ none: [] });
  });
});
