import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { idArray, textArray } from './sql.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.destroy());

describe('array parameters', () => {
  it('send strings whole, whatever they hold: commas, quotes, backslashes, braces, spaces, NULL, nothing', async () => {
    const values = ['0301', 'a,b', 'si "hei"', 'back\\slash', '{x}', '  lead', 'NULL', ''];
    const { rows } = await sql<{ v: string[] }>`select ${textArray(values)} as v`.execute(t.db);
    expect(rows[0]?.v).toEqual(values);
    const none = await sql<{ n: number }>`select cardinality(${textArray([])}) as n`.execute(t.db);
    expect(none.rows[0]?.n).toBe(0);
  });

  it('refuse ids that are not integers, so that nothing but digits reaches the array text', () => {
    expect(() => idArray([1, 2.5])).toThrow(TypeError);
    expect(() => idArray([Number.NaN])).toThrow(TypeError);
  });
});
