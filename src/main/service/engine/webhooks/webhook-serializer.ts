import { z } from 'zod';
import { toGlobalId } from '../ids';
import type { WebhookRow } from './webhook-repo';

/** A webhook as the API shows it (OpenAPI `Webhook`); `id` is the globalID `Webhook:<id>`. */
export const webhookSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  authorization: z.string().optional(),
  isActive: z.boolean(),
  event: z.string(),
  /**
   * The key of the X-OpenPix-Signature header (base64 HMAC-SHA1 of the body), which the real
   * service's UI shows and Woovi's example backend checks: shown on create and in the list.
   */
  hmacSecretKey: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookView = z.infer<typeof webhookSchema>;

export const webhookGlobalId = (id: string) => toGlobalId('Webhook', id);

export function serializeWebhook(row: WebhookRow): WebhookView {
  const view: WebhookView = {
    id: webhookGlobalId(row.id),
    name: row.name,
    url: row.url,
    isActive: row.is_active === 1,
    event: row.event,
    hmacSecretKey: row.hmac_secret_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.authorization !== null) view.authorization = row.authorization;
  return view;
}

/** One POST made for a delivery. */
const attemptSchema = z.strictObject({
  time: z.string(),
  /** The receiver's HTTP status; null when it gave none (refused, unreachable, timed out). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  isRetry: z.boolean(),
});

/** A delivery of one event to one webhook, with its attempts (GET /api/v1/webhook/{id}/deliveries). */
export const deliverySchema = z.strictObject({
  id: z.number().int(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED', 'CANCELLED']),
  attempts: z.array(attemptSchema),
  nextAttemptAt: z.string().nullable(),
  replayOf: z.number().int().nullable(),
  createdAt: z.string(),
});
export type DeliveryView = z.infer<typeof deliverySchema>;
