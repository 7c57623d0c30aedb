import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db } from '#lib/store/database';
import { openServiceDatabase } from '#service/engine/migrations';
import { TurnReads } from '#lib/store/turn-reads';
import { ManualClock } from '#lib/clock';
import { createSandboxService, type SandboxService } from '#service/index';

describe('the reads of one turn in one read transaction, on a connection of their own', () => {
  let dir: string;
  let path: string;
  let writer: Db;
  let reads: TurnReads;
  const count = (db: Db) => (db.prepare('SELECT COUNT(*) AS n FROM item').get() as { n: number }).n;
  const insert = () => writer.prepare("INSERT INTO item (body) VALUES ('x')").run();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-reads-'));
    path = join(dir, 'store.db');
    writer = openServiceDatabase(path);
    writer.exec('CREATE TABLE item (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    reads = TurnReads.for(writer)!;
  });

  afterEach(() => {
    reads.close();
    if (writer.open) writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no connection of its own for a database in memory', () => {
    const memory = openServiceDatabase(':memory:');
    try {
      expect(TurnReads.for(memory)).toBeNull();
    } finally {
      memory.close();
    }
  });

  it('opens one read transaction at the first read of a turn and ends it with the turn', async () => {
    expect(reads.db.inTransaction).toBe(false);
    expect(reads.run(count)).toBe(0);
    expect(reads.db.inTransaction).toBe(true);
    expect(reads.run(count)).toBe(0);
    await nextTurn();
    expect(reads.db.inTransaction).toBe(false);
  });

  it('sees a commit made after its first read only once it has ended', async () => {
    reads.run(count);
    insert();
    // The snapshot of the turn's first read: this is why the writer ends it after every COMMIT.
    expect(reads.run(count)).toBe(0);
    reads.end();
    expect(reads.run(count)).toBe(1);
    insert();
    await nextTurn();
    // Another connection's commit (no end() by anyone) is seen from the next turn on.
    expect(reads.run(count)).toBe(2);
  });

  it('cannot write', () => {
    expect(() => reads.run((db) => db.prepare("INSERT INTO item (body) VALUES ('y')").run())).toThrow(/readonly/);
    expect(count(writer)).toBe(0);
  });

  it('keeps no lock on the WAL across turns: a checkpoint after the turn copies every frame', async () => {
    reads.run(count);
    insert();
    const during = writer.pragma('wal_checkpoint(PASSIVE)', { simple: false }) as Array<{
      log: number;
      checkpointed: number;
    }>;
    // The open read transaction holds back the frame written after its snapshot began.
    expect(during[0]!.checkpointed).toBeLessThan(during[0]!.log);
    await nextTurn();
    const after = writer.pragma('wal_checkpoint(PASSIVE)', { simple: false }) as Array<{
      log: number;
      checkpointed: number;
    }>;
    expect(after[0]!.checkpointed).toBe(after[0]!.log);
  });

  it('refuses to read once closed, and a second close does nothing', () => {
    reads.close();
    reads.close();
    expect(() => reads.run(count)).toThrow(/closed/);
  });
});

describe('the engine over a file database', () => {
  let dir: string;
  let service: SandboxService;
  let clock: ManualClock;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'balcao-engine-reads-'));
    clock = new ManualClock('2026-11-25T12:00:00.000Z');
    service = createSandboxService({ dbPath: join(dir, 'service.db'), clock });
  });

  afterEach(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const status = async (id: string) =>
    ((await service.engine.call(service.appId, 'getCharge', { params: { id } })) as { charge: { status: string } })
      .charge.status;

  it('answers a read in the same turn as the write it follows with that write', async () => {
    const created = service.engine.call(service.appId, 'createCharge', {
      body: { correlationID: 'same-turn', value: 500 },
    });
    // A read in this turn, before the writer's turn: it opens the turn's read transaction.
    await expect(status('same-turn')).rejects.toThrow(/not found/i);
    await created;
    expect(await status('same-turn')).toBe('ACTIVE');
  });

  it('answers a read with what the sweep just committed, in the same turn', async () => {
    await service.engine.call(service.appId, 'createCharge', {
      body: { correlationID: 'expiring', value: 500, expiresIn: 300 },
    });
    // Both reads run in one turn: the second call's sweep expires the charge, then it reads.
    expect(await status('expiring')).toBe('ACTIVE');
    clock.advance(301_000);
    expect(await status('expiring')).toBe('EXPIRED');
  });

  it('closes the reads before the database, so the last close removes the WAL', async () => {
    await service.engine.call(service.appId, 'createCharge', { body: { correlationID: 'closing', value: 500 } });
    await status('closing');
    await service.close();
    expect(existsSync(join(dir, 'service.db-wal'))).toBe(false);
  });
});
