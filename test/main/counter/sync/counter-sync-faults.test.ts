// The counter's sync against a real service over HTTP (the sandbox, listening on 127.0.0.1), with
// the fault proxy between them: every way a call can fail, and what the counter makes of it.
// The remote is strict (`createSandboxService({ strict: true })`, docs/sandbox.md "--strict"): the counter
// meets only what the real service documents (Portuguese errors, answers cut to the published
// schemas, no /openpix/testing/pay). What the tests do to the remote themselves goes as the real
// world would: payments through its Pix network, another till's refund through the documented
// API; the auditor's reads (what the service really holds) take the engine's truth in process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '#shared/counter/counter-api';
import type { Charge, ChargeRefund } from '#shared/service/resources';
import { createSandboxService, type SandboxService } from '#service/index';
import { openCounterSync, type TestCounter } from '#test/support/counter-sync';
import type { CounterSyncOptions } from '#counter/composition-root';
import { HttpServiceClient } from '#counter/sync/remote/http-service-client';
import { startFaultProxy, type Fault, type FaultPlan, type FaultProxy } from '#test/support/fault-proxy';
import { payBrCode, remoteCall, type RemoteEndpoint } from '#test/support/remote-api';
import { until } from '#test/support/wait';

let remote: SandboxService;
let remoteUrl: string;
/** The remote itself, not through the proxy: what a payer's bank and another till reach. */
let endpoint: RemoteEndpoint;
let proxy: FaultProxy;
let dir: string;
let counter: TestCounter;
const pushed: Sale[] = [];

/**
 * How long the counter waits for an answer. Counter, proxy and service share this test's event
 * loop, so on a busy machine a round trip can take far longer than on the network it stands for;
 * a timeout that fires then turns a known outcome (a refusal, a 429) into an unknown one, and the
 * counter rightly looks up and sends again, which is not the case a test set up. The faults that
 * mean to outlast it (`delay`) are longer.
 */
const REQUEST_TIMEOUT_MS = 2_000;
/** How long createSale and refundSale wait for the service's first answer (the counter's own default is 2.5 s). */
const FIRST_ANSWER_WAIT_MS = 2_000;

function openCounter(overrides: Partial<CounterSyncOptions> = {}): TestCounter {
  const sync = openCounterSync({
    dbPath: join(dir, 'counter.db'),
    firstAnswerWaitMs: FIRST_ANSWER_WAIT_MS,
    watchIntervalMs: 100,
    openIntervalMs: 200,
    healthIntervalMs: 100,
    retry: { initialDelayMs: 20, maxDelayMs: 200 },
    onSaleChanged: (sale) => pushed.push(sale),
    ...overrides,
  });
  sync.setService(new HttpServiceClient({ baseUrl: proxy.url, appId: remote.appId, timeoutMs: REQUEST_TIMEOUT_MS }));
  return sync;
}

beforeEach(async () => {
  remote = createSandboxService({ dbPath: ':memory:', config: { refundSettlementMs: 50 }, strict: true });
  remoteUrl = await remote.listen(0);
  endpoint = { url: remoteUrl, appId: remote.appId, pixNetworkUrl: remote.pixNetworkUrl };
  proxy = await startFaultProxy(remoteUrl);
  dir = mkdtempSync(join(tmpdir(), 'balcao-sync-'));
  pushed.length = 0;
  counter = openCounter();
});

afterEach(async () => {
  await counter.close();
  await proxy.close();
  await remote.close();
  rmSync(dir, { recursive: true, force: true });
});

// The auditor's view: what the service really holds, read from the engine in process (the
// counter never reads this way; it sees only the strict answers, through the proxy).
async function remoteCharges(): Promise<Charge[]> {
  return (await remote.engine.call(remote.appId, 'listCharges', { query: { limit: '100' } })).charges;
}

async function remoteRefunds(correlationID: string): Promise<ChargeRefund[]> {
  return (await remote.engine.call(remote.appId, 'listChargeRefunds', { params: { id: correlationID } })).refunds;
}

const newSale = (value: number) => ({ value, expiresIn: 900 });

/**
 * A sale the service has answered for: its QR on screen, as the customer scans it. The counter
 * answers createSale within `firstAnswerWaitMs` whatever the service did by then, so on a busy
 * machine a sale may come back PENDING, and its QR a moment later: the cashier waits for it.
 */
