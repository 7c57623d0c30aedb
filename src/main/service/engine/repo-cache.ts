import type { Db } from '#lib/store/database';

/**
 * One repository instance per database and repository kind, so prepared statements are
 * compiled once, not on every request.
 */
export function perDatabase<T>(factory: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let repo = cache.get(db);
    if (!repo) {
      repo = factory(db);
      cache.set(db, repo);
    }
    return repo;
  };
}
