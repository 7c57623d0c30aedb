// Webhook management (remote-api-notes §2.1, §2.2): create (one event, default
// OPENPIX:TRANSACTION_RECEIVED), list with pageInfo and the `url` filter, delete, the event list,
// the sandbox's sending address, and the public keys that verify x-webhook-signature, served
// without an AppID. Bad input is 400 with nothing written; another company's webhook is unknown;
// each operation needs its scope.
import { createHash, createPublicKey } from 'node:crypto';
import { expect, it } from 'vitest';
import { ALL_SCOPES } from '#service/engine/operations';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { deliveredNamesOf } from '#service/engine/webhooks/public-events';
import { PUBLIC_EVENT_NAMES } from '#service/engine/webhooks/webhook-event-names';
import { describeContract, type Harness } from '#test/support/harness';

const create = (h: Harness, webhook: object) => h.client.request('createWebhook', { body: { webhook } });

describeContract('webhooks: management', (h, transport) => {
  it('creates a webhook, lists it, filters by url, and deletes it', async () => {
    const first = await h().ok('createWebhook', {
      body: {
        webhook: { name: 'Vendas', url: 'https://loja.example/hooks/pix', authorization: 'segredo', isActive: true },
      },
    });
    expect(first.webhook).toEqual({
      id: expect.any(String),
      name: 'Vendas',
      url: 'https://loja.example/hooks/pix',
      authorization: 'segredo',
      isActive: true,
      event: 'OPENPIX:TRANSACTION_RECEIVED',
      createdAt: '2026-11-22T15:00:00.000Z',
      updatedAt: '2026-11-22T15:00:00.000Z',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      // The key of X-OpenPix-Signature: 32 random bytes (webhooks-verification.test.ts checks it signs).
      hmacSecretKey: expect.stringMatching(/^openpix_[0-9a-f]{64}$/),
    });
    expect(Buffer.from(first.webhook.id, 'base64').toString()).toMatch(/^Webhook:[0-9a-f]{24}$/);
    h().clock.advance(1_000);
    const second = await h().ok('createWebhook', {
      body: {
        webhook: {
          name: 'Cobranças',
          event: 'OPENPIX:CHARGE_CREATED',
          url: 'http://127.0.0.1:9/charges',
          isActive: false,
        },
      },
    });
    expect(second.webhook).toMatchObject({ event: 'OPENPIX:CHARGE_CREATED', isActive: false });
    expect(second.webhook).not.toHaveProperty('authorization');
    expect(second.webhook.hmacSecretKey).toMatch(/^openpix_[0-9a-f]{64}$/);
    expect(second.webhook.hmacSecretKey).not.toBe(first.webhook.hmacSecretKey);

    const list = await h().ok('listWebhooks');
    expect(list.pageInfo).toEqual({ skip: 0, limit: 100, totalCount: 2, hasPreviousPage: false, hasNextPage: false });
    // Newest first; the secret is shown once, at creation; the hmacSecretKey every time, as the real service's UI does.
    expect(list.webhooks.map((w: any) => w.name)).toEqual(['Cobranças', 'Vendas']);
    expect(list.webhooks[1]).not.toHaveProperty('secret');
    const { secret: _secret, ...shown } = first.webhook;
    expect(list.webhooks[1]).toEqual(shown);
    expect(list.webhooks[1].hmacSecretKey).toBe(first.webhook.hmacSecretKey);
    expect((await h().ok('listWebhooks', { query: { limit: '1' } })).pageInfo).toMatchObject({
      limit: 1,
      hasNextPage: true,
    });
    const byUrl = await h().ok('listWebhooks', { query: { url: 'https://loja.example/hooks/pix' } });
    expect(byUrl.webhooks.map((w: any) => w.name)).toEqual(['Vendas']);
    expect((await h().ok('listWebhooks', { query: { url: 'https://loja.example/other' } })).webhooks).toEqual([]);

    // By globalID (what the API shows) or by the bare id inside it.
    expect(await h().ok('deleteWebhook', { params: { id: first.webhook.id } })).toEqual({ status: 'OK' });
    const bareId = Buffer.from(second.webhook.id, 'base64').toString().slice('Webhook:'.length);
    expect(await h().ok('deleteWebhook', { params: { id: bareId } })).toEqual({ status: 'OK' });
    expect((await h().ok('listWebhooks')).webhooks).toEqual([]);
    expect(await h().client.request('deleteWebhook', { params: { id: first.webhook.id } })).toEqual({
      status: 400,
      body: { error: 'Webhook not found' },
    });
  });

  it('lists every public event, and answers the sending address', async () => {
    const { events } = await h().ok('listWebhookEvents');
    expect(events).toEqual(PUBLIC_EVENT_NAMES.map((name) => ({ name })));
    for (const name of [
      'OPENPIX:CHARGE_CREATED',
      'OPENPIX:MOVEMENT_FAILED',
      'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
      'OPENPIX:DISPUTE_CREATED',
    ]) {
      expect(events).toContainEqual({ name });
    }
    // Internal events are not subscribable.
    for (const name of ['CHARGE_DELETED', 'PAYMENT_CREATED', 'PIX_TRANSACTION_REFUND_SENT_REQUESTED']) {
      expect(events).not.toContainEqual({ name });
    }
    // Each has a public form the service sends: none is accepted at registration and then silent.
    const sent = new Set(PUBLIC_EVENT_NAMES.flatMap((name) => deliveredNamesOf(name)));
    expect(PUBLIC_EVENT_NAMES.filter((name) => !sent.has(name))).toEqual([]);
    expect(await h().ok('listWebhookIps')).toEqual({ ips: ['127.0.0.1'] });
  });

  it('serves the public keys without an AppID, stable across calls, identified by the sha256 of their DER', async () => {
    const reply = (await h().client.request('listWebhookPublicKeys', {}, { appId: null })) as any;
    expect(reply.status).toBe(200);
    const keys = reply.body.public_keys;
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(key.is_current).toBe(true);
    expect(key.key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    const publicKey = createPublicKey(key.key);
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(key.key_identifier).toBe(
      createHash('sha256')
        .update(publicKey.export({ type: 'spki', format: 'der' }))
        .digest('hex'),
    );
    // Drawn once: a second call, with or without an AppID, serves the same key.
    expect(((await h().client.request('listWebhookPublicKeys', {})) as any).body).toEqual(reply.body);
    expect(((await h().client.request('listWebhookPublicKeys', {}, { appId: 'not-an-app-id' })) as any).body).toEqual(
      reply.body,
    );
    expect(h().counts('webhook_signing_keys')).toEqual({ webhook_signing_keys: 1 });
  });

  it.skipIf(transport !== 'http')('lets HTTP caches keep the public keys for an hour', async () => {
    const response = await fetch(`${h().baseUrl}/api/v1/webhook/public-keys`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    // Not on anything that needs an AppID.
    const list = await fetch(`${h().baseUrl}/api/v1/webhook`, { headers: { authorization: h().appId } });
    expect(list.headers.get('cache-control')).toBeNull();
  });

  it('answers bad input with 400 and writes nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [undefined, /webhook/],
      [{}, /webhook/],
      [{ webhook: 'x' }, /webhook/],
      [{ webhook: { name: 'A' } }, /url is required/],
      [{ webhook: { name: 'A', url: 'ftp://loja.example/x' } }, /url must be an http\(s\) URL/],
      [{ webhook: { name: 'A', url: 'loja.example/x' } }, /url must be an http\(s\) URL/],
      [{ webhook: { name: 'A', url: 'https://loja.example/x', event: 'OPENPIX:CHARGE_PAID' } }, /Invalid event/],
      [{ webhook: { name: 'A', url: 'https://loja.example/x', event: 'CHARGE_DELETED' } }, /Invalid event/],
      [{ webhook: { name: 'A', url: 'https://loja.example/x', isActive: 'yes' } }, /isActive must be a boolean/],
      [{ webhook: { url: 'https://loja.example/x' } }, /name is required/],
      [{ webhook: { name: '  ', url: 'https://loja.example/x' } }, /name is required/],
      [{ webhook: { name: 'A', url: 'https://loja.example/x', authorization: 42 } }, /authorization must be a string/],
      // It goes back out as a header of every delivery: what no header can carry is refused now, not failed forever.
      [
        { webhook: { name: 'A', url: 'https://loja.example/x', authorization: 'tok\r\nX-Injected: 1' } },
        /authorization must be printable ASCII/,
      ],
      [
        { webhook: { name: 'A', url: 'https://loja.example/x', authorization: 'senha-não-ascii' } },
        /authorization must be printable ASCII/,
      ],
      [{ webhook: { name: 'A', url: `https://loja.example/${'x'.repeat(2100)}` } }, /url is too long/],
    ];
    for (const [body, message] of cases) {
      const reply = (await h().client.request('createWebhook', { body })) as any;
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect(h().counts('webhooks')).toEqual({ webhooks: 0 });
    expect((await h().client.request('listWebhooks', { query: { limit: '0' } })).status).toBe(400);
    const reply = (await h().client.request('listWebhookDeliveries', {
      params: { id: 'x' },
      query: { status: 'LOST' },
    })) as any;
    expect(reply.status).toBe(400);
  });

  it("never shows or touches another company's webhooks", async () => {
    const mine = (await create(h(), { name: 'Minha', url: 'https://minha.example/hook' })) as any;
    const theirs = (await h().client.request(
      'createWebhook',
      { body: { webhook: { name: 'Deles', url: 'https://deles.example/hook' } } },
      { appId: h().other.appId },
    )) as any;
    expect(theirs.status).toBe(200);
    expect((await h().ok('listWebhooks')).webhooks.map((w: any) => w.name)).toEqual(['Minha']);
    expect((await h().ok('listWebhooks', { query: { url: 'https://deles.example/hook' } })).webhooks).toEqual([]);
    const notFound = { status: 400, body: { error: 'Webhook not found' } };
    expect(await h().client.request('deleteWebhook', { params: { id: theirs.body.webhook.id } })).toEqual(notFound);
    expect(await h().client.request('listWebhookDeliveries', { params: { id: theirs.body.webhook.id } })).toEqual(
      notFound,
    );
    expect(
      await h().client.request('replayWebhook', {
        params: { id: theirs.body.webhook.id },
        body: { since: '2026-11-01T00:00:00Z' },
      }),
    ).toEqual(notFound);
    // Still there for its owner.
    const stillTheirs = (await h().client.request('listWebhooks', {}, { appId: h().other.appId })) as any;
    expect(stillTheirs.body.webhooks.map((w: any) => w.name)).toEqual(['Deles']);
    expect(mine.status).toBe(200);
  });

  it('needs each operation’s scope', async () => {
    const cases = [
      ['createWebhook', 'WEBHOOK_POST', { body: { webhook: { name: 'A', url: 'https://a.example' } } }],
      ['listWebhooks', 'WEBHOOK_GET_LIST', {}],
      ['deleteWebhook', 'WEBHOOK_DELETE', { params: { id: 'x' } }],
      ['listWebhookEvents', 'WEBHOOK_EVENTS_GET_LIST', {}],
      ['listWebhookIps', 'WEBHOOK_IPS_GET', {}],
      ['replayWebhook', 'WEBHOOK_POST', { params: { id: 'x' }, body: { since: '2026-11-01T00:00:00Z' } }],
      ['listWebhookDeliveries', 'WEBHOOK_GET', { params: { id: 'x' } }],
    ] as const;
    for (const [op, scope, request] of cases) {
      const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
        scopes: ALL_SCOPES.filter((s) => s !== scope),
      });
      const reply = await h().client.request(op, request, { appId: limited.appId });
      expect(reply, op).toEqual({ status: 403, body: { error: `Application does not have required scope: ${scope}` } });
    }
    expect(h().counts('webhooks')).toEqual({ webhooks: 0 });
    // Without an AppID: 401 everywhere but the public keys.
    expect((await h().client.request('listWebhooks', {}, { appId: null })).status).toBe(401);
    expect((await h().client.request('listWebhookPublicKeys', {}, { appId: null })).status).toBe(200);
  });
});
