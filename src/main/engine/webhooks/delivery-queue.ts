import type { Db } from '../../store/database';
import type { EngineEvent } from '../context';
import { perDatabase } from '../repo-cache';
import { deliveredNameOf, publicEventOf, type PublicEvent } from './public-events';
import { webhookRepo, type WebhookRow } from './webhook-repo';

/** One row of table `webhook_events`: the public form of an outbox event, as sent. */
export interface WebhookEventRow {
  id: string;
  company_id: string;
  name: string;
  resource: string;
  transaction_id: string | null;
  body: string;
  created_at: string;
}

/**
 * Turns committed outbox events into deliveries. Called by the outbox inside the transaction that
 * writes the event, so the event and its deliveries are committed (or rolled back) together: a
 * crash after the acknowledgement can never lose a delivery. Nothing here waits on a receiver.
 */
export interface DeliveryQueue {
  /** Queues the event for every active webhook of its company listening to its public name. */
  enqueue(event: EngineEvent): void;
  /**
   * The stored public form of an event of the company, written now from its outbox row when no
   * webhook listened when it happened (a replay to a webhook created later). Null: no such event
   * of this company, or one that is never delivered.
   */
  publicEvent(companyId: string, eventId: string): WebhookEventRow | null;
  /** A new PENDING delivery of a stored public event to a webhook, due at `at`. Returns its seq. */
  deliver(event: WebhookEventRow, webhook: WebhookRow, at: string, replayOf?: number): number;
}

export const deliveryQueue = perDatabase<DeliveryQueue>((db: Db) => {
  const insertEvent = db.prepare(
    `INSERT INTO webhook_events (id, company_id, name, resource, transaction_id, body, created_at)
     VALUES (@id, @company_id, @name, @resource, @transaction_id, @body, @created_at)`,
  );
  const insertDelivery = db.prepare<[string, string, string, string, string, string, number | null, string]>(
    `INSERT INTO webhook_deliveries (event_id, webhook_id, company_id, url, resource, status, next_attempt_at, replay_of, created_at)
     VALUES (?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`,
  );
  const eventById = db.prepare<[string, string], WebhookEventRow>('SELECT * FROM webhook_events WHERE company_id = ? AND id = ?');
  const outboxRow = db.prepare<[string, string], { id: string; company_id: string; name: string; payload: string; created_at: string }>(
    'SELECT id, company_id, name, payload, created_at FROM events WHERE company_id = ? AND id = ?',
  );

  function store(event: EngineEvent, published: PublicEvent): WebhookEventRow {
    const row: WebhookEventRow = {
      id: event.id,
      company_id: event.companyId,
      name: published.name,
      resource: published.resource,
      transaction_id: published.transactionId,
      // Serialized once: every attempt and replay sends, and signs, these exact bytes.
      body: JSON.stringify(published.body),
      created_at: event.createdAt,
    };
    insertEvent.run(row);
    return row;
  }

  const deliver: DeliveryQueue['deliver'] = (event, webhook, at, replayOf) =>
    Number(
      insertDelivery.run(event.id, webhook.id, webhook.company_id, webhook.url, event.resource, at, replayOf ?? null, at).lastInsertRowid,
    );

  return {
    enqueue(event) {
      const name = deliveredNameOf(event.name);
      if (!name) return;
      // Most events have no listener: the public form is only built when someone will receive it.
      const listeners = webhookRepo(db).subscribers(event.companyId, name);
      if (listeners.length === 0) return;
      const published = publicEventOf(db, event);
      if (!published) return;
      const row = store(event, published);
      for (const webhook of listeners) deliver(row, webhook, event.createdAt);
    },
    publicEvent(companyId, eventId) {
      const stored = eventById.get(companyId, eventId);
      if (stored) return stored;
      const outbox = outboxRow.get(companyId, eventId);
      if (!outbox) return null;
      const event: EngineEvent = {
        id: outbox.id,
        companyId: outbox.company_id,
        name: outbox.name,
        payload: JSON.parse(outbox.payload),
        createdAt: outbox.created_at,
      };
      const published = publicEventOf(db, event);
      return published ? store(event, published) : null;
    },
    deliver,
  };
});
