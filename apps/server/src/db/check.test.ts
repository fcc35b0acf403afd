import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../test/facility-factory.ts';
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

  it('reports facilities whose copies of their units and substances are stale, with the repair', async () => {
    // In Bærum: Oslo is gone from the municipalities since the test above.
    const address = { street: 'Sandvikaveien 1', postalCode: '1337', postalPlace: 'Sandvika', municipalityId: '3201' };
    await importTestRecords(t.db, [facilityRecord(40, { address }), facilityRecord(41, { address })]);
    // Written behind the triggers' back (they fire on the children, not on the facility).
    await sql`update facility set group_tonnes = '{9}', substance_ids = '{2}' where id = 41`.execute(t.db);
    const copyProblems = async () => (await checkDatabase(t.db)).problems.filter((p) => p.startsWith('facility:'));
    expect(await copyProblems()).toEqual([
      'facility: 1 facilities whose unit types, substances or amounts per substance group differ from their units and substances, e.g. 41 (repair: select fast_refresh_unit_types(array(select id from facility)), fast_refresh_substances(array(select id from facility)))',
    ]);
    await sql`select fast_refresh_unit_types(array(select id from facility)), fast_refresh_substances(array(select id from facility))`.execute(
      t.db,
    );
    expect(await copyProblems()).toEqual([]);
  });
});
