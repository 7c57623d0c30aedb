import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { ServiceError } from '../errors';

/**
 * The worker module. `new URL(…, import.meta.url)` finds it beside this file when the sources
 * run (vitest, tsx) and beside out/main/index.js in the electron-vite build, which bundles this
 * module into index.js and copies the worker there (see electron.vite.config.ts).
 */
export const QR_PNG_WORKER_FILE = fileURLToPath(new URL('./qr-png-worker.mjs', import.meta.url));

/**
 * Renders waiting for a thread, beyond which a request is refused with 503 rather than queued:
 * at about a second per 4096 px PNG on one thread, 32 waiting renders already mean a wait of
 * tens of seconds, which no client should be left in. Only distinct (BR Code, size) pairs queue,
 * since the renderer shares one render among concurrent requests for the same image.
 */
export const QR_PNG_MAX_QUEUE = 32;

/** How long an idle thread is kept before it is ended; the next render starts one again. */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Threads for QR renders: one core is left to the event loop (the engine, HTTP, the counter's
 * IPC), which is the whole point of the pool, and no more than 2 threads, since each 4096 px
 * render holds a 64 MiB RGBA raster and images are a side job of a point of sale. On the usual
 * 2-core counter PC (and CI) that is 1 thread; on 1 core it is still 1, so renders queue
 * there instead of on the event loop.
 */
export function qrPngThreads(parallelism: number = availableParallelism()): number {
  return Math.max(1, Math.min(2, parallelism - 1));
}

export interface QrPngPoolOptions {
  threads?: number;
  maxQueue?: number;
}

/** Runs QR PNG renders on worker threads, off the event loop. */
export class QrPngPool {
  private readonly threads: number;
  private readonly maxQueue: number;
  /** Created on the first render: an engine that never draws an image starts no thread. */
  private pool: Piscina<{ brCode: string; size: number } | { barcode: string }, Uint8Array> | null = null;
  private closed = false;

  constructor(options: QrPngPoolOptions = {}) {
    this.threads = options.threads ?? qrPngThreads();
    this.maxQueue = options.maxQueue ?? QR_PNG_MAX_QUEUE;
  }

  /** The PNG of `brCode`, `size` pixels square, drawn on a worker thread. */
  render(brCode: string, size: number): Promise<Uint8Array> {
    return this.run({ brCode, size }, 'default');
  }

  /** The PNG of a boleto's 44-digit barcode (Interleaved 2 of 5), drawn on the same threads. */
  renderBarcode(barcode: string): Promise<Uint8Array> {
    return this.run({ barcode }, 'renderItfPng');
  }

  private run(task: { brCode: string; size: number } | { barcode: string }, name: string): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error('the QR PNG pool is closed'));
    const pool = (this.pool ??= new Piscina({
      filename: QR_PNG_WORKER_FILE,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_TIMEOUT_MS,
      maxQueue: this.maxQueue,
    }));
    // Checked here so a full queue is a 503 the client can retry, not Piscina's generic error.
    if (pool.queueSize >= this.maxQueue) {
      return Promise.reject(new ServiceError(503, 'Too many QR code images are being drawn; try again shortly'));
    }
    return pool.run(task, { name });
  }

  /** Live worker threads: 0 before the first render, after an idle minute and after close. */
  get threadCount(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Ends the threads; renders still waiting are rejected. Later renders are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }
}
