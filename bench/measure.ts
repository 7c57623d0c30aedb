// Timing helpers. Every figure is a median over several batches: one slow batch (GC, a
// neighbour's fsync) must not move a ratio, and the first batches are always thrown away.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function elapsedMs(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e6;
}

export type Op = () => unknown;

/** Runs `op` for about `ms` milliseconds (at least once); returns operations per second. */
export async function opsPerSecond(op: Op, ms: number): Promise<number> {
  const start = process.hrtime.bigint();
  let count = 0;
  let spent = 0;
  do {
    // Awaiting only real promises keeps synchronous baselines free of microtask overhead.
    const result = op();
    if (result instanceof Promise) await result;
    count++;
    // Reading the clock costs ~50 ns; checking every 16 ops keeps it out of the figure.
    if ((count & 15) === 0 || ms <= 0) spent = elapsedMs(start);
  } while (spent < ms);
  return (count * 1000) / elapsedMs(start);
}

/** Median milliseconds per call of `op`, over `batches` batches of `perBatch` calls each. */
export async function msPerOp(
  op: Op,
  batches: number,
  perBatch: number,
): Promise<{ median: number; batches: number[] }> {
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) {
      const result = op();
      if (result instanceof Promise) await result;
    }
    samples.push(elapsedMs(start) / perBatch);
  }
  return { median: median(samples), batches: samples };
}

/**
 * Measures a subject and its baseline in alternating batches (A B A B …), so slow drift of the
 * machine (thermal, page cache, other processes) lands on both sides of the ratio alike.
 */
export async function interleavedRates(
  subject: Op,
  baseline: Op,
  options: { rounds: number; batchMs: number; warmupMs: number },
): Promise<{ subject: number; baseline: number; subjectBatches: number[]; baselineBatches: number[] }> {
  await opsPerSecond(baseline, options.warmupMs);
  await opsPerSecond(subject, options.warmupMs);
  const subjectBatches: number[] = [];
  const baselineBatches: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    baselineBatches.push(await opsPerSecond(baseline, options.batchMs));
    subjectBatches.push(await opsPerSecond(subject, options.batchMs));
  }
  return { subject: median(subjectBatches), baseline: median(baselineBatches), subjectBatches, baselineBatches };
}

/**
 * msPerOp for a subject and its baseline in alternating batches, after `warmup` calls of each:
 * measured one after the other, the first one measured paid for the JIT's warm-up alone.
 */
export async function interleavedMsPerOp(
  subject: Op,
  baseline: Op,
  options: { batches: number; perBatch: number; warmup: number },
): Promise<{ subject: { median: number; batches: number[] }; baseline: { median: number; batches: number[] } }> {
  await msPerOp(subject, 1, options.warmup);
  await msPerOp(baseline, 1, options.warmup);
  const subjectBatches: number[] = [];
  const baselineBatches: number[] = [];
  for (let b = 0; b < options.batches; b++) {
    baselineBatches.push((await msPerOp(baseline, 1, options.perBatch)).median);
    subjectBatches.push((await msPerOp(subject, 1, options.perBatch)).median);
  }
  return {
    subject: { median: median(subjectBatches), batches: subjectBatches },
    baseline: { median: median(baselineBatches), batches: baselineBatches },
  };
}
