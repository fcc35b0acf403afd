import { type Compilable, type InferResult, type RawBuilder, sql } from 'kysely';
import type { Database } from './types.ts';

/**
 * One row of a query, as Kysely infers it from the tables and the selection: row types are
 * derived from the query that reads them, never written by hand beside it.
 */
export type RowOf<Query extends Compilable<object>> = InferResult<Query>[number];

/**
 * Ids as one array parameter in its text form: one parameter instead of thousands, and PGlite
 * cannot bind a JS number array to an array type by itself.
 */
export function idArray(ids: readonly number[], type: 'integer' | 'smallint' = 'integer'): RawBuilder<number[]> {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('ids must be integers');
  return sql<number[]>`${`{${ids.join(',')}}`}::${sql.raw(type)}[]`;
}

/**
 * `insert into table (columns) select columns from json_populate_recordset(...)`: the whole batch
 * travels as one JSON parameter. Binding thousands of separate parameters costs far more, above all
 * on PGlite, which serialises each one in JavaScript. The table's own row type converts the values.
 */
export function insertFromJson(table: keyof Database & string, rows: object[]): RawBuilder<unknown> | null {
  const first = rows[0];
  if (!first) return null;
  const columns = sql.join(Object.keys(first).map((c) => sql.ref(c)));
  return sql`insert into ${sql.table(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`;
}
