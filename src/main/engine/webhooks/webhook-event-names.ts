/**
 * The events a webhook can subscribe to: the OpenAPI file's WebhookEventEnum (remote-api-notes
 * §3.1), listed by GET /api/v1/webhook/events and accepted by POST /api/v1/webhook. Which of them
 * this service produces, and with which payload, is public-events.ts's business; a webhook may
 * still subscribe to one it never produces, as on the real service.
 */
export const PUBLIC_EVENT_NAMES = [
  'OPENPIX:CHARGE_CREATED',
  'OPENPIX:CHARGE_COMPLETED',
  'OPENPIX:CHARGE_EXPIRED',
  'OPENPIX:CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER',
  'OPENPIX:TRANSACTION_RECEIVED',
  'OPENPIX:TRANSACTION_REFUND_RECEIVED',
  'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED',
  'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
  'PIX_TRANSACTION_REFUND_RECEIVED_REJECTED',
  'PIX_TRANSACTION_REFUND_SENT_REJECTED',
  'OPENPIX:MOVEMENT_CONFIRMED',
  'OPENPIX:MOVEMENT_FAILED',
  'OPENPIX:MOVEMENT_REMOVED',
  'OPENPIX:DISPUTE_CREATED',
  'OPENPIX:DISPUTE_ACCEPTED',
  'OPENPIX:DISPUTE_REJECTED',
  'OPENPIX:DISPUTE_CANCELED',
  'ACCOUNT_REGISTER_APPROVED',
  'ACCOUNT_REGISTER_REJECTED',
  'ACCOUNT_REGISTER_PENDING',
  'PIX_AUTOMATIC_APPROVED',
  'PIX_AUTOMATIC_REJECTED',
  'PIX_AUTOMATIC_COBR_CREATED',
  'PIX_AUTOMATIC_COBR_APPROVED',
  'PIX_AUTOMATIC_COBR_REJECTED',
  'PIX_AUTOMATIC_COBR_TRY_REJECTED',
  'PIX_AUTOMATIC_COBR_TRY_REQUESTED',
  'PIX_AUTOMATIC_COBR_COMPLETED',
] as const;

export type PublicEventName = (typeof PUBLIC_EVENT_NAMES)[number];

/** A webhook created without `event` listens to this one (remote-api-notes §2.1). */
export const DEFAULT_WEBHOOK_EVENT: PublicEventName = 'OPENPIX:TRANSACTION_RECEIVED';

const NAMES: ReadonlySet<string> = new Set(PUBLIC_EVENT_NAMES);

export function isPublicEventName(name: string): name is PublicEventName {
  return NAMES.has(name);
}
