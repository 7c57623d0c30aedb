import type { Db } from '#lib/store/database';
import type { EngineConfig, EngineEvent } from './context';
import { newTimeOrderedUuid } from './ids';
import { deliveryQueue, type DeliveryQueue } from './webhooks/delivery-queue';

/**
 * Inserts event rows; the caller owns the transaction. An event with a public name also gets its
 * webhook deliveries here, in that same transaction: the event and its deliveries commit together
 * or not at all, so an acknowledged write never loses a webhook.
 */
export class Outbox {
  private readonly insert;
  private readonly webhooks: DeliveryQueue;

  /** `config`: the engine's own (not a copy), so a later setPublicBaseUrl shows in webhook bodies. */
  constructor(
    db: Db,
    private readonly config: Pick<EngineConfig, 'publicBaseUrl'>,
  ) {
    this.insert = db.prepare('INSERT INTO events (id, company_id, name, payload, created_at) VALUES (?, ?, ?, ?, ?)');
    this.webhooks = deliveryQueue(db);
  }

  write(companyId: string, name: string, payload: unknown, at: Date): EngineEvent {
    const event: EngineEvent = { id: newTimeOrderedUuid(), companyId, name, payload, createdAt: at.toISOString() };
    this.insert.run(event.id, companyId, name, JSON.stringify(payload), event.createdAt);
    this.webhooks.enqueue(event, this.config);
    return event;
  }
}