async function activeSale(value: number): Promise<Sale> {
  const sale = await counter.sales.createSale(newSale(value));
  return until(() => {
    const view = counter.views.getSale(sale.correlationID);
    return view.status === 'ACTIVE' && view.brCode ? view : undefined;
  }, 'the QR on screen');
}

/** A customer pays the sale's BR Code from their bank: through the strict remote's Pix network. */
async function pay(brCode: string | undefined): Promise<void> {
  expect(brCode).toMatch(/^000201/);
  const reply = await payBrCode(endpoint, brCode!);
  expect(reply.status).toBe(200);
}

/** Another till of the shop refunds at the service itself, through the documented API. */
async function refundElsewhere(chargeId: string, correlationID: string, value: number): Promise<void> {
  const reply = await remoteCall(endpoint, `/api/v1/charge/${encodeURIComponent(chargeId)}/refund`, {
    method: 'POST',
    body: { correlationID, value },
  });
  expect(reply.status).toBe(200);
}

/** The faults, in order, for the requests that match; every other request (pulls, health) passes. */
function faultsFor(match: (method: string, path: string) => boolean, faults: readonly Fault[]): FaultPlan {
  let index = 0;
  return (request) => (match(request.method, request.path) ? (faults[index++] ?? { kind: 'pass' }) : { kind: 'pass' });
}
const creates = (faults: readonly Fault[]) =>
  faultsFor((method, path) => method === 'POST' && path.startsWith('/api/v1/charge?'), faults);
const refundPosts = (faults: readonly Fault[]) =>
  faultsFor((method, path) => method === 'POST' && path.endsWith('/refund'), faults);

