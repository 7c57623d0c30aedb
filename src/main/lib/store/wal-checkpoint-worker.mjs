// Runs in a worker thread of the WAL checkpointer (wal-checkpointer.ts): copies the pages the
// writer has committed to the WAL back into the database file, and syncs it, off the event loop.
// Plain JavaScript that imports only `better-sqlite3`: it loads as it is under vitest, tsx and
// from the electron-vite build (which copies it next to out/main/index.js).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.path);
// FULL, so that the checkpoint syncs the database file before it lets the writer start the WAL
// over: the frames it copied are gone from the WAL only once they are on disk.
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
// This connection never writes pages of its own, so it must never run a checkpoint on close
// either while the writer works; checkpoints happen only when asked.
db.pragma('wal_autocheckpoint = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // PASSIVE: copies what no reader still needs and never waits for the writer or a reader.
    const { busy, log, checkpointed } = checkpoint.get();
    parentPort.postMessage({ busy, log, checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String(error instanceof Error ? error.message : error) });
  }
});
