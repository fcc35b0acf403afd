import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { REFERENCE_DIR } from '../reference-dir.ts';
import type { Db } from './database.ts';

export interface CheckReport {
  /** Every inconsistency found; empty when the database is sound. */
  problems: string[];
  tables: number;
  /** B-tree indexes verified by amcheck (structure, every heap row present, uniqueness). */
  indexes: number;
  /** Whether the B-tree check covered uniqueness too (checkunique: PostgreSQL 16 and newer). */
  uniqueChecked: boolean;
  /** Indexes amcheck has no check for (GIN, GiST before PostgreSQL 18): name and access method. */
  unchecked: string[];
  /** Rows per reference table. */
  referenceRows: Record<string, number>;
}

/**
 * `npm run db:check`: PostgreSQL's amcheck over the whole schema — verify_heapam on every table,
 * bt_index_check (with heapallindexed, and checkunique from PostgreSQL 16) on every B-tree index — the reference
 * tables against the reference files, the facilities' copies of their units and substances, and the search's
 * tally against the facilities. Two processes writing one
 * PGlite directory showed up as 630 municipalities under a primary key: a heap row its index does not know, which
 * both find.
 */
export async function checkDatabase(db: Db): Promise<CheckReport> {
  const { rows: version } = await sql<{ n: number }>`select current_setting('server_version_num')::int as n`.execute(db);
  const uniqueChecked = (version[0]?.n ?? 0) >= 160_000;
  const report: CheckReport = { problems: [], tables: 0, indexes: 0, uniqueChecked, unchecked: [], referenceRows: {} };
  await sql`create extension if not exists amcheck`.execute(db);

  const tables = await sql<{ name: string }>`
    select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'm') order by 1`.execute(db);
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ blkno: number; offnum: number; msg: string }>`
      select blkno, offnum, msg from verify_heapam(${name}::regclass, check_toast => true)`.execute(db);
    for (const r of rows) report.problems.push(`table ${name}, block ${r.blkno}, item ${r.offnum}: ${r.msg}`);
    report.tables++;
  }

  const indexes = await sql<{ name: string; method: string }>`
    select c.oid::regclass::text as name, am.amname as method
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' order by 1`.execute(db);
  for (const { name, method } of indexes.rows) {
    if (method !== 'btree') {
      report.unchecked.push(`${name} (${method})`);
      continue;
    }
    try {
      await (uniqueChecked
        ? sql`select bt_index_check(${name}::regclass, true, true)`
        : sql`select bt_index_check(${name}::regclass, true)`
      ).execute(db);
    } catch (error) {
      report.problems.push(`index ${name}: ${(error as Error).message}`);
    }
    report.indexes++;
  }

  report.problems.push(...(await checkReferenceTables(db, report.referenceRows)));
  report.problems.push(...(await checkFacilityCopies(db)));
  report.problems.push(...(await checkTally(db)));
  return report;
}

/**
 * Facilities whose copies of their children differ from a fresh computation (the search arrays,
 * migration search_filter_arrays; the amounts per substance group, nearby_group_totals), with both
 * sides: what the triggers keep, computed afresh as fast_refresh_unit_types and
 * fast_refresh_substances compute it.
 */