describe('a create', () => {
  it('whose answer is lost after the service committed is sent again with its key: one charge, the sale ACTIVE', async () => {
    proxy.setPlan(creates([{ kind: 'drop-after' }]));
    const sale = await counter.sales.createSale(newSale(1234));
    // The first answer never came: the cashier sees "conectando…", the command stays queued.
    expect(sale.status).toBe('PENDING');
    await counter.probe.drained();
    expect(counter.views.getSale(sale.correlationID)).toMatchObject({
      status: 'ACTIVE',
      brCode: expect.stringMatching(/^000201/),
    });
    const charges = (await remoteCharges()).filter((charge) => charge.correlationID === sale.correlationID);
    expect(charges).toHaveLength(1);
    // The same body, with return_existing, both times.
    const sent = proxy
      .log()
      .filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/charge?return_existing=true'));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((entry) => entry.body)).size).toBe(1);
    // The screen heard of it without asking.
    expect(pushed.some((view) => view.correlationID === sale.correlationID && view.status === 'ACTIVE')).toBe(true);
  });

  it.each([
    ['dropped before it reached the service', { kind: 'drop-before' } as const],
    ['held past the timeout', { kind: 'delay', ms: REQUEST_TIMEOUT_MS + 500 } as const],
    ['answered 500', { kind: 'status', status: 500 } as const],
    ['cut mid-body', { kind: 'reset-mid-body' } as const],
  ])('%s ends as exactly one charge', async (_name, fault) => {
    proxy.setPlan(creates([fault, fault]));
    const sale = await counter.sales.createSale(newSale(990));
    await counter.probe.drained();
    expect(counter.views.getSale(sale.correlationID).status).toBe('ACTIVE');
    expect((await remoteCharges()).filter((charge) => charge.correlationID === sale.correlationID)).toHaveLength(1);
  });

  it('answered 429 waits at least as long as Retry-After says', async () => {
    proxy.setPlan(creates([{ kind: 'status', status: 429, retryAfterSeconds: 1 }]));
    const started = Date.now();
    const sale = await counter.sales.createSale(newSale(500));
    expect(sale.status).toBe('PENDING');
    await counter.probe.drained();
    const sent = proxy.log().filter((entry) => entry.method === 'POST');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.startedAt - sent[0]!.startedAt).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

describe('offline', () => {
  it('keeps selling into the queue, says offline within seconds, and sends everything once back', async () => {
    await proxy.cut('refuse');
    const first = await counter.sales.createSale(newSale(100));
    const second = await counter.sales.createSale(newSale(200));
    expect([first.status, second.status]).toEqual(['PENDING', 'PENDING']);
    expect(counter.status()).toMatchObject({ online: false, queued: 2, offlineSince: expect.any(String) });
    expect(await remoteCharges()).toEqual([]);

    await proxy.restore();
    await until(() => counter.status().online, 'online again');
    await counter.probe.drained();
    expect((await remoteCharges()).map((charge) => charge.correlationID).sort()).toEqual(
      [first.correlationID, second.correlationID].sort(),
    );
    expect(counter.views.getSale(first.correlationID).status).toBe('ACTIVE');
  });

  it('learns of an outage from the health check with no sale in progress', async () => {
    await until(() => counter.status().online, 'online');
    await proxy.cut('reset');
    await until(() => !counter.status().online, 'offline noticed', 8_000);
    await proxy.restore();
    await until(() => counter.status().online, 'online noticed');
  });

  it('cancels a sale the service never heard of without ever sending it', async () => {
    // One attempt, then none for a minute: an attempt in flight may have reached the service (the
    // counter rightly deletes such a sale there), and on a busy machine the retries every 200 ms
    // are in flight a good part of the time. The first answer is waited for, however slow.
    await counter.close();
    counter = openCounter({ firstAnswerWaitMs: 30_000, retry: { initialDelayMs: 60_000, maxDelayMs: 60_000 } });
    await proxy.cut('refuse');
    const sale = await counter.sales.createSale(newSale(300));
    // The first attempt failed before sending (refused); the create is still queued.
    expect(sale.status).toBe('PENDING');
    expect(counter.status()).toMatchObject({ online: false, queued: 1 });
    // Only refused connections so far: the service cannot have it, so nothing is left to send.
    expect(counter.sales.cancelSale(sale.correlationID)).toMatchObject({ status: 'CANCELLED', sync: { queued: 0 } });
    expect(counter.status().queued).toBe(0);
    await proxy.restore();
    await until(() => counter.status().online, 'online');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(proxy.log().filter((entry) => entry.method !== 'GET')).toEqual([]);
    expect((await remoteCharges()).find((c) => c.correlationID === sale.correlationID)).toBeUndefined();
  });

  it('cancels a sale whose create may have reached the service by deleting it there', async () => {
    // The service commits the create; its answer is lost, then the network goes.
    proxy.setPlan(creates([{ kind: 'drop-after' }]));
    const sale = await counter.sales.createSale(newSale(301));
    await until(
      () => proxy.log().some((entry) => entry.method === 'POST' && entry.delivered === 'none'),
      'the lost answer',
    );
    await proxy.cut('refuse');
    expect((await remoteCharges()).find((c) => c.correlationID === sale.correlationID)?.status).toBe('ACTIVE');
    expect(counter.sales.cancelSale(sale.correlationID)).toMatchObject({ status: 'CANCELLED', sync: { queued: 2 } });
    await proxy.restore();
    await counter.probe.drained();
    // Created (return_existing gives it back), then deleted: never left payable.
    expect((await remoteCharges()).find((c) => c.correlationID === sale.correlationID)).toBeUndefined();
    expect(counter.views.getSale(sale.correlationID).status).toBe('CANCELLED');
  });

  it('cancels an ACTIVE sale at once and deletes its charge when the service is back', async () => {
    const sale = await activeSale(400);
    await proxy.cut('refuse');
    expect(counter.sales.cancelSale(sale.correlationID)).toMatchObject({ status: 'CANCELLED', sync: { queued: 1 } });
    expect((await remoteCharges()).find((c) => c.correlationID === sale.correlationID)?.status).toBe('ACTIVE');
    await proxy.restore();
    await counter.probe.drained();
    expect((await remoteCharges()).find((c) => c.correlationID === sale.correlationID)).toBeUndefined();
    expect(counter.views.getSale(sale.correlationID)).toMatchObject({ status: 'CANCELLED', sync: { queued: 0 } });
  });

  it('shows a sale paid at the service while the counter was offline as paid once back', async () => {
    const sale = await activeSale(1500);
    await proxy.cut('refuse');
    await pay(sale.brCode);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counter.views.getSale(sale.correlationID).status).toBe('ACTIVE');
    await proxy.restore();
    const paid = await until(
      () => pushed.find((view) => view.correlationID === sale.correlationID && view.status === 'COMPLETED'),
      'paid pushed',
    );
    expect(paid.status).toBe('COMPLETED');
    await until(() => counter.views.getSale(sale.correlationID).endToEndId, 'payment record');
  });
});

describe('a cancel that crossed a payment', () => {
  it('is refused by the service, and the sale ends as paid even when the read after the refusal fails', async () => {
    const sale = await activeSale(1331);
    await pay(sale.brCode);
    // The counter has not seen the payment; every read of this charge fails for a while (trial seed 9).
    let failedReads = 0;
    proxy.setPlan((request) => {
      if (
        request.method === 'GET' &&
        request.path.startsWith(`/api/v1/charge/${sale.correlationID}`) &&
        failedReads < 3
      ) {
        failedReads += 1;
        return { kind: 'status', status: 500 };
      }
      return { kind: 'pass' };
    });
    expect(counter.sales.cancelSale(sale.correlationID).status).toBe('CANCELLED');
    await counter.probe.drained();
    const paid = await until(() => {
      const view = counter.views.getSale(sale.correlationID);
      return view.status === 'COMPLETED' ? view : undefined;
    }, 'the payment shown');
    expect(paid.sync.rejected).toMatch(/já foi paga/);
    expect(failedReads).toBeGreaterThanOrEqual(1);
  });
});

describe('history', () => {
  it('reads a day of sales from the counter alone: no request to the service, offline too', async () => {
    const made: Sale[] = [];
    for (let i = 0; i < 30; i++) made.push(await counter.sales.createSale(newSale(100 + i)));
    await counter.probe.drained();
    // The service is gone; the day is still all there, read synchronously from the counter's store.
    await proxy.cut('refuse');
    const day = counter.views.salesBetween('2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z');
    expect(day.map((sale) => sale.correlationID).sort()).toEqual(made.map((sale) => sale.correlationID).sort());
    expect(day.every((sale) => sale.status === 'ACTIVE' && sale.brCode)).toBe(true);
  });
});

describe('a refund', () => {
  async function paidSale(value: number): Promise<Sale> {
    const sale = await activeSale(value);
    await pay(sale.brCode);
    counter.onScreen.watch(sale.correlationID);
    return until(() => {
      const view = counter.views.getSale(sale.correlationID);
      return view.status === 'COMPLETED' ? view : undefined;
    }, 'paid');
  }

  it('whose answer is lost is looked up by its correlationID before it is sent again, and applied once', async () => {
    const sale = await paidSale(2000);
    // The first copy never reaches the service; the second does, and its answer is lost.
    proxy.setPlan(refundPosts([{ kind: 'drop-before' }, { kind: 'drop-after' }]));
    const refunded = await counter.sales.refundSale(sale.correlationID, 500, 'Troca');
    expect(refunded.refunds[0]).toMatchObject({ status: 'QUEUED', value: 500 });
    expect(refunded.refundable).toBe(1500);
    await counter.probe.drained();
    const atRemote = await remoteRefunds(sale.correlationID);
    expect(atRemote).toHaveLength(1);
    expect(atRemote[0]).toMatchObject({ value: 500, correlationID: refunded.refunds[0]!.correlationID });
    const log = proxy.log().filter((entry) => entry.path.startsWith(`/api/v1/charge/${sale.correlationID}/refund`));
    const posts = log.filter((entry) => entry.method === 'POST');
    // Sent again with the same body only after the list said the service did not have it; the
    // lost answer of the second copy was found by the list, not sent a third time.
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((entry) => entry.body)).size).toBe(1);
    const [first, second] = posts.map((post) => log.indexOf(post));
    expect(log.slice(first! + 1, second).some((entry) => entry.method === 'GET')).toBe(true);
    expect(counter.views.getSale(sale.correlationID).refunds[0]).toMatchObject({
      status: expect.stringMatching(/IN_PROCESSING|CONFIRMED/),
    });
  });

  it('refused by the service is shown with its reason and does not count', async () => {
    const sale = await paidSale(1000);
    // Another till refunds it all at the service first: ours is then one too many.
    await refundElsewhere(sale.correlationID, 'outro-caixa-1', 1000);
    // The strict service refuses in Portuguese (a generic "Requisição inválida" for this 400, where
    // the permissive sandbox said "Refund value … exceeds …"): the cashier reads the counter's
    // sentence with the service's own words in it, whatever they are.
    const refusal = 'O serviço Pix recusou a devolução: Requisição inválida';
    // Answered within the counter's first-answer wait, the refusal is what refundSale throws; on a
    // busy machine the refund may be shown QUEUED first, and refused when the answer comes.
    const answered: Sale | Error = await counter.sales
      .refundSale(sale.correlationID, 600, 'Troca')
      .catch((error: Error) => error);
    if (answered instanceof Error)
      expect(answered).toMatchObject({ code: 'SERVICE_REFUSED', details: { reason: refusal }, message: refusal });
    else expect(answered.refunds.find((refund) => refund.value === 600)?.status).toBe('QUEUED');
    const view = await until(() => {
      const shown = counter.views.getSale(sale.correlationID);
      return shown.refunds.find((refund) => refund.value === 600)?.status === 'REJECTED' ? shown : undefined;
    }, 'the refusal shown');
    expect(view.refunds.find((refund) => refund.value === 600)).toMatchObject({
      status: 'REJECTED',
      rejectedReason: refusal,
    });
    expect(view.sync.queued).toBe(0);
  });
});

