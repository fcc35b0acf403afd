import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, importTestRecords } from '../../../test/facility-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { staleFacilityCopies } from '../../db/check.ts';
import type { Db } from '../../db/database.ts';
import { groupAmounts } from '../register/register.repository.ts';

/**
 * facility.unit_type_ids and facility.substance_ids are copies of the facility's units and stored
 * substances that the database keeps (search_filter_arrays migration), as are its amounts per
 * substance group (nearby_group_totals), and facility_tally counts
 * the facilities per combination of the filtered columns (facility_tally migration): both must
 * equal what the tables they copy say after any write — import, re-import, plain updates and
 * deletes.
 */

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.destroy();
});

/** Facilities whose arrays differ from their children, with both sides (db:check's own query). */
const stale = () => staleFacilityCopies(db);

/** Tally rows that differ from a fresh count of the facilities (either side), with both counts. */
async function tallyDifferences(): Promise<unknown[]> {
  const { rows } = await sql`
    with fresh as (
      select municipality_id, major_accident, unit_type_ids, substance_ids, count(*)::int as facilities
      from facility group by 1, 2, 3, 4
    )
    select municipality_id, major_accident, unit_type_ids, substance_ids, f.facilities as expected, t.facilities as tallied
    from fresh f full join facility_tally t using (municipality_id, major_accident, unit_type_ids, substance_ids)
    where f.facilities is distinct from t.facilities`.execute(db);
  return rows;
}

