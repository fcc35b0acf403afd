import { type RawBuilder, sql } from 'kysely';

/**
 * Ids as one array parameter in its text form: one parameter instead of thousands, and PGlite
 * cannot bind a JS number array to an array type by itself.
 */
export function idArray(ids: readonly number[], type: 'integer' | 'smallint' = 'integer'): RawBuilder<number[]> {
  if (!ids.every(Number.isSafeInteger)) throw new TypeError('ids must be integers');
  return sql<number[]>`${`{${ids.join(',')}}`}::${sql.raw(type)}[]`;
}