describe('refunds queued one behind another', () => {
  it("each answer goes to its own refund: a refusal of the first is not the second one's", async () => {
    const sale = await activeSale(1000);
    await pay(sale.brCode);
    counter.onScreen.watch(sale.correlationID);
    await until(() => counter.views.getSale(sale.correlationID).status === 'COMPLETED', 'paid');
    await proxy.cut('refuse');
    const first = await counter.sales.refundSale(sale.correlationID, 600, 'Primeira');
    expect(first.refunds.map((refund) => refund.status)).toEqual(['QUEUED']);
    // Meanwhile another till gives 700 back at the service: 600 more is then too much, 300 is not.
    await refundElsewhere(sale.correlationID, 'outro-caixa', 700);
    await proxy.restore();
    const second = await counter.sales.refundSale(sale.correlationID, 300, 'Segunda');
    await counter.probe.drained();
    const refunds = counter.views.getSale(sale.correlationID).refunds;
    expect(refunds.find((refund) => refund.comment === 'Primeira')).toMatchObject({ status: 'REJECTED' });
    expect(refunds.find((refund) => refund.comment === 'Segunda')?.status).toMatch(/IN_PROCESSING|CONFIRMED/);
    expect(second.refunds.find((refund) => refund.comment === 'Segunda')?.status).not.toBe('REJECTED');
  });
});