const tallyRows = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from facility_tally`.execute(db)).rows[0]?.n);

const arrays = (id: number) =>
  db.selectFrom('facility').select(['unit_type_ids', 'substance_ids']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the search arrays follow the units and substances', () => {
  it('after an import and a re-import with other units and substances', async () => {
    await importTestRecords(db, [
      facilityRecord(1, {
        units: [
          { type: 'TANK', name: null, substances: [{ substance: 'DIESEL', quantity: 60, unit: 'm3' }] },
          {
            type: 'DRIVSTOFF',
            name: null,
            substances: [
              { substance: 'BENSIN', quantity: 40, unit: 'm3' },
              { substance: 'DIESEL', quantity: 2, unit: 'm3' },
            ],
          },
          { type: 'TANK', name: null, substances: [] },
        ],
      }),
      facilityRecord(2),
      facilityRecord(3, {
        units: [
          { type: 'ANNET', name: null, substances: [] },
          { type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 1, unit: 'tonn' }] },
        ],
      }),
    ]);
    // TANK 4, DRIVSTOFF 3, FORBRUK 1; BENSIN 12, DIESEL 16, PROPAN 1.
    expect(await arrays(1)).toEqual({ unit_type_ids: [4, 3, 4], substance_ids: [12, 16] });
    expect(await arrays(2)).toEqual({ unit_type_ids: [1], substance_ids: [1] });
    expect(await arrays(3)).toEqual({ unit_type_ids: [11, 1], substance_ids: [1] });

    await importTestRecords(db, [
      facilityRecord(1, {
        units: [{ type: 'KULDE', name: null, substances: [{ substance: 'AMMONIAKK', quantity: 3, unit: 'tonn' }] }],
      }),
      facilityRecord(2, {
        units: [{ type: 'LAGER', name: null, substances: [{ substance: 'BUTAN', quantity: 1, unit: 'tonn' }] }],
      }),
      facilityRecord(3, { name: 'Bare propan nå' }),
    ]);
    expect(await arrays(1)).toEqual({ unit_type_ids: [9], substance_ids: [9] });
    expect(await arrays(2)).toEqual({ unit_type_ids: [5], substance_ids: [3] });
    expect(await arrays(3)).toEqual({ unit_type_ids: [1], substance_ids: [1] });
    expect(await stale()).toEqual([]);
    expect(await tallyDifferences()).toEqual([]);
  });

  it('after plain updates and deletes of units and substances, by any writer', async () => {
    await importTestRecords(
      db,
      [10, 11, 12].map((id) =>
        facilityRecord(id, {
          units: [
            { type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 1, unit: 'tonn' }] },
            { type: 'LAGER', name: null, substances: [{ substance: 'BUTAN', quantity: 1, unit: 'tonn' }] },
          ],
        }),
      ),
    );
    await db
      .updateTable('facility_unit')
      .set({ unit_type_id: 7 })
      .where('facility_id', '=', 10)
      .where('position', '=', 1)
      .execute();
    await db.updateTable('stored_substance').set({ substance_id: 16 }).where('facility_id', '=', 10).execute();
    await db.deleteFrom('stored_substance').where('facility_id', '=', 11).where('unit_position', '=', 1).execute();
    await db.deleteFrom('stored_substance').where('facility_id', '=', 12).where('unit_position', '=', 0).execute();
    // A row moved from one facility to another: both are refreshed.
    await db.updateTable('stored_substance').set({ facility_id: 12 }).where('facility_id', '=', 11).execute();
    expect(await arrays(12)).toEqual({ unit_type_ids: [1, 5], substance_ids: [1, 3] });
    // A unit deleted takes its substances with it (a cascade, which fires the triggers too).
    await db.deleteFrom('facility_unit').where('facility_id', '=', 12).where('position', '=', 0).execute();
    expect(await arrays(10)).toEqual({ unit_type_ids: [1, 7], substance_ids: [16] });
    expect(await arrays(11)).toEqual({ unit_type_ids: [1, 5], substance_ids: [] });
    expect(await arrays(12)).toEqual({ unit_type_ids: [5], substance_ids: [3] });
    expect(await stale()).toEqual([]);
    expect(await tallyDifferences()).toEqual([]);

    await db.deleteFrom('facility').where('id', 'in', [10, 11]).execute();
    expect(await stale()).toEqual([]);
    expect(await tallyDifferences()).toEqual([]);
  });

  it('the amounts per substance group, exact decimal sums, written by the import as the trigger writes them', async () => {
    const substances = [
      { substance: 'PROPAN', quantity: 0.1, unit: 'tonn' },
      { substance: 'BUTAN', quantity: 200, unit: 'kg' },
      { substance: 'PROPAN', quantity: 700, unit: 'liter' },
      { substance: 'BENSIN', quantity: 0.2, unit: 'm3' },
      { substance: 'DIESEL', quantity: 0.1, unit: 'm3' },
      { substance: 'DIESEL', quantity: 250, unit: 'liter' },
    ] as const;
    // PROPAN and BUTAN are group 1, BENSIN 3, DIESEL 4 (of 7); 0.1 + 0.2 is 0.3 here, not 0.30000000000000004.
    const expected = {
      group_cubic_metres: [0.7, null, 0.2, 0.35, null, null, null],
      group_tonnes: [0.3, null, 0, 0, null, null, null],
    };
    expect(
      groupAmounts(
        substances.map((s, i) => ({ ...s, group: [1, 1, 1, 3, 4, 4][i] as number })),
        7,
      ),
    ).toEqual(expected);
    await importTestRecords(db, [facilityRecord(30, { units: [{ type: 'TANK', name: null, substances: [...substances] }] })]);
    const amounts = () =>
      db.selectFrom('facility').select(['group_cubic_metres', 'group_tonnes']).where('id', '=', 30).executeTakeFirstOrThrow();
    expect(await amounts()).toEqual(expected);
    // Written by any other writer, the trigger sums them as exactly: 0.2 + 0.4 is 0.6.
    await db
      .updateTable('stored_substance')
      .set((eb) => ({ quantity: eb('quantity', '*', 2) }))
      .where('facility_id', '=', 30)
      .execute();
    expect(await amounts()).toEqual({
      group_cubic_metres: [1.4, null, 0.4, 0.7, null, null, null],
      group_tonnes: [0.6, null, 0, 0, null, null, null],
    });
    await db.deleteFrom('stored_substance').where('facility_id', '=', 30).execute();
    expect(await amounts()).toEqual({ group_cubic_metres: [], group_tonnes: [] });
    expect(await stale()).toEqual([]);
  });

  it('the tally, after updates of the filtered columns themselves, deletes and a truncate', async () => {
    await importTestRecords(db, [facilityRecord(20), facilityRecord(21), facilityRecord(22), facilityRecord(23)]);
    expect(await tallyDifferences()).toEqual([]);
    // Moved to another municipality, another major-accident relation; an update that changes none
    // of the tallied columns leaves the tally as it was.
    await db.updateTable('facility').set({ municipality_id: '4601' }).where('id', 'in', [20, 21]).execute();
    await db.updateTable('facility').set({ major_accident: 'PARAGRAPH_NINE' }).where('id', '=', 22).execute();
    await db.updateTable('facility').set({ name: 'Nytt navn' }).where('id', '=', 23).execute();
    expect(await tallyDifferences()).toEqual([]);
    // A combination no facility has any more is gone, not left at zero.
    await db.deleteFrom('facility').where('id', '=', 22).execute();
    expect(await tallyDifferences()).toEqual([]);
    expect(await db.selectFrom('facility_tally').select('facilities').where('facilities', '<=', 0).execute()).toEqual([]);
    await db.deleteFrom('facility').execute();
    expect(await tallyRows()).toBe(0);

    await importTestRecords(db, [facilityRecord(30), facilityRecord(31)]);
    expect(await tallyRows()).toBeGreaterThan(0);
    await sql`truncate facility cascade`.execute(db);
    expect(await tallyRows()).toBe(0);
  });
});