export async function staleFacilityCopies(db: Db): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select f.id, f.unit_type_ids, f.substance_ids, f.group_cubic_metres, f.group_tonnes, c.*
    from facility f
    cross join lateral (
      select
        coalesce((select array_agg(u.unit_type_id order by u.position) from facility_unit u where u.facility_id = f.id), '{}')::smallint[] as expected_units,
        coalesce((select array_agg(distinct s.substance_id order by s.substance_id) from stored_substance s where s.facility_id = f.id), '{}')::smallint[] as expected_substances,
        case when count(g.group_id) = 0 then '{}' else array_agg(g.cubic_metres order by slot) end as expected_cubic_metres,
        case when count(g.group_id) = 0 then '{}' else array_agg(g.tonnes order by slot) end as expected_tonnes
      from generate_series(1, (select max(id) from substance_group)) slot
      left join (
        select c.group_id,
          sum(case s.unit when 'm3' then s.quantity when 'liter' then s.quantity / 1000 else 0 end)::float8 as cubic_metres,
          sum(case s.unit when 'tonn' then s.quantity when 'kg' then s.quantity / 1000 else 0 end)::float8 as tonnes
        from stored_substance s join substance c on c.id = s.substance_id
        where s.facility_id = f.id group by c.group_id
      ) g on g.group_id = slot
    ) c
    where (f.unit_type_ids, f.substance_ids, f.group_cubic_metres, f.group_tonnes)
      is distinct from (c.expected_units, c.expected_substances, c.expected_cubic_metres, c.expected_tonnes)
    order by f.id`.execute(db);
  return rows;
}

async function checkFacilityCopies(db: Db): Promise<string[]> {
  const stale = await staleFacilityCopies(db);
  if (stale.length === 0) return [];
  return [
    `facility: ${stale.length} facilities whose unit types, substances or amounts per substance group differ from their units and substances, e.g. ${String(stale[0]?.id)} (repair: select fast_refresh_unit_types(array(select id from facility)), fast_refresh_substances(array(select id from facility)))`,
  ];
}

/** The search's tally (migration facility_tally) against a fresh count of the facilities. */
async function checkTally(db: Db): Promise<string[]> {
  const { rows } = await sql<{ key: string; tallied: number | null; counted: number | null }>`
    with counted as (
      select municipality_id, major_accident, unit_type_ids, substance_ids, count(*)::int as facilities
      from facility group by 1, 2, 3, 4
    )
    select concat_ws(' ', municipality_id, major_accident, unit_type_ids, substance_ids) as key,
      t.facilities as tallied, c.facilities as counted
    from counted c full join facility_tally t using (municipality_id, major_accident, unit_type_ids, substance_ids)
    where c.facilities is distinct from t.facilities
    order by 1`.execute(db);
  if (rows.length === 0) return [];
  const example = rows[0] as (typeof rows)[number];
  return [
    `facility_tally: ${rows.length} combinations differ from the facilities, e.g. ${example.key}: tallied ${example.tallied ?? 0}, counted ${example.counted ?? 0} (repair: select fast_tally_rebuild())`,
  ];
}

/** Counties and municipalities: exactly the ids of the reference files, each once (read from the heap). */
async function checkReferenceTables(db: Db, counts: Record<string, number>): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, file] of [
    ['county', 'counties.json'],
    ['municipality', 'municipalities.json'],
  ] as const) {
    const expected = new Set(
      (JSON.parse(await readFile(join(REFERENCE_DIR, file), 'utf8')) as { id: string }[]).map((r) => r.id),
    );
    // A sequential scan: a damaged index must not hide the rows it lost.
    const rows = await db.connection().execute(async (conn) => {
      await sql`set enable_indexscan = off`.execute(conn);
      await sql`set enable_indexonlyscan = off`.execute(conn);
      await sql`set enable_bitmapscan = off`.execute(conn);
      try {
        return (await sql<{ id: string }>`select id from ${sql.table(table)}`.execute(conn)).rows;
      } finally {
        await sql`reset all`.execute(conn);
      }
    });
    counts[table] = rows.length;
    const seen = new Map<string, number>();
    for (const { id } of rows) seen.set(id, (seen.get(id) ?? 0) + 1);
    const twice = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    const missing = [...expected].filter((id) => !seen.has(id));
    const unknown = [...seen.keys()].filter((id) => !expected.has(id));
    if (rows.length !== expected.size)
      problems.push(`${table}: ${rows.length} rows, the reference file ${file} has ${expected.size}`);
    if (twice.length > 0) problems.push(`${table}: ${twice.length} ids more than once, e.g. ${twice.slice(0, 5).join(', ')}`);
    if (missing.length > 0) problems.push(`${table}: ${missing.length} ids missing, e.g. ${missing.slice(0, 5).join(', ')}`);
    if (unknown.length > 0)
      problems.push(`${table}: ${unknown.length} ids not in ${file}, e.g. ${unknown.slice(0, 5).join(', ')}`);
  }
  return problems;
}

export function formatCheckReport(r: CheckReport): string {
  const lines = r.problems.map((p) => `  ${p}`);
  lines.unshift(
    r.problems.length === 0 ? 'db:check: no inconsistencies found.' : `db:check: ${r.problems.length} inconsistencies:`,
  );
  const reference = Object.entries(r.referenceRows).map(([table, n]) => `${table} ${n} rows`);
  lines.push(
    `Checked ${r.tables} tables (verify_heapam), ${r.indexes} B-tree indexes (bt_index_check with heapallindexed${r.uniqueChecked ? ' and checkunique' : ''}), and the reference tables (${reference.join(', ')}).`,
  );
  if (r.unchecked.length > 0) lines.push(`amcheck has no check for: ${r.unchecked.join(', ')}.`);
  return lines.join('\n');
}
