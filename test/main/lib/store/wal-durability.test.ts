import { closeSync, fstatSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db } from '#lib/store/database';
import { openServiceDatabase } from '#service/engine/migrations';
import { WalCheckpointer } from '#lib/store/wal-checkpointer';
import { openWalSync } from '#lib/store/wal-sync';

const PAGE = 4096;
const walFrames = (path: string) => Math.max(0, (statSync(`${path}-wal`).size - 32) / (PAGE + 24));

describe('the WAL sync and checkpointer of a file database', () => {
  let dir: string;
  let path: string;
  let db: Db;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-wal-'));
    path = join(dir, 'store.db');
    db = openServiceDatabase(path);
    db.exec('CREATE TABLE item (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  });

  afterEach(() => {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertPages = (count: number) => {
    const insert = db.prepare('INSERT INTO item (body) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < count; i++) insert.run('x'.repeat(PAGE));
    })();
  };

  it('has nothing to do for a database in memory', () => {
    const memory = openServiceDatabase(':memory:');
    try {
      expect(openWalSync(memory)).toBeNull();
      expect(WalCheckpointer.for(memory)).toBeNull();
    } finally {
      memory.close();
    }
  });

  it('syncs the WAL off the calling thread and calls back once it is done', async () => {
    const walSync = openWalSync(db)!;
    try {
      insertPages(3);
      const error = await new Promise<Error | null>((resolve) => walSync.sync(resolve));
      expect(error).toBeNull();
      expect(() => walSync.syncNow()).not.toThrow();
    } finally {
      walSync.close();
    }
  });

  it('checkpoints on its own thread: the pages reach the database file and the writer starts the WAL over', async () => {
    const checkpointer = WalCheckpointer.for(db)!;
    try {
      // SQLite's own checkpoint inside COMMIT is pushed back to 10,000 pages, a safety net only.
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
      insertPages(300);
      const framesBefore = walFrames(path);
      expect(framesBefore).toBeGreaterThanOrEqual(300);
      const result = await checkpointer.checkpointNow();
      expect(result.checkpointed).toBe(result.log);
      expect(result.log).toBeGreaterThanOrEqual(300);
      // Everything was copied: the next transaction writes from the start of the WAL again, so the
      // file does not grow.
      insertPages(10);
      expect(walFrames(path)).toBe(framesBefore);
      expect(db.prepare('SELECT count(*) FROM item').pluck().get()).toBe(310);
    } finally {
      await checkpointer.close();
    }
    // Closed, it hands checkpoints back to SQLite's default.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
  });

  it('starts a checkpoint when told of a commit, at most one at a time and one per 100 ms', async () => {
    const checkpointer = WalCheckpointer.for(db)!;
    try {
      insertPages(50);
      checkpointer.committed(1_000);
      expect(checkpointer.started).toBe(1);
      // While it runs, nothing more is started.
      checkpointer.committed(1_200);
      expect(checkpointer.started).toBe(1);
      // checkpointNow joins the running one rather than starting another.
      const joined = await checkpointer.checkpointNow();
      expect(checkpointer.started).toBe(1);
      expect(joined.checkpointed).toBe(joined.log);
      // Done, but too soon after the last start: still nothing.
      checkpointer.committed(1_099);
      expect(checkpointer.started).toBe(1);
      checkpointer.committed(1_100);
      expect(checkpointer.started).toBe(2);
      await checkpointer.checkpointNow();
    } finally {
      await checkpointer.close();
    }
  });

  it('keeps the data of many batches whole across checkpoints, a close and a reopen', async () => {
    const checkpointer = WalCheckpointer.for(db)!;
    for (let batch = 0; batch < 40; batch++) {
      insertPages(20);
      checkpointer.committed();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await checkpointer.checkpointNow();
    await checkpointer.close();
    db.close();
    db = openServiceDatabase(path);
    expect(db.prepare('SELECT count(*) FROM item').pluck().get()).toBe(800);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});

describe('closing twice', () => {
  it('closes the WAL descriptor once, never a descriptor reused since', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'balcao-wal-close-'));
    const db = openServiceDatabase(join(dir, 'store.db'));
    try {
      const walSync = openWalSync(db)!;
      walSync.close();
      // The number is free now: the next open may get it. A second close must leave it alone.
      const other = openSync(join(dir, 'other.txt'), 'w');
      try {
        walSync.close();
        expect(() => fstatSync(other)).not.toThrow();
      } finally {
        closeSync(other);
      }
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
