import { z } from 'zod';
import { rfc3339 } from '../validation';
import { DEFAULT_WEBHOOK_EVENT, PUBLIC_EVENT_NAMES } from './webhook-event-names';

const httpUrl = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, { error: 'url is required' })
  .max(2048, { error: 'url is too long (max 2048 characters)' })
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: 'url must be an http(s) URL' },
  );

/** POST /api/v1/webhook: `{webhook: {name, event, url, authorization, isActive}}` (remote-api-notes §2.1). */
export const webhookCreateBody = z.object(
  {
    webhook: z.object(
      {
        name: z.string({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(255, { error: 'name is too long (max 255 characters)' }),
        event: z
          .string({ error: 'event must be a string' })
          .refine((name) => (PUBLIC_EVENT_NAMES as readonly string[]).includes(name), { error: 'Invalid event: see GET /api/v1/webhook/events' })
          .optional()
          .transform((name) => name ?? DEFAULT_WEBHOOK_EVENT),
        url: httpUrl,
        authorization: z.string({ error: 'authorization must be a string' }).max(1024, { error: 'authorization is too long (max 1024 characters)' }).optional(),
        isActive: z.boolean({ error: 'isActive must be a boolean' }).optional().transform((active) => active ?? true),
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
    eventId: z.string({ error: 'eventId must be a string' }).trim().min(1, { error: 'eventId must not be empty' }).max(255).optional(),
    since: rfc3339.optional(),
  })
  .refine((body) => (body.eventId === undefined) !== (body.since === undefined), { error: 'send exactly one of eventId or since' });

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;

export const deliveryListQuery = z.object({
  status: z.enum(DELIVERY_STATUSES, { error: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }).optional(),
});
