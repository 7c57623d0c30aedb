/**
 * A least-recently-used cache of byte arrays bounded by their total size, that also shares one
 * pending creation among everyone asking for the same key meanwhile. Bounded by bytes, not
 * entries, because a 4096 px QR PNG is about 8× a 1024 px one: a count would let memory depend
 * on which sizes clients ask for.
 */
export class PngCache {
  /** Map order is recency order: the first key is the least recently used. */
  private readonly entries = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, Promise<Uint8Array>>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  /**
   * The bytes under `key`: cached, already being created, or created now by `create`. A failed
   * creation is not cached, so the next request tries again. The array is shared: callers must
   * not change it.
   */
  get(key: string, create: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return Promise.resolve(cached);
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const created = create()
      .then((value) => {
        this.store(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, created);
    return created;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private store(key: string, value: Uint8Array): void {
    // One value larger than the whole bound would only evict everything else and then itself.
    if (value.byteLength > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.byteLength;
    }
  }
}
