// Webhook delivery, in process with a clock the test moves: every delivery signed twice (RSA
// x-webhook-signature checked with node:crypto against the served public key, and the Standard
// Webhooks headers checked with standardwebhooks' own verifier); a receiver that is down, slower
// than the timeout, or answering 500; the backoff schedule through 72 hours, the visible give-up,
// replay; order per resource; nothing delivered for internal events or to deleted webhooks; and
// the transactions' webhookSent and hasWebhook.
import { createVerify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebhookDispatcher } from '#service/webhooks/dispatcher';
import { rotateSigningKey } from '#service/engine/webhooks/signing-keys';
import { createHarness, type Harness } from '#test/support/harness';
import { startReceiver, type Receiver, type ReceivedWebhook } from '../webhooks/receiver';

const HOUR = 60 * 60 * 1000;

describe('webhooks: delivery', () => {
  let h: Harness;
  let receiver: Receiver;
  let dispatcher: WebhookDispatcher;

  beforeEach(async () => {
    h = await createHarness('engine');
    receiver = await startReceiver();
    dispatcher = new WebhookDispatcher({ db: h.engine.db, clock: h.clock, timeoutMs: 300 });
  });
  afterEach(async () => {
    await dispatcher.stop();
    await receiver.close();
    await h.close();
  });

  /**
   * Creates a webhook and lets its test ping go (webhooks-verification.test.ts is about the ping),
   * so the tests below see only the events they cause. The ping's delivery stays in the lists.
   */
  async function subscribe(event: string, path = '/hook', extra: object = {}): Promise<{ id: string; secret: string }> {
    const { webhook } = await h.ok('createWebhook', {
      body: {
        webhook: { name: event, event, url: `${receiver.url}${path}`, authorization: 'token-do-lojista', ...extra },
      },
    });
    await dispatcher.drain();
    const pings = receiver.received.splice(0).map((r) => JSON.parse(r.body).evento);
    expect(pings).toEqual((extra as { isActive?: boolean }).isActive === false ? [] : ['teste_webhook']);
    return webhook;
  }

  /** The deliveries of events (not test pings), as SQL sees them. */
  const eventDeliveries = (columns: string) =>
    h.engine.db
      .prepare(
        `SELECT ${columns} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.name <> 'teste_webhook' ORDER BY d.seq`,
      )
      .all();

  async function publicKeyPem(): Promise<string> {
    const { public_keys } = await h.ok('listWebhookPublicKeys');
    return public_keys.find((key: any) => key.is_current).key;
  }

  function verifyBoth(request: ReceivedWebhook, pem: string, secret: string): unknown {
    const signature = request.headers['x-webhook-signature'] as string;
    expect(createVerify('sha256').update(request.body).verify(pem, signature, 'base64'), 'x-webhook-signature').toBe(
      true,
    );
    // standardwebhooks' own verifier (it also checks the timestamp is within 5 minutes of now).
    return new Webhook(secret).verify(request.body, {
      'webhook-id': request.headers['webhook-id'] as string,
      'webhook-timestamp': request.headers['webhook-timestamp'] as string,
      'webhook-signature': request.headers['webhook-signature'] as string,
    });
  }

  /** Moves the clock to each next attempt and sends, until nothing is left pending. */
  async function runRetriesToTheEnd(limit = 500): Promise<void> {
    for (let i = 0; i < limit; i++) {
      await dispatcher.drain();
      const next = dispatcher.nextDueAt();
      if (!next) return;
      h.clock.set(new Date(Math.max(next.getTime(), h.clock.now().getTime())));
    }
    throw new Error('deliveries still pending');
  }

  async function deliveries(webhookId: string) {
    return (await h.ok('listWebhookDeliveries', { params: { id: webhookId } })).deliveries;
  }

  it('signs every delivery twice, verifiably, and records it on the transaction (webhookSent, hasWebhook)', async () => {
    const created = await subscribe('OPENPIX:CHARGE_CREATED');
    const completed = await subscribe('OPENPIX:CHARGE_COMPLETED');
    const received = await subscribe('OPENPIX:TRANSACTION_RECEIVED');
    const secrets: Record<string, string> = {
      'OPENPIX:CHARGE_CREATED': created.secret,
      'OPENPIX:CHARGE_COMPLETED': completed.secret,
      'OPENPIX:TRANSACTION_RECEIVED': received.secret,
    };
    const { charge } = await h.ok('createCharge', { body: { correlationID: 'pedido-1', value: 1500 } });
    const paid = await h.ok('sandboxPay', { query: { transactionID: charge.transactionID } });
    // Nothing is sent on the request's path: the queue waits for the dispatcher.
    expect(receiver.received).toHaveLength(0);
    await dispatcher.drain();

    const pem = await publicKeyPem();
    expect(receiver.received.map((r) => JSON.parse(r.body).event)).toEqual([
      'OPENPIX:CHARGE_CREATED',
      'OPENPIX:CHARGE_COMPLETED',
      'OPENPIX:TRANSACTION_RECEIVED',
    ]);
    const eventIds = (
      h.engine.db.prepare('SELECT id, name FROM events ORDER BY seq').all() as { id: string; name: string }[]
    )
      .filter((e) => e.name in secrets)
      .map((e) => e.id);
    receiver.received.forEach((request, i) => {
      const body = JSON.parse(request.body);
      expect(verifyBoth(request, pem, secrets[body.event]!)).toEqual(body);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers.authorization).toBe('token-do-lojista');
      expect(request.headers['x-openpix-authorization']).toBe('token-do-lojista');
      // The outbox row's id: the event's stable id.
      expect(request.headers['webhook-id']).toBe(eventIds[i]);
    });
    // A tampered body fails both checks.
    const tampered = { ...receiver.received[2]!, body: receiver.received[2]!.body.replace('1500', '1501') };
    expect(
      createVerify('sha256')
        .update(tampered.body)
        .verify(pem, tampered.headers['x-webhook-signature'] as string, 'base64'),
    ).toBe(false);
    expect(() => verifyBoth(tampered, pem, received.secret)).toThrow();

    const { transaction } = await h.ok('getTransaction', { params: { id: paid.transaction.endToEndId } });
    expect(transaction.webhookSent).toEqual([
      { 'OPENPIX:CHARGE_COMPLETED': { status: 200, time: '2026-11-22T15:00:00.000Z' }, isRetry: false },
      { 'OPENPIX:TRANSACTION_RECEIVED': { status: 200, time: '2026-11-22T15:00:00.000Z' }, isRetry: false },
    ]);
    const withWebhook = await h.ok('listTransactions', { query: { hasWebhook: 'true' } });
    expect(withWebhook.transactions.map((t: any) => t.endToEndId)).toEqual([paid.transaction.endToEndId]);
    expect((await h.ok('listTransactions', { query: { hasWebhook: 'false' } })).transactions).toEqual([]);
  });

  it('signs with the current key after a rotation, and keeps serving the previous one', async () => {
    await subscribe('OPENPIX:CHARGE_CREATED');
    const before = await publicKeyPem();
    await h.ok('createCharge', { body: { correlationID: 'antes', value: 100 } });
    await dispatcher.drain();
    rotateSigningKey(h.engine.db, h.clock.now());
    await h.ok('createCharge', { body: { correlationID: 'depois', value: 100 } });
    await dispatcher.drain();
    const { public_keys } = await h.ok('listWebhookPublicKeys');
    expect(public_keys.map((k: any) => k.is_current)).toEqual([true, false]);
    expect(public_keys[1].key).toBe(before);
    const after = public_keys[0].key;
    const verifies = (pem: string, i: number) =>
      createVerify('sha256')
        .update(receiver.received[i]!.body)
        .verify(pem, receiver.received[i]!.headers['x-webhook-signature'] as string, 'base64');
    expect([verifies(before, 0), verifies(after, 0), verifies(before, 1), verifies(after, 1)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('retries a receiver that is down, answers 500 or is slower than the timeout, on the backoff schedule, until a 2xx', async () => {
    const hook = await subscribe('OPENPIX:TRANSACTION_RECEIVED');
    await receiver.stop();
    const qr = (await h.ok('createPixQrCode', { body: { name: 'Balcão', value: 700 } })).pixQrCode;
    const paid = await h.ok('sandboxPayBrCode', { body: { brCode: qr.brCode } });
    const start = h.clock.now().getTime();

    // Down for the first three attempts: connection refused.
    for (let i = 0; i < 3; i++) {
      await dispatcher.drain();
      h.clock.set(dispatcher.nextDueAt()!);
    }
    await receiver.start();
    // Then two 500s, then one answer slower than the 300 ms timeout, then 204.
    receiver.answerWith((n) => (n <= 2 ? 500 : n === 3 ? { hang: 1_000 } : 204));
    for (let i = 0; i < 3; i++) {
      await dispatcher.drain();
      h.clock.set(dispatcher.nextDueAt()!);
    }
    await dispatcher.drain();
    expect(dispatcher.nextDueAt()).toBeNull();

    const [delivery] = await deliveries(hook.id);
    expect(delivery.status).toBe('DELIVERED');
    expect(delivery.attempts.map((a: any) => a.status)).toEqual([null, null, null, 500, 500, null, 204]);
    expect(delivery.attempts[0].error).toMatch(/ECONNREFUSED/);
    expect(delivery.attempts[3].error).toBe('HTTP 500');
    expect(delivery.attempts[5].error).toBe('no answer within 300 ms');
    // 10 s, doubling: the attempts are 0, 10, 30, 70, 150, 310, 630 s after the event.
    expect(delivery.attempts.map((a: any) => (Date.parse(a.time) - start) / 1000)).toEqual([
      0, 10, 30, 70, 150, 310, 630,
    ]);
    expect(delivery.attempts.map((a: any) => a.isRetry)).toEqual([false, true, true, true, true, true, true]);
    // Every attempt that reached the receiver carried the same event id and body.
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);

    // webhookSent lists every attempt; hasWebhook wants a 200, and 204 is not one.
    const { transaction } = await h.ok('getTransaction', { params: { id: paid.transaction.endToEndId } });
    expect(transaction.webhookSent.map((w: any) => w['OPENPIX:TRANSACTION_RECEIVED'].status)).toEqual([
      null,
      null,
      null,
      500,
      500,
      null,
      204,
    ]);
    expect((await h.ok('listTransactions', { query: { hasWebhook: 'true' } })).transactions).toEqual([]);
  });

  it('keeps trying for 72 hours, then gives up visibly; a replay resends the event with the same id', async () => {
    const hook = await subscribe('OPENPIX:CHARGE_CREATED');
    receiver.answerWith(() => 503);
    await h.ok('createCharge', { body: { correlationID: 'pedido-72h', value: 900 } });
    const start = h.clock.now().getTime();
    await runRetriesToTheEnd();

    const [failed] = await deliveries(hook.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.nextAttemptAt).toBeNull();
    const times = failed.attempts.map((a: any) => Date.parse(a.time) - start);
    // The last attempt is the first at or past 72 h; the one before it was still inside them.
    expect(times.at(-1)).toBeGreaterThanOrEqual(72 * HOUR);
    expect(times.at(-2)).toBeLessThan(72 * HOUR);
    // Waits double from 10 s and are capped at an hour.
    const waits = times.slice(1).map((t: number, i: number) => t - times[i]);
    expect(waits.slice(0, 4)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(Math.max(...waits)).toBe(HOUR);
    expect(receiver.received).toHaveLength(failed.attempts.length);
    expect(
      (await h.ok('listWebhookDeliveries', { params: { id: hook.id }, query: { status: 'FAILED' } })).deliveries,
    ).toHaveLength(1);
    expect(
      (await h.ok('listWebhookDeliveries', { params: { id: hook.id }, query: { status: 'PENDING' } })).deliveries,
    ).toHaveLength(0);

    // The receiver is fixed; replay everything that failed since before the event.
    receiver.answerWith(() => 200);
    const replay = await h.ok('replayWebhook', { params: { id: hook.id }, body: { since: '2026-11-22T00:00:00Z' } });
    expect(replay.replayed).toEqual([
      { eventId: failed.eventId, event: 'OPENPIX:CHARGE_CREATED', deliveryId: expect.any(Number) },
    ]);
    // A failed delivery already replayed is not replayed twice.
    expect(
      (await h.ok('replayWebhook', { params: { id: hook.id }, body: { since: '2026-11-22T00:00:00Z' } })).replayed,
    ).toEqual([]);
    await dispatcher.drain();
    const last = receiver.received.at(-1)!;
    expect(last.answered).toBe(200);
    expect(last.headers['webhook-id']).toBe(failed.eventId);
    const after = await deliveries(hook.id);
    expect(after.map((d: any) => [d.event, d.status, d.replayOf])).toEqual([
      ['OPENPIX:CHARGE_CREATED', 'DELIVERED', failed.id],
      ['OPENPIX:CHARGE_CREATED', 'FAILED', null],
      ['teste_webhook', 'DELIVERED', null],
    ]);
    expect(after[0].attempts).toEqual([expect.objectContaining({ status: 200, isRetry: true })]);

    // One event by id, again (at least once: the receiver drops it by its webhook-id).
    const one = await h.ok('replayWebhook', { params: { id: hook.id }, body: { eventId: failed.eventId } });
    expect(one.replayed).toHaveLength(1);
    await dispatcher.drain();
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(failed.eventId);
    expect(receiver.received.at(-1)!.body).toBe(receiver.received[0]!.body);
  });

  it('replays an event to a webhook created after it, and refuses events of another kind or company', async () => {
    const { charge } = await h.ok('createCharge', { body: { correlationID: 'antes', value: 300 } });
    const eventId = (
      h.engine.db.prepare("SELECT id FROM events WHERE name = 'OPENPIX:CHARGE_CREATED'").get() as { id: string }
    ).id;
    const hook = await subscribe('OPENPIX:CHARGE_CREATED');
    const other = await subscribe('OPENPIX:CHARGE_EXPIRED', '/expired');
    expect(eventDeliveries('d.seq')).toEqual([]);
    await h.ok('replayWebhook', { params: { id: hook.id }, body: { eventId } });
    await dispatcher.drain();
    expect(JSON.parse(receiver.received[0]!.body).charge.correlationID).toBe(charge.correlationID);

    const wrongKind = (await h.client.request('replayWebhook', { params: { id: other.id }, body: { eventId } })) as any;
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error).toMatch(/listens to OPENPIX:CHARGE_EXPIRED/);
    expect(await h.client.request('replayWebhook', { params: { id: hook.id }, body: { eventId: 'nope' } })).toEqual({
      status: 400,
      body: { error: 'Event not found' },
    });
    // Another company's event is not this company's to replay.
    await h.client.request('createCharge', { body: { correlationID: 'deles', value: 300 } }, { appId: h.other.appId });
    const theirEvent = (
      h.engine.db.prepare("SELECT id FROM events WHERE name = 'OPENPIX:CHARGE_CREATED' ORDER BY seq DESC").get() as {
        id: string;
      }
    ).id;
    expect(await h.client.request('replayWebhook', { params: { id: hook.id }, body: { eventId: theirEvent } })).toEqual(
      {
        status: 400,
        body: { error: 'Event not found' },
      },
    );
    for (const body of [
      {},
      { eventId, since: '2026-11-22T00:00:00Z' },
      { since: 'ontem' },
      { eventId: ' ' },
      { eventId: 7 },
    ]) {
      expect(
        (await h.client.request('replayWebhook', { params: { id: hook.id }, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it("delivers a resource's events in order to one URL, without holding back other resources", async () => {
    await subscribe('OPENPIX:CHARGE_CREATED', '/same');
    await subscribe('OPENPIX:CHARGE_COMPLETED', '/same');
    // The first charge's CREATED fails twice; the second charge's is answered at once.
    let firstCreatedFailures = 0;
    receiver.answerWith((_n, request) => {
      const body = JSON.parse(request.body);
      if (body.event === 'OPENPIX:CHARGE_CREATED' && body.charge.correlationID === 'a' && firstCreatedFailures < 2) {
        firstCreatedFailures++;
        return 500;
      }
      return 200;
    });
    const { charge: a } = await h.ok('createCharge', { body: { correlationID: 'a', value: 100 } });
    await h.ok('sandboxPay', { query: { transactionID: a.transactionID } });
    await h.ok('createCharge', { body: { correlationID: 'b', value: 100 } });
    await runRetriesToTheEnd();
    const seen = receiver.received.map((r) => {
      const body = JSON.parse(r.body);
      return `${body.charge.correlationID} ${body.event.replace('OPENPIX:', '')} ${r.answered}`;
    });
    expect(seen).toEqual([
      'a CHARGE_CREATED 500',
      'b CHARGE_CREATED 200',
      'a CHARGE_CREATED 500',
      'a CHARGE_CREATED 200',
      'a CHARGE_COMPLETED 200',
    ]);
  });

  it('never delivers internal events, nor to inactive, deleted or other companies’ webhooks', async () => {
    const deleted = await subscribe('OPENPIX:CHARGE_CREATED', '/deleted');
    await subscribe('OPENPIX:CHARGE_CREATED', '/inactive', { isActive: false });
    await h.client.request(
      'createWebhook',
      { body: { webhook: { name: 'Deles', event: 'OPENPIX:CHARGE_CREATED', url: `${receiver.url}/theirs` } } },
      { appId: h.other.appId },
    );
    await h.ok('createCharge', { body: { correlationID: 'x', value: 100 } });
    await h.ok('deleteCharge', { params: { id: 'x' } });
    await h.ok('createCustomer', { body: { name: 'Ana', taxID: '11144477735' } });
    // One delivery, to the active webhook, and it is cancelled when the webhook is deleted.
    expect(eventDeliveries('d.url, d.status')).toEqual([{ url: `${receiver.url}/deleted`, status: 'PENDING' }]);
    await h.ok('deleteWebhook', { params: { id: deleted.id } });
    await dispatcher.drain();
    // Only the other company's test ping, to its own webhook.
    expect(receiver.received.map((r) => [r.path, JSON.parse(r.body).evento])).toEqual([['/theirs', 'teste_webhook']]);
    expect(eventDeliveries('d.status')).toEqual([{ status: 'CANCELLED' }]);
  });

  it('a slow receiver never slows an API call', async () => {
    await subscribe('OPENPIX:CHARGE_CREATED');
    const slowDispatcher = new WebhookDispatcher({ db: h.engine.db, clock: h.clock, timeoutMs: 5_000, pollMs: 10 });
    receiver.answerWith(() => ({ hang: 3_000 }));
    slowDispatcher.start();
    try {
      await h.ok('createCharge', { body: { correlationID: 'lento-1', value: 100 } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.received).toHaveLength(1); // in flight, unanswered
      const started = performance.now();
      for (let i = 2; i <= 20; i++) await h.ok('createCharge', { body: { correlationID: `lento-${i}`, value: 100 } });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(receiver.received[0]!.answered).toBeNull();
    } finally {
      await slowDispatcher.stop();
    }
    // Abandoned by stop(): still pending, sent again by the next dispatcher.
    expect(h.engine.db.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'PENDING'").get()).toEqual({
      n: 20,
    });
    // The test ping's one attempt, and none of the abandoned ones.
    expect(h.counts('webhook_attempts')).toEqual({ webhook_attempts: 1 });
  });
});
