import { type Compilable, type InferResult, type RawBuilder, sql } from 'kysely';

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
