// Exact cents arithmetic for OVERDUE amounts.
//
// A basis point (bp) is 1/10000: 100 bp = 1 %, 10000 bp = 100 %. Every percentage component is
// computed as ONE rational number  cents × bp × multiplier / 10000  in BigInt (no float, no
// intermediate rounding, no overflow past 2^53) and rounded once, to the nearest cent, half up.

const BP_PER_UNIT = 10_000n;

/** num / den rounded to the nearest integer, halves going up. Both must be ≥ 0 and den > 0. */
export function roundHalfUp(num: bigint, den: bigint): bigint {
  if (den <= 0n || num < 0n) throw new RangeError('roundHalfUp: expects num ≥ 0 and den > 0');
  return (2n * num + den) / (2n * den);
}

/**
 * round_half_up(cents × bp × multiplier / 10000), all inputs non-negative integers.
 * basisPointsOf(12345, 1) -> 1 (1.2345 cents); basisPointsOf(50, 100) -> 1 (0.5 cents rounds up).
 */
export function basisPointsOf(cents: number, bp: number, multiplier = 1): number {
  return toCents(roundHalfUp(toBig(cents) * toBig(bp) * toBig(multiplier), BP_PER_UNIT));
}

/** cents × multiplier, exact, checked to stay a safe integer. */
export function timesCents(cents: number, multiplier: number): number {
  return toCents(toBig(cents) * toBig(multiplier));
}

function toBig(n: number): bigint {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`expected a non-negative safe integer (got ${n})`);
  return BigInt(n);
}

function toCents(n: bigint): number {
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount exceeds the safe integer range of cents');
  return Number(n);
}
