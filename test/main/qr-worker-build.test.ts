import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import Piscina from 'piscina';
import { openDatabase } from '../../src/main/store/database';
import { describe, expect, it } from 'vitest';

// The production build (`npm run build`, out/main/index.js) bundles the engine, QR pool included,
// but the QR worker runs as a file of its own: it must be shipped where the bundle looks for it,
// and load from there. Electron itself is not run (no binary here); the worker thread is Node's.

const root = join(import.meta.dirname, '..', '..');
const electronVite = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
const workerSource = join(root, 'src', 'main', 'engine', 'images', 'qr-png-worker.mjs');
const checkpointWorkerSource = join(root, 'src', 'main', 'store', 'wal-checkpoint-worker.mjs');

/** Where the bundle resolves `new URL('./<name>', import.meta.url)`: beside itself. */
function resolvedBesideBundle(bundlePath: string, bundle: string, name: string): string {
  const escaped = name.replace(/[.]/g, '\\.');
  const relative = new RegExp(`new URL\\(["'](\\./${escaped})["'],\\s*import\\.meta\\.url\\)`).exec(bundle)?.[1];
  expect(relative).toBe(`./${name}`);
  return fileURLToPath(new URL(relative!, pathToFileURL(bundlePath)));
}

describe('the worker threads in the electron-vite build', () => {
  it('are copied beside out/main/index.js, which resolves them there, and work from there', { timeout: 180_000 }, async () => {
    // Inside the project, as out/ is, so that the worker's `qrcode` import resolves as it will.
    mkdirSync(join(root, 'out'), { recursive: true });
    const outDir = mkdtempSync(join(root, 'out', 'qr-worker-build-'));
    try {
      await promisify(execFile)(process.execPath, [electronVite, 'build', '--outDir', outDir, '--logLevel', 'warn'], { cwd: root });
      const bundlePath = join(outDir, 'main', 'index.js');
      const bundle = readFileSync(bundlePath, 'utf8');
      // The bundled pool resolves the worker relative to the bundle itself…
      const relative = /new URL\(["'](\.\/qr-png-worker\.mjs)["'],\s*import\.meta\.url\)/.exec(bundle)?.[1];
      expect(relative).toBe('./qr-png-worker.mjs');
      const workerFile = fileURLToPath(new URL(relative!, pathToFileURL(bundlePath)));
      expect(workerFile).toBe(join(outDir, 'main', 'qr-png-worker.mjs'));
      // …where the build put the worker, unchanged…
      expect(readFileSync(workerFile, 'utf8')).toBe(readFileSync(workerSource, 'utf8'));
      // …and from there it loads in a worker thread (its `qrcode` import resolves) and draws.
      const pool = new Piscina({ filename: workerFile, maxThreads: 1 });
      try {
        const png: Uint8Array = await pool.run({ brCode: '00020101021126', size: 600 });
        expect(Buffer.from(png).readUInt32BE(16)).toBe(600);
      } finally {
        await pool.destroy();
      }
      // The WAL checkpoint worker likewise: copied unchanged, loads (its better-sqlite3 import
      // resolves) and checkpoints a database from there.
      const checkpointWorker = resolvedBesideBundle(bundlePath, bundle, 'wal-checkpoint-worker.mjs');
      expect(checkpointWorker).toBe(join(outDir, 'main', 'wal-checkpoint-worker.mjs'));
      expect(readFileSync(checkpointWorker, 'utf8')).toBe(readFileSync(checkpointWorkerSource, 'utf8'));
      const dbPath = join(outDir, 'checkpoint.db');
      const db = openDatabase(dbPath);
      db.exec('CREATE TABLE item (body TEXT); INSERT INTO item VALUES (1), (2)');
      const worker = new Worker(checkpointWorker, { workerData: { path: dbPath } });
      try {
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
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
