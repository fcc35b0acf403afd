import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilityRecord, writeNdjson } from '../../../test/fixtures/register/records.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { prepareDatabase } from '../../bootstrap.ts';
import { buildDeferredIndexes, deferIndexes, withIndexesDeferred } from './deferred-indexes.repository.ts';
import { importFile } from './import.service.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const TABLES = ['facility', 'facility_unit', 'stored_substance', 'notification_report', 'inspection', 'accident', 'document'];

/** Every index of the register's tables as PostgreSQL would build it, with its columns' statistics targets. */
async function indexes() {
  const { rows } = await sql<{ name: string; definition: string; statistics: string | null }>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition,
      (select string_agg(a.attnum || ':' || a.attstattarget, ',' order by a.attnum) from pg_attribute a
       where a.attrelid = i.oid and a.attstattarget is not null and a.attstattarget <> -1) as statistics
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname = any(${TABLES}) order by i.relname`.execute(t.db);
  return rows;
}

const pending = async () => (await t.db.selectFrom('deferred_index').select('name').execute()).length;

describe(`deferred indexes on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('loads without the secondary indexes and builds the same ones, statistics targets included, after', async () => {
    const before = await indexes();
    expect(before.find((i) => i.name === 'facility_address_words_idx')?.statistics).toBe('1:0');
    let during: string[] = [];
    const summary = await withIndexesDeferred(t.db, async () => {
      during = (await indexes()).map((i) => i.name);
      return importFile(t.db, writeNdjson([facilityRecord(100001), facilityRecord(100002)]), {
        today: '2026-11-21',
        refreshStatistics: false,
      });
    });
    expect(summary.written).toBe(2);
    // Only the constraints' indexes (primary keys, unique ones) stayed during the load.
    expect(during).toContain('facility_pkey');
    expect(during).not.toContain('facility_address_words_idx');
    expect(during).not.toContain('facility_search_trgm_idx');
    expect(during.length).toBeLessThan(before.length);
    expect(await indexes()).toEqual(before);
    expect(await pending()).toBe(0);
    // The rebuilt word index answers the place lookup's question: the address's first word finds it.
    const { rows } = await sql<{ id: number }>`
      select id from facility
      where fast_place_words(address_search) @@ quote_literal(split_part(trim(address_search), ' ', 1))::tsquery
        and street_address is not null and longitude is not null`.execute(t.db);
    expect(rows.map((r) => r.id)).toEqual([100001, 100002]);
    await t.db.deleteFrom('facility').execute();
  });

  it('builds them also when the load fails', async () => {
    const before = await indexes();
    await expect(
      withIndexesDeferred(t.db, async () => {
        throw new Error('the load failed');
      }),
    ).rejects.toThrow('the load failed');
    expect(await indexes()).toEqual(before);
    expect(await pending()).toBe(0);
  });

  it('builds at the next start what a killed load left dropped', async () => {
    const before = await indexes();
    await deferIndexes(t.db);
    expect(await pending()).toBeGreaterThan(0);
    const warnings: unknown[] = [];
    await prepareDatabase(t.db, { info: () => {}, warn: (...args: unknown[]) => warnings.push(args) } as never);
    expect(await indexes()).toEqual(before);
    expect(await pending()).toBe(0);
    expect(JSON.stringify(warnings)).toContain('interrupted first load');
    expect(await buildDeferredIndexes(t.db)).toBe(0);
  });
});
