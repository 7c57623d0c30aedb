// `npm run serve --manual-clock` as a child process, killed with SIGKILL while webhook deliveries
// are pending (the receiver answering 500, one attempt left hanging), then restarted on the same
// database: every event is delivered at least once, every delivery verifies (RSA against the
// served public key, Standard Webhooks with standardwebhooks), a charge's events arrive in order,
// and copies of one event all carry its webhook-id. Each webhook's test ping goes first and is
// verified like the rest. The clock, kept in the database, moves the backoff along in seconds.
import { createVerify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';
import { startReceiver, type ReceivedWebhook, type Receiver } from './receiver';

const EVENTS = ['OPENPIX:CHARGE_CREATED', 'OPENPIX:CHARGE_COMPLETED', 'OPENPIX:TRANSACTION_RECEIVED'] as const;
const CHARGES = 6;

describe('webhooks: a served sandbox killed with deliveries pending', () => {
  let remote: RemoteProcess;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    remote = await startRemote({ args: ['--manual-clock', '--webhook-timeout', '400'] });
  }, 60_000);
  afterAll(async () => {
    await remote?.dispose();
    await receiver?.close();
  });

  async function call(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${remote.url}${path}`, {
      method,
      headers: { authorization: remote.appId, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  }

  async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${remote.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('delivers every event at least once, verified and in order per charge, across a kill -9', async () => {
    const secrets = new Map<string, string>();
    for (const event of EVENTS) {
      const { webhook } = await call('POST', '/api/v1/webhook', {
        webhook: { name: event, event, url: `${receiver.url}/pix`, authorization: 'loja' },
      });
      secrets.set(event, webhook.secret);
    }
    // Each webhook's test ping goes first, answered 200. (A ping whose answer came later than the
    // timeout is sent again once the clock moves: at least once, like any delivery.)
    await until(
      () => receiver.received.filter((r) => r.answered === 200).length === EVENTS.length,
      'the three test pings',
    );
    expect(receiver.received.map((r) => JSON.parse(r.body).evento)).toEqual(EVENTS.map(() => 'teste_webhook'));
    const pings = EVENTS.length;
    // Phase 1: the receiver fails everything, and leaves the third event request hanging.
    receiver.answerWith((n) => (n === pings + 3 ? { hang: 60_000 } : 500));
    const charges: string[] = [];
    for (let i = 1; i <= CHARGES; i++) {
      const { charge } = await call('POST', '/api/v1/charge', { correlationID: `pedido-${i}`, value: 100 * i });
      charges.push(charge.correlationID);
      // Every other charge is paid: CREATED, COMPLETED and TRANSACTION_RECEIVED about one charge.
      if (i % 2 === 0) await call('GET', `/openpix/testing?transactionID=${charge.transactionID}`);
    }
    const expected = CHARGES + (CHARGES / 2) * 2;
    await until(() => receiver.received.length >= pings + 4, 'the first attempts');
    const clockBefore = (await call('GET', '/sandbox/clock')).now;

    await remote.kill('SIGKILL');
    const sentBeforeKill = receiver.received.length;
    receiver.answerWith(() => 200);
    await remote.start();
    // The stored clock survived the crash.
    expect((await call('GET', '/sandbox/clock')).now).toBe(clockBefore);
    // Past every retry's wait: the dispatcher sends what was pending, a charge's events in turn.
    await call('POST', '/sandbox/clock', { advanceMs: 60 * 60 * 1000 });

    const isPing = (r: ReceivedWebhook) => 'evento' in JSON.parse(r.body);
    const acceptedIds = () =>
      new Set(receiver.received.filter((r) => r.answered === 200 && !isPing(r)).map((r) => r.headers['webhook-id']));
    // An attempt the loaded machine let run past the 400 ms timeout is retried only when the
    // stopped clock passes its retry time: the clock is moved again while waiting.
    let nudgedAt = Date.now();
    await until(async () => {
      if (acceptedIds().size === expected) return true;
      if (Date.now() - nudgedAt > 3_000) {
        nudgedAt = Date.now();
        await call('POST', '/sandbox/clock', { advanceMs: 60 * 60 * 1000 });
      }
      return false;
    }, `${expected} events answered 200`);
    // The crash left nothing pending, and the history shows what happened (a ping sent again included).
    const webhooks = (await call('GET', '/api/v1/webhook')).webhooks;
    const statuses = async () => {
      const all: string[] = [];
      for (const webhook of webhooks)
        all.push(
          ...(await call('GET', `/api/v1/webhook/${encodeURIComponent(webhook.id)}/deliveries`)).deliveries.map(
            (d: any) => d.status,
          ),
        );
      return all;
    };
    await until(async () => {
      if ((await statuses()).every((status) => status === 'DELIVERED')) return true;
      await call('POST', '/sandbox/clock', { advanceMs: 60 * 60 * 1000 });
      return false;
    }, 'every delivery DELIVERED');
    expect(await statuses()).toHaveLength(expected + pings);
    expect(receiver.received.length).toBeGreaterThan(sentBeforeKill);

    const { public_keys } = (await (await fetch(`${remote.url}/api/v1/webhook/public-keys`)).json()) as {
      public_keys: { key: string; is_current: boolean }[];
    };
    const pem = public_keys.find((k) => k.is_current)!.key;
    const idOfBody = new Map<string, string>();
    for (const request of receiver.received) {
      const body = JSON.parse(request.body);
      expect(
        createVerify('sha256')
          .update(request.body)
          .verify(pem, request.headers['x-webhook-signature'] as string, 'base64'),
      ).toBe(true);
      expect(
        new Webhook(secrets.get(body.event)!).verify(request.body, {
          'webhook-id': request.headers['webhook-id'] as string,
          'webhook-timestamp': request.headers['webhook-timestamp'] as string,
          'webhook-signature': request.headers['webhook-signature'] as string,
        }),
      ).toEqual(body);
      expect(request.headers.authorization).toBe('loja');
      if (isPing(request)) continue;
      // A copy of an event (a retry, or a resend after the crash) carries the same id and bytes.
      const id = request.headers['webhook-id'] as string;
      const key = `${body.event} ${body.charge.correlationID}`;
      if (idOfBody.has(key)) expect(idOfBody.get(key)).toBe(id);
      idOfBody.set(key, id);
    }
    expect(idOfBody.size).toBe(expected);

    // Per charge: no event was sent before the previous one of the same charge had been accepted.
    for (const correlationID of charges) {
      const mine = receiver.received
        .map((r, index) => ({ r, index }))
        .filter(({ r }) => !isPing(r))
        .map(({ r, index }) => ({
          index,
          answered: r.answered,
          event: JSON.parse(r.body).event as string,
          correlationID: JSON.parse(r.body).charge.correlationID,
        }))
        .filter((r) => r.correlationID === correlationID);
      const order = [...new Set(mine.map((r) => r.event))];
      const paid = Number(correlationID.split('-')[1]) % 2 === 0;
      expect(order, correlationID).toEqual(paid ? [...EVENTS] : ['OPENPIX:CHARGE_CREATED']);
      for (let step = 1; step < order.length; step++) {
        const firstOfNext = mine.find((r) => r.event === order[step])!.index;
        const acceptedPrevious = mine.find((r) => r.event === order[step - 1] && r.answered === 200);
        expect(acceptedPrevious, `${correlationID}: ${order[step - 1]} accepted`).toBeDefined();
        expect(acceptedPrevious!.index, `${correlationID}: ${order[step]} waited for ${order[step - 1]}`).toBeLessThan(
          firstOfNext,
        );
      }
    }

    const paidTransactions = (await call('GET', '/api/v1/transaction?hasWebhook=true')).transactions;
    expect(paidTransactions).toHaveLength(CHARGES / 2);
    for (const transaction of paidTransactions) {
      expect(transaction.webhookSent.at(-1)).toMatchObject({ isRetry: expect.any(Boolean) });
      expect(transaction.webhookSent.some((w: any) => w['OPENPIX:TRANSACTION_RECEIVED']?.status === 200)).toBe(true);
    }
  }, 120_000);
});
