import type Database from 'better-sqlite3';

/** One step of a store's schema: the service's (store/migrations), the counter's (sync/migrations, register/migrations). */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Applies the numbered migrations not yet applied, each in its own transaction, and records
 * the schema version in PRAGMA user_version so a half-applied migration can never be seen.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
