import Database from 'better-sqlite3';
import { migrate, type Migration } from './migrate';

export type Db = Database.Database;

/**
 * Whether the store is a file in WAL mode: what the WAL sync, the checkpointer and the reads'
 * connection work on.
 */
export function isWalFile(db: Db): boolean {
  return !db.memory && String(db.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
}

/**
 * Opens (and migrates) a store with its schema's migrations: the service's (store/migrations'
 * openServiceDatabase), or the counter's.
 * WAL lets readers run beside the single writer; synchronous=FULL makes every acknowledged commit
 * survive a power cut, not only an app crash.
 */
export function openDatabase(path: string, migrations: readonly Migration[]): Db {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Temporary files in memory, the savepoint sub-journals above all: every write of the single
  // writer runs in a savepoint, and with the default each one's copies of the pages it touched went
  // through a temporary file. A crash needs none of them (they only serve ROLLBACK TO). Measured in
  // `npm run bench:profile` (issue 14): the charge INSERT's share of a create fell from 22% to 11%
  // and the outbox row's from 12% to 4%.
  db.pragma('temp_store = MEMORY');
  migrate(db, migrations);
  return db;
}
