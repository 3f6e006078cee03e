import type { Db } from './open.js';

/**
 * A prepared statement built on first use and kept per database (a test run opens several), so
 * that it is planned once per pooled connection instead of at every call.
 */
export function preparedPerDatabase<Query>(prepare: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = prepare(db);
      built.set(db, query);
    }
    return query;
  };
}
