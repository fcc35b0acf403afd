import type pg from 'pg';

/** Checks out every connection of a pool, as a burst of requests would hold them; the caller releases them. */
export function holdEveryConnection(pool: pg.Pool): Promise<pg.PoolClient[]> {
  return Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
}
