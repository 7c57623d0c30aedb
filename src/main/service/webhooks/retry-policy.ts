/**
 * When a failed delivery is tried again. The real service tries 8 times over ~42 minutes
 * (10 s·2^n, remote-api-notes §3.4); this one keeps the same doubling but caps the interval and
 * keeps trying until at least 72 hours have passed since the first attempt, so a receiver that is
 * down for a weekend still gets every event. Then the delivery gives up, visibly (FAILED).
 */
export interface RetryPolicy {
  /** The wait after the first failed attempt; each further failure doubles it. */
  firstIntervalMs: number;
  /** The longest wait between two attempts. */
  maxIntervalMs: number;
  /** No attempt is made once this long has passed since the first one. */
  giveUpAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstIntervalMs: 10_000,
  maxIntervalMs: 60 * 60 * 1000,
  giveUpAfterMs: 72 * 60 * 60 * 1000,
};

/**
 * The time of the next attempt after `attemptsMade` failed ones (the last at `failedAt`), or null
 * when the delivery gives up: the 72 hours since the first attempt are over. The last retry is
 * made at or after that mark, never skipped because the next wait would cross it.
 */
export function nextAttemptAt(
  policy: RetryPolicy,
  firstAttemptAt: Date,
  attemptsMade: number,
  failedAt: Date,
): Date | null {
  const elapsed = failedAt.getTime() - firstAttemptAt.getTime();
  if (elapsed >= policy.giveUpAfterMs) return null;
  const exponent = Math.min(Math.max(attemptsMade - 1, 0), 30);
  const wait = Math.min(policy.firstIntervalMs * 2 ** exponent, policy.maxIntervalMs);
  return new Date(failedAt.getTime() + wait);
}
