import type { PGlite, Results } from '@electric-sql/pglite';

/**
 * The mark that asks PGlite to keep a statement prepared (`keepPrepared`): after `select`, where
 * Kysely's `modifyFront` puts it. PostgreSQL's server ignores it, a comment.
 */
export const KEEP_PREPARED = '/* keep prepared */';
const MARKED = `select ${KEEP_PREPARED}`;

/** More distinct statements than the app's marked shapes: then all are let go and prepared anew. */
const MAX_KEPT = 200;

/**
 * A parameter as a quoted literal its parameter's type reads; null: one that does not quote so. A
 * backslash is left to the usual path: whatever `standard_conforming_strings` says, a literal
 * without one means the same.
 */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value.includes('\\') ? null : `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `'${value}'`;
  return null;
}

/**
 * Marked statements kept prepared in PGlite's one session. A statement of the place lookup is
 * parsed, analysed and planned in 3–5 ms in WebAssembly and runs in 1–3: prepared once, it is
 * only executed, on its generic plan. Left to choose (`plan_cache_mode` auto), PostgreSQL planned
 * a lookup of two readings again for its values on every run (6–7 ms; 3.2 ms on the generic
 * plan), and bench:places missed 20 ms p95 in one of two runs, against none of two forced
 * generic. The marked statements find their rows through indexes whatever the values.
 * PGlite's `query` has no named statements, so the statement is prepared in SQL and executed with
 * its parameters as quoted literals, which each parameter's type reads as its own input.
 */
export function keepPrepared(pglite: PGlite) {
  const names = new Map<string, string>();
  let next = 1;
  return {
    /** The answer through the kept statement; null when `sql` is not marked or a parameter not plain. */
    async query(sql: string, params: readonly unknown[]): Promise<Results | null> {
      if (!sql.startsWith(MARKED)) return null;
      const literals = params.map(literal);
      if (literals.some((l) => l === null)) return null;
      let name = names.get(sql);
      if (!name) {
        if (names.size >= MAX_KEPT) {
          await pglite.exec('deallocate all');
          names.clear();
        }
        name = `fast_kept_${next++}`;
        await pglite.exec(`prepare ${name} as ${sql}`);
        names.set(sql, name);
      }
      const execute = `execute ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
      // Its generic plan from the first run: `set local` ends with the transaction, failed or not.
      const [result] = await pglite.transaction(async (tx) => {
        await tx.exec('set local plan_cache_mode = force_generic_plan');
        return tx.exec(execute);
      });
      if (!result) throw new Error(`execute ${name} answered nothing`);
      return result;
    },
  };
}
