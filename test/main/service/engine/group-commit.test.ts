import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommittedRefusal, ServiceError } from '#service/engine/errors';
import { GroupCommit } from '#service/engine/group-commit';
import { type Db } from '#lib/store/database';
import { openServiceDatabase } from '#service/engine/migrations';
import type { WalSync } from '#lib/store/wal-sync';

describe('GroupCommit (the single writer)', () => {
  let dir: string;
  let db: Db;
  let reader: Database.Database;
  let pending: (() => void)[];
  let writer: GroupCommit;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-group-commit-'));
    db = openServiceDatabase(join(dir, 'store.db'));
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE item (id TEXT PRIMARY KEY,
               parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`);
    reader = new Database(join(dir, 'store.db'), { readonly: true });
    pending = [];
    writer = new GroupCommit(db, { schedule: (flush) => pending.push(flush) });
  });

  afterEach(() => {
    reader.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert =
    (id: string, parentId: number | null = null) =>
    () =>
      db.prepare('INSERT INTO item (id, parent_id) VALUES (?, ?)').run(id, parentId).changes;
  const visible = () => reader.prepare('SELECT id FROM item ORDER BY id').pluck().all();

  it('answers nothing and shows nothing to other connections before the shared COMMIT', async () => {
    const results = [writer.submit(insert('a')), writer.submit(insert('b'))];
    expect(pending).toHaveLength(1);
    expect(visible()).toEqual([]);
    pending.shift()!();
    await expect(Promise.all(results)).resolves.toEqual([1, 1]);
    expect(visible()).toEqual(['a', 'b']);
    expect(db.inTransaction).toBe(false);
  });

  it('rolls back a failing write alone and commits the others of its batch', async () => {
    const ok = writer.submit(insert('a'));
    const failing = writer.submit(() => {
      insert('b')();
      throw new Error('invalid charge');
    });
    const duplicate = writer.submit(insert('a'));
    const later = writer.submit(insert('c'));
    pending.shift()!();
    await expect(ok).resolves.toBe(1);
    await expect(failing).rejects.toThrow('invalid charge');
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await expect(later).resolves.toBe(1);
    expect(visible()).toEqual(['a', 'c']);
  });

  it('fails every write of a batch whose COMMIT fails, and writes none of them', async () => {
    const first = writer.submit(insert('a'));
    // A deferred foreign key is checked at COMMIT: the whole batch's commit fails.
    const orphan = writer.submit(insert('b', 42));
    pending.shift()!();
    await expect(first).rejects.toThrow(/FOREIGN KEY/);
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(visible()).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });

  it('refuses an asynchronous write, which would hold the transaction open across turns', async () => {
    const result = writer.submit(async () => insert('a')());
    pending.shift()!();
    await expect(result).rejects.toThrow(/synchronously/);
    expect(visible()).toEqual([]);
  });

  it('starts a new batch for writes submitted after a flush, and flushes on demand', async () => {
    const first = writer.submit(insert('a'));
    pending.shift()!();
    await first;
    const second = writer.submit(insert('b'));
    expect(pending).toHaveLength(1);
    writer.flush();
    await expect(second).resolves.toBe(1);
    expect(visible()).toEqual(['a', 'b']);
  });

  it('keeps the writes of a CommittedRefusal (metering) and rolls back those of any other throw', async () => {
    const refused = writer.submit(() => {
      insert('metered')();
      throw new CommittedRefusal(404, 'not found', 'CODE');
    });
    const failed = writer.submit(() => {
      insert('rolled-back')();
      throw new ServiceError(400, 'bad');
    });
    const ok = writer.submit(insert('ok'));
    pending.shift()!();
    await expect(refused).rejects.toMatchObject({ status: 404, errorCode: 'CODE' });
    await expect(failed).rejects.toMatchObject({ status: 400 });
    await expect(ok).resolves.toBe(1);
    expect(visible()).toEqual(['metered', 'ok']);
  });

  it('counts the writes of each COMMIT (the batch-size distribution the bench reports)', async () => {
    const first = [writer.submit(insert('a')), writer.submit(insert('b')), writer.submit(insert('c'))];
    pending.shift()!();
    await Promise.all(first);
    const second = writer.submit(insert('d'));
    pending.shift()!();
    await second;
    expect(writer.batchSizes.histogram()).toEqual({ '1': 1, '3': 1 });
    expect(writer.batchSizes.summary()).toBe('2 batches, mean 2.0, p50 3, p90 3, max 3');
    writer.batchSizes.reset();
    expect(writer.batchSizes.summary()).toBe('none');
  });
});

describe('GroupCommit with the WAL synced after COMMIT (off the event loop)', () => {
  let dir: string;
  let db: Db;
  let pending: (() => void)[];
  /** The syncs asked for and not yet done: the test decides when each fsync "returns". */
  let syncs: ((error: Error | null) => void)[];
  let events: string[];
  let writer: GroupCommit;

  const walSync: WalSync = {
    sync: (done) => {
      events.push('sync started');
      syncs.push(done);
    },
    syncNow: () => events.push('synced on this thread'),
    close: () => events.push('closed'),
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-group-commit-sync-'));
    db = openServiceDatabase(join(dir, 'store.db'));
    db.exec('CREATE TABLE item (id TEXT PRIMARY KEY)');
    pending = [];
    syncs = [];
    events = [];
    writer = new GroupCommit(db, {
      schedule: (flush) => pending.push(flush),
      walSync,
      onCommitted: () => events.push('committed'),
    });
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (id: string) => () => db.prepare('INSERT INTO item (id) VALUES (?)').run(id).changes;
  const synchronous = () => db.pragma('synchronous', { simple: true });
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };

  it('answers a batch only once the fsync after its COMMIT has returned', async () => {
    const result = writer.submit(insert('a'));
    pending.shift()!();
    expect(events).toEqual(['committed', 'sync started']);
    // Committed, but not yet known to be on disk: not answered.
    expect(await settled(result)).toBe(false);
    syncs.shift()!(null);
    await expect(result).resolves.toBe(1);
  });

  it('commits without SQLite fsync inside its own batches only; every other write keeps FULL', async () => {
    const FULL = 2;
    const NORMAL = 1;
    expect(synchronous()).toBe(FULL);
    const seen = writer.submit(() => synchronous());
    pending.shift()!();
    syncs.shift()!(null);
    await expect(seen).resolves.toBe(NORMAL);
    expect(synchronous()).toBe(FULL);
  });

  it('holds reads and the next batch until the batch being synced is durable, then runs the reads first', async () => {
    const first = writer.submit(insert('a'));
    pending.shift()!();
    const durable = writer.whenDurable();
    expect(durable).toBeInstanceOf(Promise);
    const order: string[] = [];
    const read = durable!.then(() =>
      order.push(`read sees ${db.prepare('SELECT count(*) FROM item').pluck().get() as number}`),
    );
    const second = writer.submit(insert('b'));
    // The next batch is not even scheduled while the sync runs.
    expect(pending).toHaveLength(0);
    syncs.shift()!(null);
    await first;
    await read;
    expect(pending).toHaveLength(1);
    pending.shift()!();
    order.push('second batch committed');
    expect(order).toEqual(['read sees 1', 'second batch committed']);
    syncs.shift()!(null);
    await expect(second).resolves.toBe(1);
    expect(writer.whenDurable()).toBeUndefined();
  });

  it('fails the batch whose fsync failed and every write after it, since the store can no longer be trusted', async () => {
    const first = writer.submit(insert('a'));
    pending.shift()!();
    const queued = writer.submit(insert('b'));
    syncs.shift()!(new Error('EIO: i/o error, fsync'));
    await expect(first).rejects.toThrow(/could not make its writes durable.*EIO/);
    await expect(queued).rejects.toThrow(/could not make its writes durable/);
    await expect(writer.submit(insert('c'))).rejects.toThrow(/could not make its writes durable/);
  });

  it('syncs nothing for a batch that wrote nothing', async () => {
    const failing = writer.submit(() => {
      throw new Error('invalid');
    });
    pending.shift()!();
    await expect(failing).rejects.toThrow('invalid');
    expect(events).toEqual([]);
  });

  it('on close, waits for the batch being synced, then commits and syncs what is queued on this thread', async () => {
    const first = writer.submit(insert('a'));
    pending.shift()!();
    const queued = writer.submit(insert('b'));
    const closed = writer.close();
    syncs.shift()!(null);
    await closed;
    await expect(first).resolves.toBe(1);
    await expect(queued).resolves.toBe(1);
    expect(events).toEqual(['committed', 'sync started', 'synced on this thread', 'closed']);
    expect(db.prepare('SELECT id FROM item ORDER BY id').pluck().all()).toEqual(['a', 'b']);
  });
});
