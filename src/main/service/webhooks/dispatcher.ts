import { systemClock, type Clock } from '#lib/clock';
import {
  deliveryStore,
  type AttemptOutcome,
  type DeliveryStore,
  type DueDelivery,
} from '../engine/webhooks/delivery-store';
import { currentSigningKey } from '../engine/webhooks/signing-keys';
import type { Db } from '#lib/store/database';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './retry-policy';
import { hmacSignature, rsaSignature, standardWebhookHeaders } from './signatures';

export interface WebhookDispatcherOptions {
  db: Db;
  /** The engine's clock: what is due, and when a failed delivery is tried again. */
  clock: Clock;
  /**
   * The clock of the webhook-timestamp header. Receivers check it against their own real clock
   * (standardwebhooks refuses one more than 5 minutes off), so it is the real time of sending even
   * when the engine's clock is a test's or the sandbox's manual one.
   */
  wallClock?: Clock;
  /** How long a receiver has to answer one attempt (default 10 s; the real service allows 100 s). */
  timeoutMs?: number;
  /** Attempts in flight at once (default 8). */
  concurrency?: number;
  /** How often the queue is looked at when nothing wakes the dispatcher (default 1 s). */
  pollMs?: number;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
  logError?: (error: unknown) => void;
}

/**
 * Sends the queued webhook deliveries (src/main/service/engine/webhooks/delivery-store.ts) in the
 * background: off every request's path, a bounded number at once, each attempt bounded by a
 * timeout, so a slow or dead receiver never slows an API call. Any 2xx confirms a delivery;
 * anything else is tried again on the retry policy's schedule, and every attempt is recorded.
 *
 * Delivery is at least once: an attempt whose answer is lost in a crash (or in stop()) is made
 * again after the restart, with the same webhook-id, so receivers can drop the duplicate.
 */
export class WebhookDispatcher {
  private readonly store: DeliveryStore;
  private readonly clock: Clock;
  private readonly wallClock: Clock;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly retry: RetryPolicy;
  private readonly fetch: typeof fetch;
  private readonly logError: (error: unknown) => void;
  private readonly inFlight = new Map<number, Promise<void>>();
  private stopping = new AbortController();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.store = deliveryStore(options.db);
    this.clock = options.clock;
    this.wallClock = options.wallClock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.concurrency = options.concurrency ?? 8;
    this.pollMs = options.pollMs ?? 1_000;
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.fetch = options.fetch ?? fetch;
    this.logError = options.logError ?? ((error) => console.error('[webhooks] dispatcher failed', error));
  }

  /** Starts sending in the background (what was left pending before a restart first). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new AbortController();
    this.schedule(0);
  }

  /** Looks at the queue now (an event was committed, the clock moved). */
  wake(): void {
    if (this.running) this.schedule(0);
  }

  /**
   * Stops sending. Attempts in flight are abandoned unrecorded, as a crash would leave them: their
   * deliveries stay PENDING and are sent again on the next start.
   */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Starts the attempts due now (up to the concurrency) and resolves once they are recorded. */
  async runDue(): Promise<number> {
    const started = this.startDue();
    await Promise.all(started);
    return started.length;
  }

  /** Sends until nothing is due now and nothing is in flight (tests, with a clock they move). */
  async drain(): Promise<void> {
    for (;;) {
      const started = await this.runDue();
      if (started > 0) continue;
      if (this.inFlight.size === 0) return;
      await Promise.allSettled([...this.inFlight.values()]);
    }
  }

  /** When the next PENDING delivery falls due on the engine's clock, or null. */
  nextDueAt(): Date | null {
    const at = this.store.nextDueAt();
    return at === null ? null : new Date(at);
  }

  private startDue(): Promise<void>[] {
    const due = this.store.due(
      this.clock.now().toISOString(),
      this.concurrency - this.inFlight.size,
      new Set(this.inFlight.keys()),
    );
    return due.map((delivery) => {
      const attempt = this.attempt(delivery)
        .catch((error: unknown) => this.logError(error))
        .finally(() => {
          this.inFlight.delete(delivery.seq);
          // A finished delivery may unblock the next one about the same resource.
          this.wake();
        });
      this.inFlight.set(delivery.seq, attempt);
      return attempt;
    });
  }

  private schedule(ms: number): void {
    const at = Date.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.tick(), ms);
    // A dispatcher alone must not keep a process (a test file, the app quitting) alive.
    this.timer.unref();
  }

  private tick(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    if (!this.running) return;
    try {
      // Not awaited: each attempt logs its own failure and is held in inFlight until it ends.
      void this.startDue();
    } catch (error) {
      this.logError(error);
    }
    this.schedule(this.pollMs);
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const attemptedAt = this.clock.now();
    const key = currentSigningKey(this.options.db, attemptedAt);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Balcao-Webhooks/1.0',
      'x-webhook-signature': rsaSignature(key.privateKey, delivery.body),
      'x-openpix-signature': hmacSignature(delivery.hmac_secret_key, delivery.body),
      ...standardWebhookHeaders(delivery.secret, delivery.event_id, this.wallClock.now(), delivery.body),
    };
    if (delivery.authorization) {
      headers.authorization = delivery.authorization;
      headers['x-openpix-authorization'] = delivery.authorization;
    }
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await this.fetch(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.stopping.signal]),
      });
      status = response.status;
      // The answer's body is not read: only its status counts, and a huge one must cost nothing.
      await response.body?.cancel().catch(() => {});
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (caught) {
      if (this.stopping.signal.aborted) return;
      error = describeFailure(caught, this.timeoutMs);
    }
    const outcome: AttemptOutcome = {
      at: attemptedAt.toISOString(),
      status,
      error,
      durationMs: Math.round(performance.now() - started),
      next: null,
    };
    if (error !== null) {
      const firstAt = delivery.first_attempt_at ? new Date(delivery.first_attempt_at) : attemptedAt;
      const next = nextAttemptAt(this.retry, firstAt, delivery.attempts + 1, this.clock.now());
      outcome.next = next === null ? 'give-up' : next.toISOString();
    }
    this.store.record(delivery, outcome);
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
