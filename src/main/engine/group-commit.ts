import type { Db } from '../store/database';
import { BatchSizeHistogram } from './batch-size-histogram';
import { CommittedRefusal } from './errors';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Job {
  run: () => unknown;
  settle: (outcome: Outcome<unknown>) => void;
}

/**
 * The single writer. Every write operation is queued here; the writes that arrive in the same
 * turn of the event loop run in one SQLite transaction, each inside its own savepoint, and are
 * acknowledged only after the one COMMIT that makes them all durable.
 *
 * Why: with synchronous=FULL each COMMIT waits for an fsync of the WAL, and that wait, not the
 * work, bounded the sandbox's write throughput (npm run bench). Sharing the fsync keeps the
 * guarantee (nothing acknowledged is lost in a crash or power cut) and multiplies throughput
 * when many clients write at once. A job that throws rolls back to its savepoint alone; a
 * failed COMMIT fails every job of the batch, since none of them became durable.
 *
 * Jobs are synchronous on purpose: the transaction stays open for one macrotask only, so no read
 * or event from outside the batch ever observes it half-done.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  /** Writes per COMMIT since the start (or the last reset). */
  readonly batchSizes = new BatchSizeHistogram();
  // Prepared once: `exec` would parse these five statements again for every write.
  private readonly sql;

  constructor(
    private readonly db: Db,
    private readonly schedule: (flush: () => void) => void = (flush) => setImmediate(flush),
  ) {
    this.sql = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      savepoint: db.prepare('SAVEPOINT group_commit_job'),
      release: db.prepare('RELEASE group_commit_job'),
      rollbackTo: db.prepare('ROLLBACK TO group_commit_job'),
    };
  }

  submit<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        run,
        settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)),
      });
      if (!this.scheduled) {
        this.scheduled = true;
        this.schedule(() => this.flush());
      }
    });
  }

  /** Runs whatever is queued now. Also called directly before closing the database. */
  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    this.batchSizes.record(batch.length);
    const outcomes = this.runBatch(batch);
    batch.forEach((job, i) => job.settle(outcomes[i]!));
  }

  private runBatch(batch: Job[]): Outcome<unknown>[] {
    this.sql.begin.run();
    const outcomes = batch.map((job) => this.runInSavepoint(job));
    try {
      this.sql.commit.run();
      return outcomes;
    } catch (error) {
      if (this.db.inTransaction) this.sql.rollback.run();
      return batch.map(() => ({ ok: false, error }));
    }
  }

  private runInSavepoint(job: Job): Outcome<unknown> {
    this.sql.savepoint.run();
    try {
      const value = job.run();
      if (value instanceof Promise) {
        value.catch(() => {});
        throw new Error('a write operation must complete synchronously');
      }
      this.sql.release.run();
      return { ok: true, value };
    } catch (error) {
      // A refusal that keeps its writes (CommittedRefusal) commits with the batch like a success.
      if (!(error instanceof CommittedRefusal)) this.sql.rollbackTo.run();
      this.sql.release.run();
      return { ok: false, error };
    }
  }
}
