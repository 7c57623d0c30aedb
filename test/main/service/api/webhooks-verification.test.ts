// Webhooks as real clients verify them (issue 25; ../shared/reference/real-clients.md), over HTTP
// against a sandbox served from a database file, with a real receiver on 127.0.0.1:
// - the teste_webhook ping a webhook's creation sends, signed like every delivery: x-webhook-signature
//   verified with node:crypto's createVerify('sha256') over the raw body and the key served by
//   GET /api/v1/webhook/public-keys (what WooCommerce, Magento and the SDKs check once pointed at
//   it), X-OpenPix-Signature with the hmacSecretKey of the create answer, the authorization back in
//   Authorization and x-openpix-authorization;
// - a receiver failing (or not there for) the ping refuses nothing: the webhook stays registered and
//   the ping shows, retried and then failed, in the deliveries list;
// - every body is compact JSON that re-serializes to its own bytes, so Woovi's example backend
//   (woovibr/node-backend-integration, src/webhook/webhookPost.ts), which checks both signatures over
//   JSON.stringify(parsedBody), accepts every delivery;
// - OPENPIX:TRANSACTION_REFUND_RECEIVED, which pretix registers, fires when a refund goes out.
import { createHmac, createVerify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '#service/webhooks/retry-policy';
import { WebhookDispatcher } from '#service/webhooks/dispatcher';
import { createHarness, type Harness } from '#test/support/harness';
import { startReceiver, type Receiver, type ReceivedWebhook } from '../webhooks/receiver';

// Short, so a give-up is reached in a few attempts: 10 s, 20 s, 40 s, then a minute apart, 5 minutes in all.
const RETRY: RetryPolicy = { firstIntervalMs: 10_000, maxIntervalMs: 60_000, giveUpAfterMs: 5 * 60_000 };

interface Answer {
  status: number;
  body: any;
}

describe('webhooks as real clients verify them [http]', () => {
  let h: Harness;
  let receiver: Receiver;
  let dispatcher: WebhookDispatcher;

  beforeEach(async () => {
    h = await createHarness('http');
    receiver = await startReceiver();
    dispatcher = new WebhookDispatcher({ db: h.engine.db, clock: h.clock, timeoutMs: 2_000, retry: RETRY });
  });
  afterEach(async () => {
    await dispatcher.stop();
    await receiver.close();
    await h.close();
  });

  /** A request as the clients make it: the AppID raw in Authorization, a JSON body. */
  async function api(method: string, path: string, body?: unknown, appId: string = h.appId): Promise<Answer> {
    const headers: Record<string, string> = { authorization: appId };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${h.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async function ok(method: string, path: string, body?: unknown): Promise<any> {
    const answer = await api(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  }

  async function register(
    webhook: object,
  ): Promise<{ id: string; hmacSecretKey: string; secret: string; authorization?: string }> {
    return (await ok('POST', '/api/v1/webhook', { webhook })).webhook;
  }

  async function deliveriesOf(webhookId: string, status?: string): Promise<any[]> {
    const query = status ? `?status=${status}` : '';
    return (await ok('GET', `/api/v1/webhook/${encodeURIComponent(webhookId)}/deliveries${query}`)).deliveries;
  }

  /** The key a receiver pins in place of Woovi's hard-coded one: served without an AppID. */
  async function servedPublicKey(): Promise<string> {
    const response = await fetch(`${h.baseUrl}/api/v1/webhook/public-keys`);
    expect(response.status).toBe(200);
    const { public_keys } = (await response.json()) as { public_keys: { key: string; is_current: boolean }[] };
    return public_keys.find((key) => key.is_current)!.key;
  }

  const rsaVerifies = (pem: string, bytes: string, signature: unknown) =>
    typeof signature === 'string' && createVerify('sha256').update(bytes).verify(pem, signature, 'base64');
  const hmacSha1 = (key: string, bytes: string) => createHmac('sha1', key).update(bytes).digest('base64');

  /**
   * Woovi's example backend's checks, in its order: Authorization equals the webhook's
   * authorization; X-OpenPix-Signature is the HMAC-SHA1 of JSON.stringify(parsedBody); and (its
   * verifyPayload) x-webhook-signature verifies over the same text. Any failure is its 401.
   */
  function exampleBackendAccepts(
    request: ReceivedWebhook,
    pem: string,
    hmacSecretKey: string,
    authorization: string,
  ): boolean {
    if (request.headers.authorization !== authorization) return false;
    const reserialized = JSON.stringify(JSON.parse(request.body));
    if (request.headers['x-openpix-signature'] !== hmacSha1(hmacSecretKey, reserialized)) return false;
    return rsaVerifies(pem, reserialized, request.headers['x-webhook-signature']);
  }

  /** Moves the clock to each next attempt and sends, until nothing is left pending. */
  async function runRetriesToTheEnd(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      await dispatcher.drain();
      const next = dispatcher.nextDueAt();
      if (!next) return;
      h.clock.set(new Date(Math.max(next.getTime(), h.clock.now().getTime())));
    }
    throw new Error('deliveries still pending');
  }

  it('pings a new webhook, signed as every delivery: RSA with the served key, X-OpenPix-Signature with its hmacSecretKey', async () => {
    const webhook = await register({
      name: 'Loja',
      event: 'OPENPIX:CHARGE_COMPLETED',
      url: `${receiver.url}/woovi`,
      authorization: 'openpix',
      isActive: true,
    });
    const other = await register({ name: 'Outra', event: 'OPENPIX:CHARGE_CREATED', url: `${receiver.url}/outra` });
    expect(webhook.hmacSecretKey).toMatch(/^openpix_[0-9a-f]{64}$/);
    expect(other.hmacSecretKey).not.toBe(webhook.hmacSecretKey);
    // Nothing is sent on the request's path.
    expect(receiver.received).toEqual([]);
    await dispatcher.drain();

    const ping = receiver.received.find((r) => r.path === '/woovi')!;
    // The documented body, compact, in the documented order; the webhook's event in `event`.
    expect(ping.body).toBe(
      '{"data_criacao":"2026-11-22T15:00:00.000Z","evento":"teste_webhook","event":"OPENPIX:CHARGE_COMPLETED"}',
    );
    const pem = await servedPublicKey();
    expect(rsaVerifies(pem, ping.body, ping.headers['x-webhook-signature']), 'x-webhook-signature').toBe(true);
    expect(ping.headers['x-openpix-signature']).toBe(hmacSha1(webhook.hmacSecretKey, ping.body));
    expect(ping.headers.authorization).toBe('openpix');
    expect(ping.headers['x-openpix-authorization']).toBe('openpix');
    expect(ping.headers['content-type']).toBe('application/json');
    expect(
      new Webhook(webhook.secret).verify(ping.body, {
        'webhook-id': ping.headers['webhook-id'] as string,
        'webhook-timestamp': ping.headers['webhook-timestamp'] as string,
        'webhook-signature': ping.headers['webhook-signature'] as string,
      }),
    ).toEqual(JSON.parse(ping.body));
    expect(exampleBackendAccepts(ping, pem, webhook.hmacSecretKey, 'openpix')).toBe(true);
    // The checks can fail: another webhook's key, or one changed byte.
    expect(ping.headers['x-openpix-signature']).not.toBe(hmacSha1(other.hmacSecretKey, ping.body));
    const tampered = ping.body.replace('OPENPIX:CHARGE_COMPLETED', 'OPENPIX:CHARGE_COMPLETEd');
    expect(rsaVerifies(pem, tampered, ping.headers['x-webhook-signature'])).toBe(false);
    expect(ping.headers['x-openpix-signature']).not.toBe(hmacSha1(webhook.hmacSecretKey, tampered));
    // A webhook without an authorization gets neither header, and its own ping.
    const otherPing = receiver.received.find((r) => r.path === '/outra')!;
    expect(JSON.parse(otherPing.body)).toMatchObject({ evento: 'teste_webhook', event: 'OPENPIX:CHARGE_CREATED' });
    expect(otherPing.headers).not.toHaveProperty('authorization');
    expect(otherPing.headers).not.toHaveProperty('x-openpix-authorization');
    expect(otherPing.headers['x-openpix-signature']).toBe(hmacSha1(other.hmacSecretKey, otherPing.body));
    expect(receiver.received).toHaveLength(2);

    // The ping is a delivery like any: listed, delivered, under the id it carried.
    expect(await deliveriesOf(webhook.id)).toEqual([
      expect.objectContaining({
        event: 'teste_webhook',
        eventId: ping.headers['webhook-id'],
        status: 'DELIVERED',
        attempts: [expect.objectContaining({ status: 200, error: null, isRetry: false })],
      }),
    ]);
    // The list shows each webhook's key, as the create answer did.
    const { webhooks } = await ok('GET', '/api/v1/webhook');
    expect(Object.fromEntries(webhooks.map((w: any) => [w.id, w.hmacSecretKey]))).toEqual({
      [webhook.id]: webhook.hmacSecretKey,
      [other.id]: other.hmacSecretKey,
    });
  });

  it('a receiver failing the ping refuses nothing: the webhook stays, the ping is retried, listed, and fails visibly', async () => {
    receiver.answerWith(() => 500);
    const created = await api('POST', '/api/v1/webhook', {
      webhook: { name: 'Quebrado', event: 'OPENPIX:CHARGE_CREATED', url: `${receiver.url}/quebrado` },
    });
    expect(created.status).toBe(200);
    const webhook = created.body.webhook;
    // And one whose receiver is not even there.
    const down = await startReceiver();
    await down.stop();
    const unreachable = await register({
      name: 'Fora do ar',
      event: 'OPENPIX:CHARGE_CREATED',
      url: `${down.url}/fora`,
    });
    await dispatcher.drain();

    expect(receiver.received.map((r) => [JSON.parse(r.body).evento, r.answered])).toEqual([['teste_webhook', 500]]);
    const listed = (await ok('GET', '/api/v1/webhook')).webhooks;
    expect(listed.map((w: any) => [w.id, w.isActive]).sort()).toEqual(
      [
        [webhook.id, true],
        [unreachable.id, true],
      ].sort(),
    );
    const [retrying] = await deliveriesOf(webhook.id, 'PENDING');
    expect(retrying).toMatchObject({
      event: 'teste_webhook',
      status: 'PENDING',
      nextAttemptAt: '2026-11-22T15:00:10.000Z',
      attempts: [{ status: 500, error: 'HTTP 500', isRetry: false }],
    });
    const [refused] = await deliveriesOf(unreachable.id);
    expect(refused).toMatchObject({
      event: 'teste_webhook',
      status: 'PENDING',
      attempts: [{ status: null, isRetry: false }],
    });
    expect(refused.attempts[0].error).toMatch(/ECONNREFUSED/);

    // Retried on the policy's schedule, every time with the same id and bytes, until it gives up.
    await runRetriesToTheEnd();
    const [failed] = await deliveriesOf(webhook.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.attempts.length).toBeGreaterThan(3);
    expect(failed.attempts.slice(1).every((a: any) => a.isRetry && a.status === 500)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([failed.eventId]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect((await deliveriesOf(unreachable.id))[0].status).toBe('FAILED');

    // Fixed: the failed ping is replayed like any failed delivery, and events go through.
    receiver.answerWith(() => 200);
    const replay = await ok('POST', `/api/v1/webhook/${encodeURIComponent(webhook.id)}/replay`, {
      since: '2026-11-22T00:00:00Z',
    });
    expect(replay.replayed).toEqual([
      { eventId: failed.eventId, event: 'teste_webhook', deliveryId: expect.any(Number) },
    ]);
    await ok('POST', '/api/v1/charge', { correlationID: 'depois-do-ping', value: 500 });
    await dispatcher.drain();
    const answered = receiver.received.filter((r) => r.answered === 200).map((r) => JSON.parse(r.body));
    expect(answered.map((b) => b.evento ?? b.event).sort()).toEqual(['OPENPIX:CHARGE_CREATED', 'teste_webhook']);
    // Its own ping only: another webhook's is not its to replay.
    const theirPing = (await deliveriesOf(unreachable.id)).find((d) => d.event === 'teste_webhook');
    const wrong = await api('POST', `/api/v1/webhook/${encodeURIComponent(webhook.id)}/replay`, {
      eventId: theirPing.eventId,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/is teste_webhook; this webhook listens to OPENPIX:CHARGE_CREATED/);
  });

  it('commits the webhook and its ping together; an inactive webhook gets no ping; a refused one writes neither', async () => {
    const active = await register({ name: 'Ativo', event: 'OPENPIX:CHARGE_CREATED', url: `${receiver.url}/ativo` });
    const inactive = await register({
      name: 'Inativo',
      event: 'OPENPIX:CHARGE_CREATED',
      url: `${receiver.url}/inativo`,
      isActive: false,
    });
    // Before any send, the ping is already queued: it was written with the webhook.
    const queued = h.engine.db
      .prepare(
        'SELECT d.webhook_id, d.status, e.name FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id ORDER BY d.seq',
      )
      .all();
    const rowId = (globalId: string) => Buffer.from(globalId, 'base64').toString().slice('Webhook:'.length);
    expect(queued).toEqual([{ webhook_id: rowId(active.id), status: 'PENDING', name: 'teste_webhook' }]);
    expect(await deliveriesOf(inactive.id)).toEqual([]);

    const before = h.counts('webhooks', 'webhook_deliveries', 'webhook_events', 'events');
    for (const webhook of [
      { name: 'Sem url' },
      { name: 'Ruim', url: 'ftp://x.example' },
      { name: 'Cabeçalho', url: `${receiver.url}/x`, authorization: 'a\nb' },
    ]) {
      expect((await api('POST', '/api/v1/webhook', { webhook })).status).toBe(400);
    }
    expect(h.counts('webhooks', 'webhook_deliveries', 'webhook_events', 'events')).toEqual(before);
    await dispatcher.drain();
    expect(receiver.received.map((r) => r.path)).toEqual(['/ativo']);
  });

  it('sends every body as compact JSON that re-serializes to its own bytes, so a check over JSON.stringify(parsedBody) passes', async () => {
    const events = [
      'OPENPIX:CHARGE_CREATED',
      'OPENPIX:CHARGE_COMPLETED',
      'OPENPIX:CHARGE_EXPIRED',
      'OPENPIX:TRANSACTION_RECEIVED',
      'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
      'OPENPIX:TRANSACTION_REFUND_RECEIVED',
    ];
    const webhooks = new Map<string, { hmacSecretKey: string }>();
    for (const event of events) {
      webhooks.set(
        event,
        await register({
          name: event,
          event,
          url: `${receiver.url}/${encodeURIComponent(event)}`,
          authorization: 'chave-da-loja',
        }),
      );
    }
    // What JSON and its serializers could trip over: non-ASCII, astral emoji and a ZWJ sequence,
    // quotes and backslashes, HTML, the separators JSON allows raw but JavaScript source did not,
    // control characters, and digit-like text.
    const awkward = [
      'Pão de Açúcar — ñ ü ß 日本語',
      'emoji 🎉 e família 👩‍👩‍👧',
      'aspas "duplas", \'simples\' e \\barra\\ invertida',
      '</script><!-- & <b>',
      'sep\u2028linha\u2029parágrafo',
      'tab\there, nova\nlinha, nul-ish \u0001\u001f, del \u007f',
      '0001.50e10',
    ];
    for (const [i, text] of awkward.entries()) {
      const { charge } = await ok('POST', '/api/v1/charge', {
        correlationID: `estranho-${i}`,
        value: 1_000 + i,
        comment: text,
        expiresIn: i % 2 === 0 ? 600 : 86_400,
        customer: { name: `Cliente ${text}`.slice(0, 60), email: `c${i}@example.com`, taxID: '11144477735' },
        additionalInfo: [{ key: text.slice(0, 20), value: text }],
      });
      if (i % 2 === 1) {
        await ok('POST', '/openpix/testing/pay', {
          brCode: charge.brCode,
          payer: { name: `Pagador ${text}`.slice(0, 60), taxID: '52998224725' },
        });
        await ok('POST', `/api/v1/charge/${encodeURIComponent(charge.correlationID)}/refund`, {
          correlationID: `devolve-${i}`,
          value: 100,
          comment: text,
        });
      }
    }
    h.clock.advance(601_000);
    await ok('GET', '/api/v1/charge'); // the sweep settles the refunds and expires the rest
    await dispatcher.drain();

    const pem = await servedPublicKey();
    const bodies = receiver.received.map((r) => r.body);
    const kinds = new Map<string, number>();
    for (const request of receiver.received) {
      const parsed = JSON.parse(request.body);
      const kind = parsed.evento ?? parsed.event;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      expect(JSON.stringify(parsed), `${kind} re-serializes to its own bytes`).toBe(request.body);
      const key = webhooks.get(parsed.event)!.hmacSecretKey;
      expect(exampleBackendAccepts(request, pem, key, 'chave-da-loja'), `${kind} passes Woovi's example backend`).toBe(
        true,
      );
      expect(rsaVerifies(pem, request.body, request.headers['x-webhook-signature'])).toBe(true);
    }
    expect(Object.fromEntries(kinds)).toEqual({
      teste_webhook: events.length,
      'OPENPIX:CHARGE_CREATED': awkward.length,
      'OPENPIX:CHARGE_COMPLETED': 3,
      'OPENPIX:CHARGE_EXPIRED': 4,
      'OPENPIX:TRANSACTION_RECEIVED': 3,
      PIX_TRANSACTION_REFUND_SENT_CONFIRMED: 3,
      'OPENPIX:TRANSACTION_REFUND_RECEIVED': 3,
    });
    // The awkward text went out as text, unescaped where JSON allows it (the bytes are UTF-8).
    for (const text of awkward) {
      expect(
        bodies.some((body) => JSON.parse(body).charge?.comment === text),
        text,
      ).toBe(true);
    }
    expect(bodies.some((body) => body.includes('🎉') && body.includes('Pão de Açúcar'))).toBe(true);
  });

  it('fires OPENPIX:TRANSACTION_REFUND_RECEIVED when a refund of a received Pix goes out (pretix registers it)', async () => {
    // pretix's setup: read what is registered for its URL, then register both events on it.
    const url = `${receiver.url}/pretix/webhook/`;
    expect((await ok('GET', `/api/v1/webhook?url=${encodeURIComponent(url)}`)).webhooks).toEqual([]);
    const hooks = new Map<string, { hmacSecretKey: string }>();
    for (const event of ['OPENPIX:TRANSACTION_RECEIVED', 'OPENPIX:TRANSACTION_REFUND_RECEIVED']) {
      hooks.set(event, await register({ name: 'pretix', event, url, authorization: 'openpix', isActive: true }));
    }
    const registered = (await ok('GET', `/api/v1/webhook?url=${encodeURIComponent(url)}`)).webhooks;
    expect(registered.map((w: any) => [w.event, w.isActive]).sort()).toEqual([
      ['OPENPIX:TRANSACTION_RECEIVED', true],
      ['OPENPIX:TRANSACTION_REFUND_RECEIVED', true],
    ]);
    await dispatcher.drain();
    receiver.received.splice(0); // the two pings

    // Its order: a static QR code named by the order code, paid through the sandbox's simulator.
    await ok('POST', '/api/v1/qrcode-static', {
      name: 'ORDER1',
      correlationID: 'ORDER1',
      identifier: 'ORDER1',
      value: 10_000,
      comment: 'pretix',
    });
    await ok('GET', '/openpix/testing?identifier=ORDER1');
    await dispatcher.drain();
    const [paid] = receiver.received.map((r) => JSON.parse(r.body));
    expect(paid).toMatchObject({
      event: 'OPENPIX:TRANSACTION_RECEIVED',
      pix: { transactionID: 'ORDER1', value: 10_000 },
    });

    const refund = await ok('POST', '/api/v1/refund', {
      transactionEndToEndId: paid.pix.endToEndId,
      correlationID: 'ORDER1-refund',
      value: 10_000,
      comment: 'estorno',
    });
    expect(refund.refund.status).toBe('IN_PROCESSING');
    await dispatcher.drain();
    // Not before the refund has gone out.
    expect(receiver.received).toHaveLength(1);
    h.clock.advance(2_001);
    await ok('GET', '/api/v1/refund/ORDER1-refund');
    await dispatcher.drain();

    expect(receiver.received).toHaveLength(2);
    const delivery = receiver.received[1]!;
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      event: 'OPENPIX:TRANSACTION_REFUND_RECEIVED',
      charge: null,
      pixQrCode: { identifier: 'ORDER1', correlationID: 'ORDER1' },
      pix: {
        type: 'REFUND',
        value: 10_000,
        partial: false,
        endToEndId: refund.refund.returnIdentification,
        originalEndToEndId: paid.pix.endToEndId,
      },
      company: paid.company,
      account: paid.account,
      refunds: [
        {
          correlationID: 'ORDER1-refund',
          value: 10_000,
          status: 'CONFIRMED',
          endToEndId: refund.refund.returnIdentification,
        },
      ],
    });
    const pem = await servedPublicKey();
    expect(
      exampleBackendAccepts(delivery, pem, hooks.get('OPENPIX:TRANSACTION_REFUND_RECEIVED')!.hmacSecretKey, 'openpix'),
    ).toBe(true);
    // Its own id, not the refund event's: both forms of one refund can be told apart and replayed.
    const sentConfirmed = h.engine.db
      .prepare("SELECT id FROM events WHERE name = 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED'")
      .pluck()
      .get() as string;
    expect(delivery.headers['webhook-id']).toBe(`${sentConfirmed}:OPENPIX:TRANSACTION_REFUND_RECEIVED`);

    // A webhook registered later gets it by a replay of the refund's event id, in the form it listens to.
    const late = await register({
      name: 'tarde',
      event: 'OPENPIX:TRANSACTION_REFUND_RECEIVED',
      url: `${receiver.url}/tarde`,
    });
    const replay = await ok('POST', `/api/v1/webhook/${encodeURIComponent(late.id)}/replay`, {
      eventId: sentConfirmed,
    });
    expect(replay.replayed).toEqual([
      {
        eventId: `${sentConfirmed}:OPENPIX:TRANSACTION_REFUND_RECEIVED`,
        event: 'OPENPIX:TRANSACTION_REFUND_RECEIVED',
        deliveryId: expect.any(Number),
      },
    ]);
    await dispatcher.drain();
    // (Its ping carries the same `event`: the webhook's; `evento` tells a ping.)
    const replayed = receiver.received.filter((r) => r.path === '/tarde' && !('evento' in JSON.parse(r.body)));
    expect(replayed.map((r) => r.body)).toEqual([delivery.body]);
  });
});
