import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { checkDatabase, formatCheckReport } from './check.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ pgliteExtensions: ['amcheck'] });
});
afterAll(async () => t?.destroy());

describe('db:check', () => {
  it('finds a sound database sound: every table and B-tree index verified, the reference tables as their files', async () => {
    const report = await checkDatabase(t.db);
    expect(report.problems).toEqual([]);
    expect(report.referenceRows).toEqual({ county: 15, municipality: 357 });
    expect(report.tables).toBeGreaterThan(20);
    expect(report.indexes).toBeGreaterThan(40);
    // amcheck verifies B-trees only: what it leaves are the GIN and GiST indexes, each named.
    expect(report.unchecked).toEqual(expect.arrayContaining(['access_log_facility_idx (gin)', 'facility_search_trgm_idx (gin)']));
    for (const index of report.unchecked) expect(index).toMatch(/ \((gin|gist)\)$/);
    expect(formatCheckReport(report)).toContain('db:check: no inconsistencies found.');
  });

  it('reports reference rows that differ from the files', async () => {
    await t.db.deleteFrom('municipality').where('id', '=', '0301').execute();
    await t.db
      .insertInto('municipality')
      .values({ id: '9999', county_id: '03', name: 'Ukjent', display_name: 'Ukjent' })
      .execute();
    const report = await checkDatabase(t.db);
    expect(report.problems).toEqual([
      'municipality: 1 ids missing, e.g. 0301',
      'municipality: 1 ids not in municipalities.json, e.g. 9999',
    ]);
    expect(formatCheckReport(report)).toContain('db:check: 2 inconsistencies:');
  });

  it('reports a search tally that differs from the facilities, with its repair', async () => {
    await sql`insert into facility_tally values ('4601', 'NOT_AFFECTED', '{1}', '{1}', 2)`.execute(t.db);
    // (The municipalities changed by the test above are still reported beside it.)
    const tallyProblems = async () => (await checkDatabase(t.db)).problems.filter((p) => p.startsWith('facility_tally'));
    expect(await tallyProblems()).toEqual([
      'facility_tally: 1 combinations differ from the facilities, e.g. 4601 NOT_AFFECTED {1} {1}: tallied 2, counted 0 (repair: select fast_tally_rebuild())',
    ]);
    await sql`select fast_tally_rebuild()`.execute(t.db);
    expect(await tallyProblems()).toEqual([]);
  });
});
