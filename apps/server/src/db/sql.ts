import { type Compilable, type Expression, type InferResult, type RawBuilder, sql } from 'kysely';
import { type Db, isSingleSession } from './database.ts';
import { KEEP_PREPARED } from './pglite-prepared.ts';
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

/** Values to select together: each one, or a list of them, an expression of one value. */
type Selections = Record<string, Expression<unknown> | readonly Expression<unknown>[]>;

type Selected<S extends Selections> = {
  [K in keyof S]: S[K] extends readonly Expression<infer T>[] ? T[] : S[K] extends Expression<infer T> ? T : never;
};

/**
 * Values read at one moment of a request, each an expression of one value (a scalar subquery, an
 * array, `jsonArrayFrom`): on PGlite, which runs one statement after another and pays ~0.5 ms for
 * each however small, as one statement's columns; on PostgreSQL as a statement each, side by side
 * on the pool's connections. `keepPrepared`: on PGlite the statement is kept prepared and run on
 * its generic plan (pglite-prepared.ts), for lookups asked again and again whose rows indexes find
 * whatever the values.
 */
export async function selectTogether<S extends Selections>(
  db: Db,
  selections: S,
  { keepPrepared = false } = {},
): Promise<Selected<S>> {
  // Each expression, its column, and where its value goes: the key's, or the key's list at `index`.
  const parts = Object.entries(selections)
    .flatMap(([key, value]) =>
      Array.isArray(value)
        ? value.map((expression: Expression<unknown>, index: number | null) => ({ key, index, expression }))
        : [{ key, index: null, expression: value as Expression<unknown> }],
    )
    .map((part, at) => ({ ...part, column: `c${at}` }));
  const select = async (some: typeof parts): Promise<Record<string, unknown>> => {
    if (some.length === 0) return {};
    const query = db.selectNoFrom(some.map((part) => sql`${part.expression}`.as(part.column)));
    return (keepPrepared ? query.modifyFront(sql.raw(KEEP_PREPARED)) : query).executeTakeFirstOrThrow();
  };
  const rows = isSingleSession(db) ? [await select(parts)] : await Promise.all(parts.map((part) => select([part])));
  const values: Record<string, unknown> = Object.assign({}, ...rows);
  const selected: Record<string, unknown> = Object.fromEntries(
    Object.keys(selections).map((key) => [key, Array.isArray(selections[key]) ? [] : null]),
  );
  for (const part of parts) {
    if (part.index === null) selected[part.key] = values[part.column];
    else (selected[part.key] as unknown[])[part.index] = values[part.column];
  }
  return selected as Selected<S>;
}
