import type { Db } from '#lib/store/database';
import type { DeliveryView } from './webhook-serializer';

interface DeliveryRow {
  seq: number;
  event_id: string;
  name: string;
  status: DeliveryView['status'];
  next_attempt_at: string;
  replay_of: number | null;
  created_at: string;
  attempts_json: string;
}

/**
 * A webhook's deliveries, newest first (`limit + 1` of them, for pageOf), each with its attempts
 * in order: how the sandbox shows a delivery that gave up (FAILED) and what every try met.
 */
export function listDeliveries(
  db: Db,
  webhookId: string,
  status: string | undefined,
  skip: number,
  limit: number,
): DeliveryView[] {
  const rows = db
    .prepare<{ webhookId: string; status: string | null; take: number; skip: number }, DeliveryRow>(
      `SELECT d.seq, d.event_id, e.name, d.status, d.next_attempt_at, d.replay_of, d.created_at,
         (SELECT json_group_array(json_object('time', a.at, 'status', a.status, 'error', a.error,
                   'durationMs', a.duration_ms, 'isRetry', json(CASE a.is_retry WHEN 1 THEN 'true' ELSE 'false' END)))
          FROM (SELECT * FROM webhook_attempts WHERE delivery_seq = d.seq ORDER BY id) a) AS attempts_json
       FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
       WHERE d.webhook_id = @webhookId AND (@status IS NULL OR d.status = @status)
       ORDER BY d.seq DESC LIMIT @take OFFSET @skip`,
    )
    .all({ webhookId, status: status ?? null, take: limit + 1, skip });
  return rows.map((row) => ({
    id: row.seq,
    eventId: row.event_id,
    event: row.name,
    status: row.status,
    attempts: JSON.parse(row.attempts_json) as DeliveryView['attempts'],
    nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at : null,
    replayOf: row.replay_of,
    createdAt: row.created_at,
  }));
}

/** Every delivery the same filter matches (the list's totalCount). */
export function countDeliveries(db: Db, webhookId: string, status: string | undefined): number {
  return db
    .prepare<{ webhookId: string; status: string | null }, { n: number }>(
      `SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
       WHERE d.webhook_id = @webhookId AND (@status IS NULL OR d.status = @status)`,
    )
    .get({ webhookId, status: status ?? null })!.n;
}
