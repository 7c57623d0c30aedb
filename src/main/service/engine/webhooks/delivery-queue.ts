import type { Db } from '#lib/store/database';
import type { EngineEvent } from '../context';
import { perDatabase } from '../repo-cache';
import { deliveredNamesOf, outboxIdOf, publicEventId, publicEventOf, type PublicEventConfig } from './public-events';
import { pingResource, TEST_PING_NAME, testPingBody, WEBHOOK_CREATED_EVENT, webhookIdOfPing } from './test-ping';
import type { PublicEventName } from './webhook-event-names';
import { webhookRepo, type WebhookRow } from './webhook-repo';

/** One row of table `webhook_events`: the public form of an outbox event, as sent. */
export interface WebhookEventRow {
  /** The webhook-id every delivery of it carries (public-events.ts publicEventId). */
  id: string;
  company_id: string;
  /** A public event name, or teste_webhook for a webhook's test ping. */
  name: string;
  resource: string;
  transaction_id: string | null;
  body: string;
  created_at: string;
}

/** What a body is sent as: one JSON.stringify, compact, so JSON.stringify(JSON.parse(body)) gives these bytes back. */
interface Publishable {
  id: string;
  name: string;
  resource: string;
  transactionId: string | null;
  body: Record<string, unknown>;
}

/**
 * Turns committed outbox events into deliveries. Called by the outbox inside the transaction that
 * writes the event, so the event and its deliveries are committed (or rolled back) together: a
 * crash after the acknowledgement can never lose a delivery. Nothing here waits on a receiver.
 */
export interface DeliveryQueue {
  /**
   * Queues the event for every active webhook of its company listening to one of its public names
   * (an event may have more than one, public-events.ts); a WEBHOOK_CREATED event queues the new
   * webhook's test ping.
   */
  enqueue(event: EngineEvent, config: PublicEventConfig): void;
  /**
   * The stored public form of an event of the company by the id its deliveries carried (or the
   * outbox event's id), preferring its form named `wanted` when it has one: a replay to a webhook
   * sends what that webhook listens to. Written now from the outbox row when no webhook listened
   * when it happened (a replay to a webhook created later). Null: no such event of this company,
   * or one that is never delivered.
   */
  publicEvent(companyId: string, eventId: string, wanted: string, config: PublicEventConfig): WebhookEventRow | null;
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
  const eventById = db.prepare<[string, string], WebhookEventRow>(
    'SELECT * FROM webhook_events WHERE company_id = ? AND id = ?',
  );
  const outboxRow = db.prepare<
    [string, string],
    { id: string; company_id: string; name: string; payload: string; created_at: string }
  >('SELECT id, company_id, name, payload, created_at FROM events WHERE company_id = ? AND id = ?');

  function store(event: EngineEvent, published: Publishable): WebhookEventRow {
    const row: WebhookEventRow = {
      id: published.id,
      company_id: event.companyId,
      name: published.name,
      resource: published.resource,
      transaction_id: published.transactionId,
      // Serialized once, compact: every attempt and replay sends, and signs, these exact bytes, and
      // a receiver that verifies over JSON.stringify(parsedBody) (Woovi's example backend) gets
      // them back, since the body is a plain JSON value made by JSON.stringify itself.
      body: JSON.stringify(published.body),
      created_at: event.createdAt,
    };
    insertEvent.run(row);
    return row;
  }

  const deliver: DeliveryQueue['deliver'] = (event, webhook, at, replayOf) =>
    Number(
      insertDelivery.run(
        event.id,
        webhook.id,
        webhook.company_id,
        webhook.url,
        event.resource,
        at,
        replayOf ?? null,
        at,
      ).lastInsertRowid,
    );

  /** The test ping a WEBHOOK_CREATED event sends its webhook (deleted since: none). */
  function ping(event: EngineEvent): { webhook: WebhookRow; published: Publishable } | null {
    const webhookId = webhookIdOfPing(event.payload);
    const webhook = webhookId ? webhookRepo(db).findById(event.companyId, webhookId) : undefined;
    if (!webhook) return null;
    return {
      webhook,
      published: {
        id: event.id,
        name: TEST_PING_NAME,
        resource: pingResource(webhook.id),
        transactionId: null,
        body: testPingBody(webhook, event.createdAt),
      },
    };
  }

  function eventOfOutbox(companyId: string, id: string): EngineEvent | null {
    const outbox = outboxRow.get(companyId, id);
    if (!outbox) return null;
    return {
      id: outbox.id,
      companyId: outbox.company_id,
      name: outbox.name,
      payload: JSON.parse(outbox.payload),
      createdAt: outbox.created_at,
    };
  }

  /** The stored form of `event` under `name`, written now if it was not yet. */
  function storedForm(event: EngineEvent, name: PublicEventName, config: PublicEventConfig): WebhookEventRow | null {
    const stored = eventById.get(event.companyId, publicEventId(event.id, event.name, name));
    if (stored) return stored;
    const published = publicEventOf(db, event, name, config);
    return published ? store(event, published) : null;
  }

  return {
    enqueue(event, config) {
      if (event.name === WEBHOOK_CREATED_EVENT) {
        const made = ping(event);
        // An inactive webhook receives nothing, its ping included.
        if (made && made.webhook.is_active === 1) deliver(store(event, made.published), made.webhook, event.createdAt);
        return;
      }
      for (const name of deliveredNamesOf(event.name)) {
        // Most events have no listener: the public form is only built when someone will receive it.
        const listeners = webhookRepo(db).subscribers(event.companyId, name);
        if (listeners.length === 0) continue;
        const published = publicEventOf(db, event, name, config);
        if (!published) continue;
        const row = store(event, published);
        for (const webhook of listeners) deliver(row, webhook, event.createdAt);
      }
    },
    publicEvent(companyId, eventId, wanted, config) {
      const stored = eventById.get(companyId, eventId);
      if (stored?.name === wanted) return stored;
      const event = eventOfOutbox(companyId, outboxIdOf(eventId));
      if (!event) return stored ?? null;
      const names = deliveredNamesOf(event.name);
      const form = names.find((name) => name === wanted);
      if (form) return storedForm(event, form, config);
      if (stored) return stored;
      if (event.name === WEBHOOK_CREATED_EVENT) {
        // The ping of a webhook that was inactive when created: never stored until now.
        const made = ping(event);
        return made ? store(event, made.published) : null;
      }
      // Not what `wanted` listens to: its own form, for the caller to say what it is.
      return names.length > 0 ? storedForm(event, names[0]!, config) : null;
    },
    deliver,
  };
});
