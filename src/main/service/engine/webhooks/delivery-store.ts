import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/** A delivery due for an attempt, with what the attempt sends. */
export interface DueDelivery {
  seq: number;
  event_id: string;
  event_name: string;
  webhook_id: string;
  url: string;
  authorization: string | null;
  secret: string;
  hmac_secret_key: string;
  body: string;
  attempts: number;
  first_attempt_at: string | null;
  replay_of: number | null;
  created_at: string;
}

/** What one POST of a delivery came to. */
export interface AttemptOutcome {
  at: string;
  /** The receiver's HTTP status; null when it gave none (refused, unreachable, timed out). */
  status: number | null;
  error: string | null;
  durationMs: number;
  /** Null: confirmed (2xx); a time: try again then; 'give-up': retries ran out. */
  next: string | null;
}

/**
 * The delivery queue as the dispatcher works it (src/main/service/webhooks). SQL only: the network side
 * lives outside the engine.
 */
export interface DeliveryStore {
  /**
   * Up to `limit` PENDING deliveries due by `now`, oldest first, leaving out those in `busy` and
   * any delivery with an earlier PENDING delivery to the same URL about the same resource: a
   * resource's later event never overtakes its earlier one (CHARGE_CREATED before CHARGE_COMPLETED).
   */
  due(now: string, limit: number, busy: ReadonlySet<number>): DueDelivery[];
  /** Records an attempt and moves the delivery on (DELIVERED, retry time, or FAILED). */
  record(delivery: DueDelivery, outcome: AttemptOutcome): void;
  /** When the next PENDING delivery that is not waiting behind another falls due, or null. */
  nextDueAt(): string | null;
}

export const deliveryStore = perDatabase<DeliveryStore>((db: Db) => {
  const due = db.prepare<{ now: string; take: number }, DueDelivery>(`
    SELECT d.seq, d.event_id, e.name AS event_name, d.webhook_id, d.url, w.authorization, w.secret, w.hmac_secret_key, e.body,
           d.attempts, d.first_attempt_at, d.replay_of, d.created_at
    FROM webhook_deliveries d
    JOIN webhook_events e ON e.id = d.event_id
    JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.status = 'PENDING' AND d.next_attempt_at <= @now
      AND NOT EXISTS (
        SELECT 1 FROM webhook_deliveries p
        WHERE p.status = 'PENDING' AND p.url = d.url AND p.resource = d.resource AND p.seq < d.seq)
    ORDER BY d.next_attempt_at, d.seq
    LIMIT @take`);
  const insertAttempt = db.prepare<[number, string, string, number | null, string | null, number, number]>(
    'INSERT INTO webhook_attempts (delivery_seq, event_id, at, status, error, duration_ms, is_retry) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare<{
    seq: number;
    status: string;
    next: string | null;
    at: string;
    code: number | null;
    error: string | null;
  }>(`
    UPDATE webhook_deliveries
    SET status = @status, attempts = attempts + 1, next_attempt_at = COALESCE(@next, next_attempt_at),
        first_attempt_at = COALESCE(first_attempt_at, @at), last_attempt_at = @at, last_status = @code, last_error = @error
    WHERE seq = @seq AND status = 'PENDING'`);
  // hasWebhook: a transaction with a delivery answered 200 (service-spec.md, Transactions).
  const markTransaction = db.prepare<[string]>(
    'UPDATE transactions SET webhook_sent = 1 WHERE id = (SELECT transaction_id FROM webhook_events WHERE id = ?) AND webhook_sent = 0',
  );
  // Only the head of each URL's queue for a resource can fall due: the ones behind it wait for it.
  const nextDue = db.prepare<[], { at: string | null }>(`
    SELECT MIN(d.next_attempt_at) AS at FROM webhook_deliveries d
    WHERE d.status = 'PENDING' AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries p WHERE p.status = 'PENDING' AND p.url = d.url AND p.resource = d.resource AND p.seq < d.seq)`);

  const record = db.transaction((delivery: DueDelivery, outcome: AttemptOutcome) => {
    // A replay, or any attempt after the first, is a retry of the event for this receiver.
    const isRetry = delivery.attempts > 0 || delivery.replay_of !== null ? 1 : 0;
    const updated = update.run({
      seq: delivery.seq,
      status: outcome.next === null ? 'DELIVERED' : outcome.next === 'give-up' ? 'FAILED' : 'PENDING',
      next: outcome.next === null || outcome.next === 'give-up' ? null : outcome.next,
      at: outcome.at,
      code: outcome.status,
      error: outcome.error,
    });
    // The webhook was deleted meanwhile (CANCELLED): the attempt is still history.
    insertAttempt.run(
      delivery.seq,
      delivery.event_id,
      outcome.at,
      outcome.status,
      outcome.error,
      outcome.durationMs,
      isRetry,
    );
    if (updated.changes > 0 && outcome.status === 200) markTransaction.run(delivery.event_id);
  });

  return {
    due: (now, limit, busy) => {
      if (limit <= 0) return [];
      // The busy ones are still PENDING and due: fetch enough to skip past them.
      return due
        .all({ now, take: limit + busy.size })
        .filter((d) => !busy.has(d.seq))
        .slice(0, limit);
    },
    record: (delivery, outcome) => record.immediate(delivery, outcome),
    nextDueAt: () => nextDue.get()?.at ?? null,
  };
});
