import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { refreshRegisterStatistics } from './register.repository.ts';

/**
 * A first load into an empty register without its secondary indexes, which are built once at the
 * end: PostgreSQL builds an index from sorted rows far faster than it maintains one row by row.
 * The demo register's 18 000 facilities went in 13.3 s with the facility table's indexes and in
 * 1.8 s + 4.1 s to build them afterwards, most of it the place lookup's two word indexes (a GIN
 * entry for every prefix of every word). Only for a register no one reads while it loads (the
 * start's bootstrap process): a reader meanwhile would scan whole tables.
 */

/** The tables an import writes; their primary keys and other constraints' indexes stay. */
const REGISTER_TABLES = [
  'facility',
  'facility_unit',
  'stored_substance',
  'notification_report',
  'inspection',
  'accident',
  'document',
];

/** Drops the register tables' secondary indexes, noting each in `deferred_index` in the same transaction. */
export async function deferIndexes(db: Db, tables: readonly string[] = REGISTER_TABLES): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const indexes = await sql<{ name: string; definition: string; statistics: [number, number][] }>`
      select i.relname as name, pg_get_indexdef(i.oid) as definition,
        coalesce((
          select jsonb_agg(jsonb_build_array(a.attnum, a.attstattarget) order by a.attnum)
          from pg_attribute a
          where a.attrelid = i.oid and a.attstattarget is not null and a.attstattarget <> -1
        ), '[]') as statistics
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any(${tables})
        and not exists (select from pg_constraint c where c.conindid = x.indexrelid)
      order by i.relname`.execute(trx);
    for (const index of indexes.rows) {
      await trx
        .insertInto('deferred_index')
        .values({ ...index, statistics: JSON.stringify(index.statistics) })
        .execute();
      await sql`drop index ${sql.id(index.name)}`.execute(trx);
    }
  });
}

/**
 * Builds every index `deferred_index` names, with its statistics targets, then vacuums and analyzes
 * their tables (an expression index's statistics come from its table's analyze; for the register,
 * every table an import writes). Answers how many it built: at a start, those of a load that was killed.
 */
export async function buildDeferredIndexes(db: Db): Promise<number> {
  const indexes = await db.selectFrom('deferred_index').selectAll().orderBy('name').execute();
  if (indexes.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (const index of indexes) {
      await sql.raw(index.definition).execute(trx);
      for (const [column, target] of index.statistics) {
        await sql`alter index ${sql.id(index.name)} alter column ${sql.lit(column)} set statistics ${sql.lit(target)}`.execute(
          trx,
        );
      }
    }
    await trx.deleteFrom('deferred_index').execute();
  });
  const { rows } = await sql<{ table: string }>`
    select distinct t.relname as table
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where i.relname = any(${indexes.map((index) => index.name)})`.execute(db);
  const tables = rows.map((row) => row.table);
  if (tables.some((table) => REGISTER_TABLES.includes(table))) await refreshRegisterStatistics(db);
  for (const table of tables.filter((table) => !REGISTER_TABLES.includes(table))) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
  return indexes.length;
}

/**
 * Runs `load` with the secondary indexes of `tables` (the register's by default) dropped, and
 * builds them after it, whether it ends or fails, with their tables' statistics (an import in
 * `load` need not refresh them).
 */
export async function withIndexesDeferred<T>(
  db: Db,
  load: () => Promise<T>,
  tables: readonly string[] = REGISTER_TABLES,
): Promise<T> {
  await deferIndexes(db, tables);
  try {
    return await load();
  } finally {
    await buildDeferredIndexes(db);
  }
}
