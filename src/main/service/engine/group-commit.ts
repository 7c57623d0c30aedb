import type { Db } from '#lib/store/database';
import type { WalSync } from '#lib/store/wal-sync';
import { BatchSizeHistogram } from './batch-size-histogram';
import { CommittedRefusal } from './errors';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Job {
  run: () => unknown;
  settle: (outcome: Outcome<unknown>) => void;
}

export interface GroupCommitOptions {
  /** How a flush is scheduled once work is queued (tests step it by hand). */
  schedule?: (flush: () => void) => void;
  /**
   * Makes a batch's WAL frames durable after its COMMIT, off the event loop (store/wal-sync.ts).
   * Without it (a database in memory), COMMIT itself is the end of the batch.
   */
  walSync?: WalSync | null;
  /** Called after each COMMIT that wrote something (the WAL checkpointer's cue). */
  onCommitted?: () => void;
}

/**
 * The single writer. Every write operation is queued here; the writes that arrive in the same
 * turn of the event loop run in one SQLite transaction, each inside its own savepoint, and are
 * acknowledged only once the one COMMIT that holds them all is durable.
 *
 * Why: each durable COMMIT waits for an fsync of the WAL, and that wait, not the work, bounded the
 * sandbox's write throughput (npm run bench). Sharing the fsync keeps the guarantee (nothing
 * acknowledged is lost in a crash or power cut) and multiplies throughput when many clients write
 * at once. With a WalSync, the fsync also leaves the event loop: COMMIT writes the frames, the
 * fsync runs on the thread pool, and meanwhile the loop parses, validates and answers other
 * requests. A job that throws rolls back to its savepoint alone; a failed COMMIT or fsync fails
 * every job of the batch, since none of them is known to be durable.
 *
 * Reads never see a write before it is durable: while a batch's fsync runs, reads wait for it
 * (`whenDurable`), and the next batch commits only after them. So nothing a power cut could take
 * back is ever shown to anyone, the writer's own clients included.
 *
 * Jobs are synchronous on purpose: the transaction stays open for one macrotask only, so no read
 * or event from outside the batch ever observes it half-done.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  /** The batch whose fsync is running, if any: reads and the next batch wait for it. */
  private syncing: Promise<void> | null = null;
  /** Set when an fsync failed: what was committed is not known to be on disk, so no more writes. */
  private failure: Error | null = null;
  /** Writes per COMMIT since the start (or the last reset). */
  readonly batchSizes = new BatchSizeHistogram();
  private readonly schedule: (flush: () => void) => void;
  private readonly walSync: WalSync | null;
  private readonly onCommitted: () => void;
  // Prepared once: `exec` would parse these statements again for every write.
  private readonly sql;

  constructor(
    private readonly db: Db,
    options: GroupCommitOptions = {},
  ) {
    this.schedule = options.schedule ?? ((flush) => setImmediate(flush));
    this.walSync = options.walSync ?? null;
    this.onCommitted = options.onCommitted ?? (() => {});
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
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        run,
        settle: (outcome) => (outcome.ok ? resolve(outcome.value as T) : reject(outcome.error)),
      });
      this.wake();
    });
  }

  /**
   * Resolves once the batch being synced is durable, before the next batch commits; undefined when
   * none is, so a read runs at once. A read that waits sees only durable writes.
   */
  whenDurable(): Promise<void> | undefined {
    return this.syncing ?? undefined;
  }

  /** Runs whatever is queued now, unless a batch is still being synced (it flushes again after). */
  flush(): void {
    this.scheduled = false;
    if (this.syncing) return;
    const batch = this.takeQueue();
    if (batch.length === 0) return;
    if (this.failure) return failAll(batch, this.failure);
    this.batchSizes.record(batch.length);
    const outcomes = this.runBatch(batch);
    const committed = outcomes.some((outcome) => outcome.ok || outcome.error instanceof CommittedRefusal);
    if (committed) this.onCommitted();
    if (!this.walSync || !committed) {
      settle(batch, outcomes);
      return;
    }
    const walSync = this.walSync;
    this.syncing = new Promise<void>((resolve) => {
      walSync.sync((error) => {
        this.syncing = null;
        if (error)
          this.failure = new Error(
            `the store could not make its writes durable (fsync: ${error.message}); restart the service`,
          );
        if (this.failure) {
          failAll(batch, this.failure);
          failAll(this.takeQueue(), this.failure);
        } else {
          settle(batch, outcomes);
        }
        // Reads waiting on this batch run next (their continuations are microtasks), and only then
        // does the next batch commit (a macrotask).
        resolve();
        this.wake();
      });
    });
  }

  /**
   * Waits for the batch being synced, then commits and syncs what is still queued on this thread,
   * and lets go of the WAL: for closing the database, with no write left unanswered or unsynced.
   */
  async close(): Promise<void> {
    while (this.syncing) await this.syncing;
    const batch = this.takeQueue();
    try {
      if (batch.length > 0) this.commitOnThisThread(batch);
    } finally {
      this.walSync?.close();
    }
  }

  private commitOnThisThread(batch: Job[]): void {
    if (this.failure) return failAll(batch, this.failure);
    this.batchSizes.record(batch.length);
    const outcomes = this.runBatch(batch);
    try {
      this.walSync?.syncNow();
      settle(batch, outcomes);
    } catch (error) {
      failAll(batch, error);
    }
  }

  private takeQueue(): Job[] {
    const queued = this.queue;
    this.queue = [];
    return queued;
  }

  private wake(): void {
    if (this.scheduled || this.syncing || this.queue.length === 0) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  private runBatch(batch: Job[]): Outcome<unknown>[] {
    // Only the writer's own COMMITs skip SQLite's fsync, since only they are followed by one of
    // ours; every other write on the connection (sweeps, start-up) keeps synchronous=FULL. Not a
    // prepared statement: SQLite applies `PRAGMA synchronous = …` when it compiles it, so running
    // a prepared one again would change nothing.
    if (this.walSync) this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      this.sql.begin.run();
      const outcomes = batch.map((job) => this.runInSavepoint(job));
      try {
        this.sql.commit.run();
        return outcomes;
      } catch (error) {
        if (this.db.inTransaction) this.sql.rollback.run();
        return batch.map(() => ({ ok: false, error }));
      }
    } finally {
      if (this.walSync) this.db.exec('PRAGMA synchronous = FULL');
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

function settle(batch: Job[], outcomes: Outcome<unknown>[]): void {
  batch.forEach((job, i) => job.settle(outcomes[i]!));
}

function failAll(jobs: Job[], error: unknown): void {
  for (const job of jobs) job.settle({ ok: false, error });
}
