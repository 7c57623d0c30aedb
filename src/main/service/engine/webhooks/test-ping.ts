import type { WebhookRow } from './webhook-repo';

/**
 * The internal event a webhook's creation writes in the outbox, in the transaction that inserts
 * the webhook. Its one delivery is the test ping, to that webhook only (delivery-queue.ts), so the
 * webhook and its ping commit together, and the ping is queued, signed, retried and listed like
 * any event.
 */
export const WEBHOOK_CREATED_EVENT = 'WEBHOOK_CREATED';

/** What WEBHOOK_CREATED carries: the webhook to ping, by its row id (no secret in the outbox). */
export interface WebhookCreatedPayload {
  webhookId: string;
}

/** The ping's name: its `evento`, and the event its deliveries are listed under. */
export const TEST_PING_NAME = 'teste_webhook';

/** A ping is about its webhook alone: it never waits behind another resource's deliveries. */
export const pingResource = (webhookId: string) => `webhook:${webhookId}`;

/**
 * The ping's body, as the real service's docs show it (remote-api-notes §3.2, the HMAC page):
 * `{"data_criacao", "evento": "teste_webhook", "event": <the webhook's event>}`. Receivers answer
 * it 200 by `evento` (WooCommerce, Magento, the Node SDK) or by its lack of `charge` (Woovi's
 * example backend).
 */
export function testPingBody(webhook: Pick<WebhookRow, 'event'>, at: string): Record<string, unknown> {
  return { data_criacao: at, evento: TEST_PING_NAME, event: webhook.event };
}

export function webhookIdOfPing(payload: unknown): string | null {
  const id = (payload as Partial<WebhookCreatedPayload> | null)?.webhookId;
  return typeof id === 'string' ? id : null;
}
