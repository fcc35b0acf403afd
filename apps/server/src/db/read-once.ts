import type { Db } from './database.ts';

/**
 * A value read once per database handle: reference data, which migrations and the reference-data
 * seed write before the server serves requests and which never changes while it runs. A failed
 * read (the database briefly away) is not remembered.
 */
export function readOncePerDatabase<T>(read: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const cache = new WeakMap<Db, Promise<T>>();
  return (db) => {
    let value = cache.get(db);
    if (!value) {
      value = read(db);
      value.catch(() => cache.delete(db));
      cache.set(db, value);
    }
    return value;
  };
}
