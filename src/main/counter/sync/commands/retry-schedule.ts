// When a command that could not be delivered is tried again: cockatiel's exponential backoff with
// decorrelated jitter (so many counters coming back at once do not knock together), capped, and
// never sooner than the service's own Retry-After. The schedule is persisted with the command,
// so it survives a restart; the backoff's memory (how many tries in a row) is per sale, in memory.
import { ExponentialBackoff, type IBackoff } from 'cockatiel';

export interface RetryScheduleOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
}

export class RetrySchedule {
  private readonly factory: ExponentialBackoff<unknown>;
  private readonly bySale = new Map<string, IBackoff<unknown>>();

  constructor(options: RetryScheduleOptions = {}) {
    this.factory = new ExponentialBackoff({
      initialDelay: options.initialDelayMs ?? 250,
      maxDelay: options.maxDelayMs ?? 30_000,
    });
  }

  /** The delay before this sale's next try, after one more failure. */
  nextDelayMs(saleId: string, retryAfterMs?: number): number {
    const backoff = (this.bySale.get(saleId) ?? this.factory).next(undefined);
    this.bySale.set(saleId, backoff);
    return Math.max(backoff.duration, retryAfterMs ?? 0);
  }

  /** A delivered command: the sale's next failure starts from the first delay again. */
  succeeded(saleId: string): void {
    this.bySale.delete(saleId);
  }

  /** The service is back: every sale starts afresh. */
  reset(): void {
    this.bySale.clear();
  }
}
