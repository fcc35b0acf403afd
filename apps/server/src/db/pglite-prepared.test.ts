import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPglite } from '../../test/test-database.ts';
import { closeDatabase, type Db } from './database.ts';
import { createPglite } from './pglite.ts';
import { KEEP_PREPARED, keepPrepared } from './pglite-prepared.ts';
import { selectTogether } from './sql.ts';

const MARKED = `select ${KEEP_PREPARED} $1::text as t, $2::int as i, $3::boolean as b, $4::float8 as f, $5::text as n, $6::tsquery as q`;
const TRICKY = ["it's", "'); drop table t; --", 'Ås allé «1»', '', "''", '$$x$$'];

describe('statements kept prepared in PGlite', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await createPglite(null);
    await pglite.exec('create table t (id int)');
  });
  afterAll(async () => pglite?.close());

  it("answers a marked statement as PGlite's own query does, whatever the text's quotes", async () => {
    const kept = keepPrepared(pglite);
    for (const text of TRICKY) {
      const params = [text, 42, true, 0.1 + 0.2, null, "'storgata' & '12'"];
      const prepared = await kept.query(MARKED, params);
      const usual = await pglite.query(MARKED, params);
      expect(prepared?.rows, text).toEqual(usual.rows);
    }
    expect((await pglite.query('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
    expect((await kept.query(`select ${KEEP_PREPARED} 1 as one`, []))?.rows).toEqual([{ one: 1 }]);
  });

  it('prepares a statement once and leaves unmarked ones, and parameters that do not quote plainly, to the usual path', async () => {
    const kept = keepPrepared(pglite);
    await pglite.exec('deallocate all');
    for (let run = 0; run < 7; run++) await kept.query(MARKED, [`run ${run}`, run, false, 1, null, 'a']);
    const statements = await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(statements.rows).toEqual([{ n: 1 }]);
    expect(await kept.query('select $1::text as t', ['x'])).toBeNull();
    expect(await kept.query(`select ${KEEP_PREPARED} $1::text[] as a`, [['a', 'b']])).toBeNull();
    expect(await kept.query(`select ${KEEP_PREPARED} $1::text as t`, ['back\\slash'])).toBeNull();
  });

  it('runs a kept statement on its generic plan, and leaves the session planning as before, after a failure too', async () => {
    const kept = keepPrepared(pglite);
    await pglite.exec('deallocate all');
    for (let run = 0; run < 3; run++) await kept.query(MARKED, ['x', run, true, 1, null, 'a']);
    const plans = await pglite.query('select generic_plans, custom_plans from pg_prepared_statements');
    expect(plans.rows).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
    await expect(kept.query(MARKED, ['x', 'not a number', true, 1, null, 'a'])).rejects.toThrow();
    expect((await pglite.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('lets all go and starts again past its bound', async () => {
    const kept = keepPrepared(pglite);
    await pglite.exec('deallocate all');
    for (let k = 0; k <= 200; k++) await kept.query(`select ${KEEP_PREPARED} ${k} + $1::int as v`, [1]);
    const statements = await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(statements.rows).toEqual([{ n: 1 }]);
    expect((await kept.query(`select ${KEEP_PREPARED} 200 + $1::int as v`, [1]))?.rows).toEqual([{ v: 201 }]);
  });
});

describe('selectTogether on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createEmptyPglite();
  });
  afterAll(async () => closeDatabase(db));

  it('runs its statement prepared in the database thread when asked: the same values, one statement kept', async () => {
    for (const word of ['a', "b'c", 'd']) {
      const selections = { word: sql<string>`upper(${word})`, n: sql<number>`length(${word})` };
      expect(await selectTogether(db, selections, { keepPrepared: true })).toEqual({
        word: word.toUpperCase(),
        n: word.length,
      });
    }
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.statement).toContain(KEEP_PREPARED);
  });
});
