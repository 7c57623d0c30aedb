import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isWalFile, type Db } from './database';

/**
 * The worker module. `new URL(…, import.meta.url)` finds it beside this file when the sources run
 * (vitest, tsx) and beside out/main/index.js in the electron-vite build, which bundles this module
 * into index.js and copies the worker there (see electron.vite.config.ts).
 */
export const WAL_CHECKPOINT_WORKER_FILE = fileURLToPath(new URL('./wal-checkpoint-worker.mjs', import.meta.url));

/** At most one checkpoint per this many milliseconds: each one syncs the database file. */
const MIN_INTERVAL_MS = 100;
/**
 * SQLite's own checkpoint on COMMIT, kept as a safety net for a checkpointer that falls behind or
 * stopped: 10,000 pages (40 MiB of WAL) instead of the default 1,000.
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;
const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;

export interface CheckpointResult {
  /** Frames in the WAL, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

/**
 * Checkpoints the WAL of a file database from a connection of its own on a worker thread.
 *
 * Why: SQLite checkpoints inside the COMMIT that takes the WAL past 1,000 pages, on the calling
 * thread, so every 13th batch of the single writer stopped the event loop for about 3.4 ms to copy
 * pages into the database file and sync it: 55% of the time spent in COMMIT under
 * `npm run bench:profile` (issue 14). A PASSIVE checkpoint on another connection does the same
 * copying and syncing without holding the writer, which starts the WAL over at its next COMMIT
 * once everything has been copied.
 */
export class WalCheckpointer {
  private worker: Worker | null = null;
  private running = false;
  private lastStartedAt = 0;
  private stopped = false;
  /** Checkpoints started since the start: the bench reports it beside the batch sizes. */
  started = 0;
  private readonly waiting = new Set<{ resolve: (result: CheckpointResult) => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly db: Db,
    private readonly logError: (error: unknown) => void,
  ) {
    db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  }

  /** The checkpointer of a file database in WAL mode; null for one in memory or not in WAL mode. */
  static for(
    db: Db,
    logError: (error: unknown) => void = (error) => console.error('[store] WAL checkpointer', error),
  ): WalCheckpointer | null {
    return isWalFile(db) ? new WalCheckpointer(db, logError) : null;
  }

  /** Tells it a batch was committed: a checkpoint starts unless one runs or one started just now. */
  committed(now: number = Date.now()): void {
    if (this.stopped || this.running || now - this.lastStartedAt < MIN_INTERVAL_MS) return;
    this.start(now);
  }

  /** Runs a checkpoint now (or joins the running one) and resolves with what it did. */
  checkpointNow(): Promise<CheckpointResult> {
    if (this.stopped) return Promise.reject(new Error('the WAL checkpointer is closed'));
    const done = new Promise<CheckpointResult>((resolve, reject) => this.waiting.add({ resolve, reject }));
    if (!this.running) this.start(Date.now());
    return done;
  }

  /** Ends the thread and gives checkpointing back to SQLite (which also checkpoints on close). */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held until it has closed its connection: an unreferenced thread would let the process end
      // with this promise pending.
      worker.ref();
      worker.postMessage('close');
      await exited;
    }
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  }

  private start(now: number): void {
    this.started++;
    this.running = true;
    this.lastStartedAt = now;
    this.thread().postMessage('checkpoint');
  }

  /** Started with the first checkpoint: an engine that never writes starts no thread. */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WAL_CHECKPOINT_WORKER_FILE, { workerData: { path: this.db.name } });
    // A checkpoint left undone costs nothing but WAL size: it never keeps the process alive.
    worker.unref();
    worker.on('message', (message: CheckpointResult & { error?: string }) => {
      this.running = false;
      const waiting = [...this.waiting];
      this.waiting.clear();
      if (message.error) {
        const error = new Error(`WAL checkpoint failed: ${message.error}`);
        this.logError(error);
        for (const { reject } of waiting) reject(error);
        return;
      }
      for (const { resolve } of waiting) resolve({ log: message.log, checkpointed: message.checkpointed });
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (!this.stopped) this.fail(new Error(`the WAL checkpoint thread exited with code ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  /** Without its thread, checkpoints go back to SQLite's default, inside COMMIT. */
  private fail(error: unknown): void {
    if (this.stopped) return;
    this.logError(error);
    this.stopped = true;
    this.running = false;
    this.worker = null;
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    for (const { reject } of this.waiting) reject(error instanceof Error ? error : new Error(String(error)));
    this.waiting.clear();
  }
}
