import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { idArray } from './sql.ts';

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
