import { z } from 'zod';
import { isHttpUrl } from '#shared/lib/http-url';
import { HTTP_URL_META } from '../openapi';
import { rfc3339, wholeNumberAsText } from '../validation';
import { DEFAULT_WEBHOOK_EVENT, PUBLIC_EVENT_NAMES } from './webhook-event-names';

const httpUrl = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, { error: 'url is required' })
  .max(2048, { error: 'url is too long (max 2048 characters)' })
  .refine(isHttpUrl, { error: 'url must be an http(s) URL' })
  .meta(HTTP_URL_META);

/**
 * The webhook's name: text, or a whole number kept as its text. The Java SDK (woovibr/java-sdk,
 * src/main/kotlin/Webhook.kt) declares it `name: Int?`, set by the builder's number(), so it sends
 * `"name":1` and then decodes the answer's name as a String: "1".
 *
 * A missing or null name stays a 400 "name is required". The same SDK sends `"name":null` when
 * number() was not called (its Json has explicitNulls = true), but nothing shows the real service
 * taking a nameless webhook: the OpenAPI file marks no field of WebhookPayload required (url
 * neither), every other client sends a name, and the SDK itself cannot decode an answer without a
 * string name, so accepting null would mean inventing one the real service may never give.
 */
const webhookName = z.preprocess(
  wholeNumberAsText,
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'name is required' : 'name must be a string',
    })
    .trim()
    .min(1, { error: 'name is required' })
    .max(255, { error: 'name is too long (max 255 characters)' }),
);

/** POST /api/v1/webhook: `{webhook: {name, event, url, authorization, isActive}}` (remote-api-notes §2.1). */
export const webhookCreateBody = z.object(
  {
    webhook: z.object(
      {
        name: webhookName,
        event: z
          .string({ error: 'event must be a string' })
          .refine((name) => (PUBLIC_EVENT_NAMES as readonly string[]).includes(name), {
            error: 'Invalid event: see GET /api/v1/webhook/events',
          })
          // The check above, as the derived document states it (its own message stays).
          .meta({ enum: [...PUBLIC_EVENT_NAMES] })
          .optional()
          .transform((name) => name ?? DEFAULT_WEBHOOK_EVENT),
        url: httpUrl,
        // Sent back as the Authorization and x-openpix-authorization headers of every delivery: a
        // value no HTTP header can carry (a line break, non-ASCII) would fail every delivery.
        authorization: z
          .string({ error: 'authorization must be a string' })
          .max(1024, { error: 'authorization is too long (max 1024 characters)' })
          .regex(/^[\x20-\x7e]*$/, {
            error: 'authorization must be printable ASCII: it is sent back in the Authorization header',
          })
          .optional(),
        isActive: z
          .boolean({ error: 'isActive must be a boolean' })
          .optional()
          .transform((active) => active ?? true),
      },
      { error: 'webhook is required' },
    ),
  },
  { error: 'body: expected a JSON object' },
);

export const webhookListQuery = z.object({
  url: z.string().max(2048, { error: 'url is too long' }).optional(),
});

/**
 * POST /api/v1/webhook/{id}/replay (this sandbox's own extension): resend one event
 * (`eventId`, the webhook-id its deliveries carried) or every delivery of this webhook that
 * failed since a time (`since`, RFC 3339).
 */
export const webhookReplayBody = z
  .object({
    eventId: z
      .string({ error: 'eventId must be a string' })
      .trim()
      .min(1, { error: 'eventId must not be empty' })
      .max(255)
      // Checked after the trim: at least one character that is not a space.
      .meta({ pattern: '\\S' })
      .optional(),
    since: rfc3339.optional(),
  })
  .refine((body) => (body.eventId === undefined) !== (body.since === undefined), {
    error: 'send exactly one of eventId or since',
  })
  // The refinement, as the derived document states it: exactly one of the two.
  .meta({ oneOf: [{ required: ['eventId'] }, { required: ['since'] }] });

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;

export const deliveryListQuery = z.object({
  status: z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
});
