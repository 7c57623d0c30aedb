import Database from 'better-sqlite3';
import { migrate } from './migrate';
import type { Migration } from './migrations';

export type Db = Database.Database;

/**
 * Opens (and migrates) a store: the service's schema by default, or another one (the counter's).
 * WAL lets readers run beside the single writer; synchronous=FULL makes every acknowledged commit
 * survive a power cut, not only an app crash.
 */
export function openDatabase(path: string, migrations?: readonly Migration[]): Db {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}
