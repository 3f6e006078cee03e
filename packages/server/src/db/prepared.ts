import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from './open.js';

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

interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/**
 * A read written with placeholders, built and prepared once per database and then only executed:
 * building a select of a wide table took the query builder 0.4–0.7 ms at every call (the
 * parameters' 45 columns), more than PostgreSQL took to answer it. Inside a transaction it is
 * built again on the transaction, since a statement prepared on the database runs on the pool,
 * outside it. For reads of tables that are not partitioned: a statement prepared once may be
 * planned once for all months, and then lock every month at each run.
 */
export function preparedRead<R>(
  name: string,
  build: (q: Queryable) => Preparable<R>,
): (q: Queryable, values: Record<string, unknown>) => Promise<R> {
  const onDatabase = preparedPerDatabase((db) => build(db).prepare(name));
  return (q, values) => (q instanceof PgTransaction ? build(q).prepare(name) : onDatabase(q)).execute(values);
}

/**
 * A read of a partitioned table (results, by month: decision 0034) built once per database like
 * `preparedRead`, but sent as an unnamed statement: PostgreSQL plans it at each run for the months
 * its values name, never once for every month. What is saved is the query builder's work.
 */
export function builtRead<R>(
  build: (q: Queryable) => Preparable<R>,
): (q: Queryable, values: Record<string, unknown>) => Promise<R> {
  // An empty name is no name: node-postgres sends the statement unnamed, PGlite ignores names.
  return preparedRead('', build);
}
