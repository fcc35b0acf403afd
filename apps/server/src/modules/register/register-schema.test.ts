import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe('register schema', () => {
  it('normalises search text so that æ/ø/å, ae/oe/aa, accents and case meet', async () => {
    const { rows } = await sql<{ a: string; b: string; c: string }>`
      select fast_normalise('Bærum Øvre Å-Gården') as a, fast_normalise('BÆRUM ØVRE ÅS') as b, fast_normalise('Café Søndre') as c`.execute(
      t.db,
    );
    expect(rows[0]).toEqual({ a: 'baerum oevre aa-gaarden', b: 'baerum oevre aas', c: 'cafe soendre' });
  });

  it('has the catalogue', async () => {
    const types = await t.db.selectFrom('facility_unit_type').select(['id', 'code']).orderBy('id').execute();
    expect(types.map((x) => x.code)).toContain('FORBRUK');
    const propane = await t.db.selectFrom('substance').selectAll().where('code', '=', 'PROPAN').executeTakeFirstOrThrow();
    expect(propane).toMatchObject({ un_number: '1978', group_id: 1 });
  });
});
