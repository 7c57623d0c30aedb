import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { fromGlobalId, newObjectId } from '../ids';
import { operation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { idParams } from '../validation';
import { deliveryQueue, type WebhookEventRow } from './delivery-queue';
import { countDeliveries, listDeliveries } from './delivery-history';
import { currentSigningKey, listSigningKeys } from './signing-keys';
import { pingResource, TEST_PING_NAME, WEBHOOK_CREATED_EVENT, type WebhookCreatedPayload } from './test-ping';
import { PUBLIC_EVENT_NAMES } from './webhook-event-names';
import { deliveryListQuery, webhookCreateBody, webhookListQuery, webhookReplayBody } from './webhook-input';
import { webhookRepo, type WebhookRow } from './webhook-repo';
import { deliverySchema, serializeWebhook, webhookSchema } from './webhook-serializer';

/** The sandbox sends its webhooks from this machine. */
const SANDBOX_WEBHOOK_IPS = ['127.0.0.1'];

/**
 * A webhook of the caller's company by its globalID (`Webhook:<id>`, what the API shows) or its
 * bare id. Unknown, deleted and another company's answer alike.
 */
function requireWebhook(ctx: OperationContext, id: string): WebhookRow {
  const rowId = fromGlobalId('Webhook', id) ?? id;
  const row = webhookRepo(ctx.db).findById(ctx.tenant.company.id, rowId);
  if (!row) throw unknownRecord('Webhook not found');
  return row;
}

/**
 * The Standard Webhooks secret of a new webhook: 24 random bytes, base64, with the whsec_ prefix
 * the standardwebhooks libraries accept.
 */
const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The key of a new webhook's X-OpenPix-Signature (HMAC-SHA1): 32 random bytes, hex, after the
 * `openpix_` prefix the real service's keys carry. Migration 015 gives older webhooks the same form.
 */
const newHmacSecretKey = () => `openpix_${randomBytes(32).toString('hex')}`;

/** What a webhook may be sent: the events it listens to, and its own test ping. */
const receives = (webhook: WebhookRow, event: WebhookEventRow) =>
  event.name === webhook.event || (event.name === TEST_PING_NAME && event.resource === pingResource(webhook.id));

const replayedSchema = z.strictObject({ eventId: z.string(), event: z.string(), deliveryId: z.number().int() });

export const webhookOperations = {
  createWebhook: operation({
    method: 'POST',
    paths: ['/api/v1/webhook'],
    scope: 'WEBHOOK_POST',
    access: 'write',
    status: 200,
    summary:
      'Create a webhook that listens to one event (default OPENPIX:TRANSACTION_RECEIVED); a signed teste_webhook ping is sent to its URL',
    request: { body: webhookCreateBody },
    // `secret` is this sandbox's addition, shown once as an application's clientSecret is: the
    // key of the Standard Webhooks signature (webhook-signature header) of this webhook's deliveries.
    response: z.strictObject({ webhook: webhookSchema.extend({ secret: z.string() }) }),
    handler(ctx, { body }) {
      const at = ctx.now.toISOString();
      const input = body.webhook;
      const row: WebhookRow = {
        id: newObjectId(),
        company_id: ctx.tenant.company.id,
        name: input.name,
        event: input.event,
        url: input.url,
        authorization: input.authorization ?? null,
        is_active: input.isActive ? 1 : 0,
        secret: newWebhookSecret(),
        hmac_secret_key: newHmacSecretKey(),
        created_at: at,
        updated_at: at,
        deleted_at: null,
      };
      webhookRepo(ctx.db).insert(row);
      // The environment's signing key exists before the first delivery can need it.
      currentSigningKey(ctx.db, ctx.now);
      // The test ping, queued in this transaction: the webhook and its ping commit together. Its
      // outcome shows in the deliveries list; a receiver that fails it refuses nothing here.
      const created: WebhookCreatedPayload = { webhookId: row.id };
      ctx.emit(WEBHOOK_CREATED_EVENT, created);
      return { webhook: { ...serializeWebhook(row), secret: row.secret } };
    },
  }),

  listWebhooks: operation({
    method: 'GET',
    paths: ['/api/v1/webhook'],
    scope: 'WEBHOOK_GET_LIST',
    access: 'read',
    status: 200,
    summary: "List the company's webhooks, newest first, optionally those of one URL",
    request: { query: webhookListQuery.extend(pageQuery.shape) },
    response: z.strictObject({ pageInfo: pageInfoSchema, webhooks: z.array(webhookSchema) }),
    handler(ctx, { query }) {
      const repo = webhookRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const rows = repo.list(companyId, query.url, query.skip, query.limit);
      const { items, pageInfo } = pageOf(rows, query, () => repo.count(companyId, query.url));
      return { pageInfo, webhooks: items.map(serializeWebhook) };
    },
  }),

  deleteWebhook: operation({
    method: 'DELETE',
    paths: ['/api/v1/webhook/:id'],
    scope: 'WEBHOOK_DELETE',
    access: 'write',
    status: 200,
    summary: 'Delete a webhook; what it still had to deliver is cancelled',
    request: { params: idParams },
    response: z.strictObject({ status: z.literal('OK') }),
    handler(ctx, { params }) {
      const row = requireWebhook(ctx, params.id);
      webhookRepo(ctx.db).remove(ctx.tenant.company.id, row.id, ctx.now.toISOString());
      return { status: 'OK' as const };
    },
  }),

  listWebhookEvents: operation({
    method: 'GET',
    paths: ['/api/v1/webhook/events'],
    scope: 'WEBHOOK_EVENTS_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'The events a webhook can listen to',
    request: {},
    response: z.strictObject({ events: z.array(z.strictObject({ name: z.string() })) }),
    handler: () => ({ events: PUBLIC_EVENT_NAMES.map((name) => ({ name })) }),
  }),

  listWebhookIps: operation({
    method: 'GET',
    paths: ['/api/v1/webhook/ips'],
    scope: 'WEBHOOK_IPS_GET',
    access: 'read',
    status: 200,
    summary: 'The addresses webhooks are sent from (the sandbox: this machine)',
    request: {},
    response: z.strictObject({ ips: z.array(z.string()) }),
    handler: () => ({ ips: [...SANDBOX_WEBHOOK_IPS] }),
  }),

  listWebhookPublicKeys: operation({
    method: 'GET',
    paths: ['/api/v1/webhook/public-keys'],
    scope: null,
    auth: 'none',
    cacheControl: 'public, max-age=3600',
    // A GET that may write: the environment's first key is drawn and stored by whoever needs it
    // first, so it goes through the single writer (reads run on a read-only connection).
    access: 'write',
    status: 200,
    summary: 'The public keys that verify x-webhook-signature (no AppID needed)',
    request: {},
    response: z.strictObject({
      public_keys: z.array(z.strictObject({ key_identifier: z.string(), key: z.string(), is_current: z.boolean() })),
    }),
    handler(ctx) {
      // The environment's first key is drawn by whoever needs it first (here, or a webhook's
      // creation): a receiver may fetch the key before any webhook exists.
      currentSigningKey(ctx.db, ctx.now);
      return {
        public_keys: listSigningKeys(ctx.db).map((key) => ({
          key_identifier: key.keyIdentifier,
          key: key.publicKey,
          is_current: key.isCurrent,
        })),
      };
    },
  }),

  replayWebhook: operation({
    method: 'POST',
    paths: ['/api/v1/webhook/:id/replay'],
    scope: 'WEBHOOK_POST',
    access: 'write',
    status: 200,
    summary:
      'Sandbox extension: resend one event (eventId) or every delivery of this webhook that failed since a time (since)',
    request: { params: idParams, body: webhookReplayBody },
    response: z.strictObject({ replayed: z.array(replayedSchema) }),
    handler(ctx, { params, body }) {
      const webhook = requireWebhook(ctx, params.id);
      const queue = deliveryQueue(ctx.db);
      const at = ctx.now.toISOString();
      if (body.eventId !== undefined) {
        const event = queue.publicEvent(ctx.tenant.company.id, body.eventId, webhook.event, ctx.config);
        if (!event) throw unknownRecord('Event not found');
        if (!receives(webhook, event)) {
          throw badRequest(`Event ${body.eventId} is ${event.name}; this webhook listens to ${webhook.event}`);
        }
        return { replayed: [{ eventId: event.id, event: event.name, deliveryId: queue.deliver(event, webhook, at) }] };
      }
      const failed = ctx.db
        .prepare<[string, string], { seq: number; event_id: string }>(
          `SELECT d.seq, d.event_id FROM webhook_deliveries d
           WHERE d.webhook_id = ? AND d.status = 'FAILED' AND d.created_at >= ?
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries r WHERE r.replay_of = d.seq)
           ORDER BY d.seq`,
        )
        .all(webhook.id, body.since!);
      return {
        replayed: failed.map(({ seq, event_id }) => {
          const event = queue.publicEvent(ctx.tenant.company.id, event_id, webhook.event, ctx.config)!;
          return { eventId: event.id, event: event.name, deliveryId: queue.deliver(event, webhook, at, seq) };
        }),
      };
    },
  }),

  listWebhookDeliveries: operation({
    method: 'GET',
    paths: ['/api/v1/webhook/:id/deliveries'],
    scope: 'WEBHOOK_GET',
    access: 'read',
    status: 200,
    summary: "Sandbox extension: a webhook's deliveries, newest first, with every attempt (status, time, error)",
    request: { params: idParams, query: deliveryListQuery.extend(pageQuery.shape) },
    response: z.strictObject({ pageInfo: pageInfoSchema, deliveries: z.array(deliverySchema) }),
    handler(ctx, { params, query }) {
      const webhook = requireWebhook(ctx, params.id);
      const rows = listDeliveries(ctx.db, webhook.id, query.status, query.skip, query.limit);
      const { items, pageInfo } = pageOf(rows, query, () => countDeliveries(ctx.db, webhook.id, query.status));
      return { pageInfo, deliveries: items };
    },
  }),
};
