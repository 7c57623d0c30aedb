// How many writes each COMMIT of the single writer carried: the figure that says whether group
// commit shares its fsync at all under load (issue 14 asks for the distribution). Counting is one
// array increment per batch, so it stays on in production; `npm run bench` reads it.

/** Batches larger than this are counted together in the last bucket. */
const LARGEST_COUNTED = 4096;

export class BatchSizeHistogram {
  private counts = new Uint32Array(LARGEST_COUNTED + 1);
  private batches = 0;

  record(size: number): void {
    this.counts[Math.min(size, LARGEST_COUNTED)]! += 1;
    this.batches += 1;
  }

  reset(): void {
    this.counts.fill(0);
    this.batches = 0;
  }

  /** Batch size → number of batches of that size (only sizes seen). */
  histogram(): Record<string, number> {
    const result: Record<string, number> = {};
    this.counts.forEach((count, size) => {
      if (count > 0) result[size === LARGEST_COUNTED ? `${LARGEST_COUNTED}+` : String(size)] = count;
    });
    return result;
  }

  /** "n batches, mean m, p50 a, p90 b, max c". */
  summary(): string {
    if (this.batches === 0) return 'none';
    let total = 0;
    let max = 0;
    this.counts.forEach((count, size) => {
      total += count * size;
      if (count > 0) max = size;
    });
    return `${this.batches} batches, mean ${(total / this.batches).toFixed(1)}, p50 ${this.quantile(0.5)}, p90 ${this.quantile(0.9)}, max ${max}`;
  }

  private quantile(q: number): number {
    const rank = Math.min(this.batches - 1, Math.floor(q * this.batches));
    let seen = 0;
    for (let size = 0; size < this.counts.length; size++) {
      seen += this.counts[size]!;
      if (seen > rank) return size;
    }
    return LARGEST_COUNTED;
  }
}
