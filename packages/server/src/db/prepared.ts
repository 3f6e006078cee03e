import type { Db } from './open.js';

/**
 * A value built on first use and kept per database (a test run opens several): a prepared statement,
 * so that it is planned once per pooled connection instead of at every call, or what a server
 * remembers of one database (the record screen's names).
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
