import { closeSync, fdatasync, fdatasyncSync, fsyncSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { isWalFile, type Db } from './database';

/**
 * Makes the WAL frames a connection has written durable with an fsync of the WAL file, run on
 * libuv's thread pool instead of inside COMMIT on the event loop.
 *
 * Why: with synchronous=FULL, SQLite fsyncs the WAL inside COMMIT, and better-sqlite3 runs COMMIT
 * on the calling thread, so the whole server stood still for every fsync (about a third of the
 * write path's samples in `npm run bench:profile`). A COMMIT made with synchronous=NORMAL writes
 * the same frames, commit frame included, to the file without syncing; one fsync of the file
 * afterwards makes all of them durable, exactly what FULL's fsync would have done. The caller
 * (GroupCommit) acknowledges nothing before that fsync returns, so "answered" still means
 * "survives a power cut". Checkpoints keep their own syncs under NORMAL.
 *
 * fdatasync, not fsync: it writes the data and what is needed to read it back (the file's size),
 * skipping only times such as mtime, as SQLite itself does where the platform has it. Measured in
 * one `npm run bench -- --only http` pair: POST at 0.523–0.526 of the durable floor with fsync,
 * 0.548 with fdatasync.
 */
export interface WalSync {
  /** Makes every WAL frame written before the call durable; runs off the event loop. */
  sync(done: (error: Error | null) => void): void;
  /** The same on the calling thread: for the last batch before the database closes. */
  syncNow(): void;
  close(): void;
}

/** The WAL sync of a file database in WAL mode; null for one in memory or not in WAL mode. */
export function openWalSync(db: Db): WalSync | null {
  if (!isWalFile(db)) return null;
  const walPath = `${db.name}-wal`;
  // A read makes SQLite open (and, on a new database, create) the WAL file.
  db.prepare('SELECT count(*) FROM sqlite_schema').get();
  // SQLite syncs the directory of a WAL it creates only on the WAL's first sync of its own, which
  // under NORMAL may not come before a checkpoint: the file's name is made durable here, once.
  syncDirectory(dirname(walPath));
  let fd = openSync(walPath, 'r');
  let inode = statSync(walPath).ino;
  // Closing twice would close whatever file had been given the same descriptor number since.
  let closed = false;

  /**
   * SQLite deletes the WAL only when the last connection closes, and ours stays open; should the
   * file ever be replaced anyway, the new one is synced too rather than the unlinked old one.
   */
  const followReplacedFile = (): boolean => {
    const now = statSync(walPath, { throwIfNoEntry: false });
    if (!now || now.ino === inode) return false;
    closeSync(fd);
    fd = openSync(walPath, 'r');
    inode = now.ino;
    return true;
  };

  return {
    sync(done) {
      fdatasync(fd, (error) => {
        if (error) return done(error);
        try {
          if (followReplacedFile()) fdatasyncSync(fd);
          done(null);
        } catch (replaced) {
          done(replaced as Error);
        }
      });
    },
    syncNow() {
      followReplacedFile();
      fdatasyncSync(fd);
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

function syncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
