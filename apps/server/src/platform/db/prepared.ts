import type { DbOrTx } from './client';

interface Executable<P, R> {
  execute(params: P): Promise<R>;
}

/**
 * A query built and prepared once per database handle instead of on every call: the hot read
 * paths (session, gates) run on every request, and building a query costs more than running it.
 * `build` must use `sql.placeholder` for every parameter and one fixed statement name.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(build: (db: DbOrTx) => Executable<P, R>): (db: DbOrTx, params: P) => Promise<R> {
  const cache = new WeakMap<object, Executable<P, R>>();
  return (db, params) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query.execute(params);
  };
}
