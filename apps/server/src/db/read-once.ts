import type { Db } from './database.ts';

/** A value read once per database handle, until `forget()`. */
interface ReadOnce<T> {
  (db: Db): Promise<T>;
  /** Every handle reads again at its next call (reference data an administrator has replaced). */
  forget(): void;
}

/**
 * A value read once per database handle: reference data, which migrations and the reference-data
 * seed write before the server serves requests and which changes only when an administrator loads
 * a reference layer (then the cache is told to forget). A failed read (the database briefly away)
 * is not remembered.
 */
export function readOncePerDatabase<T>(read: (db: Db) => Promise<T>): ReadOnce<T> {
  let cache = new WeakMap<Db, Promise<T>>();
  const readOnce = (db: Db) => {
    const held = cache;
    let value = held.get(db);
    if (!value) {
      const reading = read(db);
      reading.catch(() => {
        if (held.get(db) === reading) held.delete(db);
      });
      held.set(db, reading);
      value = reading;
    }
    return value;
  };
  return Object.assign(readOnce, {
    forget() {
      cache = new WeakMap();
    },
  });
}
