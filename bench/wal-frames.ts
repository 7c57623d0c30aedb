// How many WAL frames (pages) one batch of 16 charge creations writes: what the single writer's
// COMMIT writes to the WAL, syncs, and the checkpointer later copies into the database file.
// Issue 14 used it to weigh key layouts (random against time-ordered ids).
//   npx tsx bench/wal-frames.ts [--batches 100]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandboxService } from '#service/index';
import { CHARGE_BODY } from './charge-rows';

const PAGE_SIZE = 4096;
const FRAME_HEADER = 24;
const WAL_HEADER = 32;
const BATCH = 16;

async function main(): Promise<void> {
  const at = process.argv.indexOf('--batches');
  const batches = at >= 0 ? Number(process.argv[at + 1]) : 100;
  const dir = mkdtempSync(join(tmpdir(), 'balcao-wal-frames-'));
  const path = join(dir, 'frames.db');
  const service = createSandboxService({ dbPath: path });
  const { engine, appId } = service;
  let n = 0;
  const batch = () =>
    Promise.all(
      Array.from({ length: BATCH }, () =>
        engine.call(appId, 'createCharge', { body: { ...CHARGE_BODY, correlationID: `frames-${n++}` } }),
      ),
    );
  try {
    // Some charges first, so the indexes have depth; then an empty WAL, counted from its start.
    for (let i = 0; i < 200; i++) await batch();
    await engine.checkpointer?.close();
    engine.db.pragma('wal_autocheckpoint = 0');
    engine.db.pragma('wal_checkpoint(TRUNCATE)');
    for (let i = 0; i < batches; i++) await batch();
    const frames = (statSync(`${path}-wal`).size - WAL_HEADER) / (PAGE_SIZE + FRAME_HEADER);
    console.log(
      `${(frames / batches).toFixed(1)} WAL frames per batch of ${BATCH} charges (${batches} batches; ${((frames * PAGE_SIZE) / (batches * BATCH) / 1024).toFixed(1)} KiB a charge)`,
    );
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('wal-frames failed:', error);
  process.exitCode = 1;
});
