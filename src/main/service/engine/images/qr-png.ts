import { PngCache } from './png-cache';
import { QrPngPool } from './qr-png-pool';

/**
 * Bytes of rendered PNGs kept. A 4096 px QR PNG is about 80 KB and a 1024 px one (the default
 * size) about 10 KB, so 8 MiB keeps at least a hundred of the largest, or several hundred of a
 * counter's usual images: a day's charges, reprinted or shown again, at little memory.
 */
export const QR_PNG_CACHE_BYTES = 8 * 1024 * 1024;

/** What draws a PNG: the worker pool in the engine, anything with the same shape in tests. */
export interface QrPngDrawer {
  render(brCode: string, size: number): Promise<Uint8Array>;
  /** A boleto's 44-digit barcode as a PNG (Interleaved 2 of 5). */
  renderBarcode(barcode: string): Promise<Uint8Array>;
  /** Live worker threads, to show that closing the engine ends them. */
  readonly threadCount: number;
  close(): Promise<void>;
}

export interface QrPngStats {
  /** PNGs actually drawn (cache misses that were not already being drawn). */
  renders: number;
  cachedEntries: number;
  cachedBytes: number;
  threads: number;
}

/**
 * QR PNGs of BR Codes: drawn off the event loop and cached per (BR Code, size). The key is the
 * BR Code itself, not a record id, since the code is exactly what the image shows: a payment
 * link whose newest charge changes gets a new code, so a new image, with nothing to invalidate.
 */
export class QrPngRenderer {
  private readonly cache: PngCache;
  private renders = 0;

  constructor(
    private readonly drawer: QrPngDrawer = new QrPngPool(),
    cacheBytes: number = QR_PNG_CACHE_BYTES,
  ) {
    this.cache = new PngCache(cacheBytes);
  }

  /** The PNG of `brCode`, `size` pixels square. Shared with the cache: do not change it. */
  png(brCode: string, size: number): Promise<Uint8Array> {
    return this.cache.get(`${size}:${brCode}`, () => {
      this.renders++;
      return this.drawer.render(brCode, size);
    });
  }

  /**
   * The PNG of a boleto's barcode, drawn by the same threads and kept in the same cache: the
   * digits are exactly what the image shows, as a BR Code is for a QR image.
   */
  boletoPng(barcode: string): Promise<Uint8Array> {
    return this.cache.get(`itf:${barcode}`, () => {
      this.renders++;
      return this.drawer.renderBarcode(barcode);
    });
  }

  get stats(): QrPngStats {
    const { entries, bytes } = this.cache.size;
    return { renders: this.renders, cachedEntries: entries, cachedBytes: bytes, threads: this.drawer.threadCount };
  }

  /** Stops the drawer's threads and drops the cache; called when the engine closes. */
  async close(): Promise<void> {
    this.cache.clear();
    await this.drawer.close();
  }
}