describe('the puller', () => {
  it('asks every second about the latest sales on screen only; older open ones are read by the list', async () => {
    const made: Sale[] = [];
    for (let i = 0; i < 10; i++) made.push(await counter.sales.createSale(newSale(100 + i)));
    proxy.clearLog();
    const askedAbout = () =>
      new Set(
        proxy
          .log()
          .filter((entry) => entry.method === 'GET' && /^\/api\/v1\/charge\/[^/?]+$/.test(entry.path))
          .map((entry) => decodeURIComponent(entry.path.split('/').pop()!)),
      );
    const listed = () =>
      proxy.log().some((entry) => entry.method === 'GET' && entry.path.startsWith('/api/v1/charge?'));
    // Until the latest sale was asked about and the list read (a pass or two of the puller, longer
    // on a busy machine); whatever passes ran by then asked about the latest four at most.
    await until(() => askedAbout().has(made[9]!.correlationID) && listed(), 'the latest sale asked about');
    expect(askedAbout().size).toBeLessThanOrEqual(4);
  });
});

describe('a refused AppID', () => {
  it('stops sending, says so, and keeps the commands', async () => {
    proxy.setPlan(() => ({ kind: 'status', status: 401 }));
    const sale = await counter.sales.createSale(newSale(100));
    expect(sale.status).toBe('PENDING');
    await until(() => counter.status().authRefused, 'auth refused');
    const sent = proxy.log().length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Only the light health check goes on; the create is not sent again and again.
    expect(proxy.log().filter((entry) => entry.method === 'POST').length).toBe(1);
    expect(proxy.log().length).toBeGreaterThanOrEqual(sent);
    expect(counter.status().queued).toBe(1);
    // The AppID is accepted again: sending resumes.
    proxy.setPlan();
    await until(() => !counter.status().authRefused, 'auth accepted');
    await counter.probe.drained();
    expect(counter.views.getSale(sale.correlationID).status).toBe('ACTIVE');
  });
});

describe('a restart', () => {
  it('resends what was queued before the counter stopped, with the same keys', async () => {
    await proxy.cut('refuse');
    const sale = await counter.sales.createSale(newSale(777));
    await counter.close();
    await proxy.restore();
    counter = openCounter();
    await counter.probe.drained();
    expect(counter.views.getSale(sale.correlationID).status).toBe('ACTIVE');
    expect((await remoteCharges()).filter((charge) => charge.correlationID === sale.correlationID)).toHaveLength(1);
  });
});
