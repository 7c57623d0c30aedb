import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Piscina from 'piscina';
import { describe, expect, it } from 'vitest';
import { OUT } from '../../scripts/build.mjs';
import { openServiceDatabase } from '#service/engine/migrations';

// The production build (`npm run build`: out/main/index.js for Electron, serve.js and start-web.js
// for Node, their shared code in chunks) bundles the engine, QR pool included, but the two workers
// run as files of their own: each must be shipped where the bundle looks for it, and load from
// there. This reads the build the test run's global setup made (scripts/build.mjs), the very one
// `npm run serve` runs. Electron itself is not run (no binary here); the worker threads are Node's.

const root = join(import.meta.dirname, '..', '..');
const MAIN = join(OUT, 'main');
const workerSource = join(root, 'src/main/service/engine/images/qr-png-worker.mjs');
const checkpointWorkerSource = join(root, 'src/main/lib/store/wal-checkpoint-worker.mjs');

function builtScripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The one built file that resolves `new URL('./<name>', import.meta.url)`, and where that is. */
function resolvedWorker(name: string): { bundle: string; worker: string } {
  const pattern = new RegExp(`new URL\\(["']\\./${name.replace(/[.]/g, '\\.')}["'],\\s*import\\.meta\\.url\\)`);
  const bundles = builtScripts(MAIN).filter((file) => pattern.test(readFileSync(file, 'utf8')));
  expect(bundles).toHaveLength(1);
  return { bundle: bundles[0]!, worker: fileURLToPath(new URL(`./${name}`, pathToFileURL(bundles[0]!))) };
}

describe('the worker threads in the electron-vite build', () => {
  it('are copied beside the built chunk that resolves them, unchanged, and work from there', async () => {
    // The bundled pool resolves the worker relative to its own chunk…
    const qr = resolvedWorker('qr-png-worker.mjs');
    // …where the build put the worker, unchanged…
    expect(readFileSync(qr.worker, 'utf8')).toBe(readFileSync(workerSource, 'utf8'));
    // …and from there it loads in a worker thread (its `qrcode` import resolves) and draws.
    const pool = new Piscina({ filename: qr.worker, maxThreads: 1 });
    try {
      const png: Uint8Array = await pool.run({ brCode: '00020101021126', size: 600 });
      expect(Buffer.from(png).readUInt32BE(16)).toBe(600);
    } finally {
      await pool.destroy();
    }
    // The WAL checkpoint worker likewise: copied unchanged, loads (its better-sqlite3 import
    // resolves) and checkpoints a database from there.
    const checkpoint = resolvedWorker('wal-checkpoint-worker.mjs');
    expect(readFileSync(checkpoint.worker, 'utf8')).toBe(readFileSync(checkpointWorkerSource, 'utf8'));
    const dir = mkdtempSync(join(tmpdir(), 'balcao-checkpoint-'));
    const dbPath = join(dir, 'checkpoint.db');
    const db = openServiceDatabase(dbPath);
    const worker = new Worker(checkpoint.worker, { workerData: { path: dbPath } });
    try {
      db.exec('CREATE TABLE item (body TEXT); INSERT INTO item VALUES (1), (2)');
      const result = await new Promise<{ log: number; checkpointed: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage('checkpoint');
      });
      expect(result.log).toBeGreaterThan(0);
      expect(result.checkpointed).toBe(result.log);
    } finally {
      await worker.terminate();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
