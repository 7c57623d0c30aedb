import { createHmac, createSign } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** x-webhook-signature: base64 RSA-SHA256 (PKCS#1 v1.5) over the raw body (remote-api-notes §3.3). */
export function rsaSignature(privateKeyPem: string, body: string): string {
  return createSign('sha256').update(body).end().sign(privateKeyPem, 'base64');
}

/**
 * X-OpenPix-Signature: base64 HMAC-SHA1 of the raw body with the webhook's hmacSecretKey
 * (remote-api-notes §3.3). Deprecated by the real service but still sent, and Woovi's example
 * backend refuses a delivery without it.
 */
export function hmacSignature(hmacSecretKey: string, body: string): string {
  return createHmac('sha1', hmacSecretKey).update(body).digest('base64');
}

/**
 * The Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature), made by the
 * maintained `standardwebhooks` package so any receiver using it verifies them as they are.
 * `id` is the event's id: the same in every delivery of the event, so receivers drop duplicates.
 */
export function standardWebhookHeaders(secret: string, id: string, sentAt: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, sentAt, body),
  };
}
