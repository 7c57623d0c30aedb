import Database from 'better-sqlite3';
import { isWalFile, type Db } from './database';

/**
 * The service's reads, on a read-only connection of their own, with the reads of one event-loop
 * turn sharing one read transaction.
 *
 * Why: outside a transaction every SELECT of a WAL database takes and drops a read lock on the
 * -shm file, two `fcntl` calls. Under `GET /api/v1/charge/{id}` at 32 connections they were 6% of
 * all the server's time, a third of the charge lookup (perf, issue 14), and the turn carried
 * about 29 reads. Inside one read transaction the lock is taken once.
 *
 * A read transaction sees the database as of its first read. So that no read sees an older state
 * than a write this process already committed, the transaction ends:
 * - after every COMMIT of the service's own writes: the single writer and the sweep call `end()`;
 * - at the end of the turn in any case (`setImmediate`), so it never holds a checkpoint back for
 *   longer than a turn and a commit by another process (`app create` beside a served sandbox) is
 *   seen from the next turn on, at the latest.
 *
 * A connection of its own, not the writer's: writes run on the writer's connection while this
 * transaction may be open, and on the same connection they would silently become part of it,
 * committed late. Read-only, so a read handler that tried to write would fail loudly.
 */
export class TurnReads {
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private endScheduled = false;
  private closed = false;
  /**
   * Whether this object began a read transaction that it has not ended. Read on every read instead
   * of `db.inTransaction`, a native call each time (5% of a GET's engine time in a CPU profile,
   * issue 14). Should SQLite end the transaction on its own (an I/O error rolls it back), reads
   * merely run outside one until `end()`, which asks SQLite itself.
   */
  private open = false;

  private constructor(readonly db: Db) {
    this.begin = db.prepare('BEGIN');
    this.commit = db.prepare('COMMIT');
  }

  /**
   * The reads of a file database in WAL mode. Null for a database in memory, which a second
   * connection would not see (and which takes no file locks), or one not in WAL mode, where a
   * reader would block the writer.
   */
  static for(writer: Db): TurnReads | null {
    if (!isWalFile(writer)) return null;
    const db = new Database(writer.name, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    db.pragma('temp_store = MEMORY');
    return new TurnReads(db);
  }

  /** Runs `read` in this turn's read transaction, begun by the turn's first read. */
  run<T>(read: (db: Db) => T): T {
    if (this.closed) throw new Error('the store is closed');
    if (!this.open) {
      this.begin.run();
      this.open = true;
      if (!this.endScheduled) {
        this.endScheduled = true;
        setImmediate(() => {
          this.endScheduled = false;
          this.end();
        });
      }
    }
    return read(this.db);
  }

  /** Ends the read transaction, if one is open: the next read sees every commit made until now. */
  end(): void {
    // A read transaction has nothing to write: COMMIT only lets go of its snapshot and lock.
    if (this.closed || !this.open) return;
    this.open = false;
    if (this.db.inTransaction) this.commit.run();
  }

  close(): void {
    if (this.closed) return;
    this.end();
    this.closed = true;
    this.db.close();
  }
}
