// The counter against a STRICT remote (docs/sandbox.md "--strict": only what the real service documents,
// answers cut to the published schemas, errors in Portuguese, payments from the Pix network),
// with the fault proxy between them: the faults that only the contract's own rules bring out
// (issue 24, "Faults and races"). Paging by pageInfo through small pages in either order, a list
// that shifts while it is read, an optional read refused, the service's 429 held by every loop,
// the lookups after a lost answer, and the service's Portuguese words shown to the cashier.
//
// In process and fast: the remote and the proxy listen on 127.0.0.1 in this process; the counter
// talks to the proxy over HTTP. The auditor (what the service really holds) reads the engine in
// process; the counter only ever sees strict answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Sale, Settings } from '#shared/counter/counter-api';
import type { Charge, ChargeRefund } from '#shared/service/resources';
import type { Clock } from '#lib/clock';
import { counterReceiptData } from '#counter/app/counter-receipt';
import { createSandboxService, type SandboxService, type StrictSandboxOptions } from '#service/index';
import type { CounterSyncOptions } from '#counter/composition-root';
import { openCounterSync, type TestCounter } from '#test/support/counter-sync';
import { HttpServiceClient } from '#counter/sync/remote/http-service-client';
import type { ServiceClient } from '#counter/sync/remote/service-client';
import type { ServiceOutcome } from '#counter/sync/remote/service-outcome';
import { DEFAULT_OFFLINE_SALES } from '#counter/sync/offline/offline-caps';
import {
  startFaultProxy,
  type Fault,
  type FaultPlan,
  type FaultProxy,
  type ProxiedRequest,
  type ProxyLogEntry,
} from '#test/support/fault-proxy';
import { payBrCode, remoteCall, type RemoteEndpoint } from '#test/support/remote-api';
import { sleep, until } from '#test/support/wait';

let remote: SandboxService | undefined;
let endpoint: RemoteEndpoint;
let proxy: FaultProxy | undefined;
let dir: string | undefined;
let counter: TestCounter | undefined;
let consoleErrors: MockInstance<typeof console.error>;

/** One call the counter made to its service client: when it asked, and when it heard back. */
interface ClientCall {
  op: string;
  issuedAt: number;
  answeredAt?: number;
  outcome?: ServiceOutcome<unknown>;
}
/** Every call the counter made, in order (see `recording`). */
let calls: ClientCall[] = [];

/**
 * The counter's service client, with each call written down as the counter makes it: the exact
 * instant the counter heard an answer (the contract client acts on it in the same turn, before any
 * timer or socket can run), whatever the load makes of the proxy's timestamps.
 */
function recording(inner: ServiceClient): ServiceClient {
  return {
    serviceId: inner.serviceId,
    label: inner.label,
    async call(op, request) {
      const entry: ClientCall = { op, issuedAt: Date.now() };
      calls.push(entry);
      const outcome = await inner.call(op, request);
      entry.answeredAt = Date.now();
      entry.outcome = outcome;
      return outcome;
    },
  };
}

const MERCHANT = { merchantName: 'Padaria Pão Quente', merchantCity: 'Recife' };

interface Setup {
  /** The strict knobs (page size, list order); `true` by default. */
  strict?: true | StrictSandboxOptions;
  /** The remote's clock (the counter keeps the system's). */
  clock?: Clock;
  /** The counter's request timeout. */
  timeoutMs?: number;
  /** The proxy's plan from the counter's very first request. */
  plan?: FaultPlan;
  /** Offline selling on (the settings' caps and merchant). */
  offline?: boolean;
  counter?: Partial<CounterSyncOptions>;
}

/**
 * The counter's request timeout and its wait for a first answer. Counter, proxy and service share
 * this test's event loop: on a busy machine a round trip can take far longer than on the network it
 * stands for, and a timeout that fires then turns a known answer (a 429, a 403, a charge) into an
 * unknown one, a case the test did not set up. Hung requests (`hang`) cost this much each.
 */
const REQUEST_TIMEOUT_MS = 2_000;
const FIRST_ANSWER_WAIT_MS = 2_000;

/** A strict remote, the proxy in front of it, and a counter talking to the proxy. */
async function start(setup: Setup = {}): Promise<{ remote: SandboxService; proxy: FaultProxy; counter: TestCounter }> {
  const service = createSandboxService({
    dbPath: ':memory:',
    config: { refundSettlementMs: 50 },
    strict: setup.strict ?? true,
    clock: setup.clock,
  });
  remote = service;
  const url = await service.listen(0);
  endpoint = { url, appId: service.appId, pixNetworkUrl: service.pixNetworkUrl };
  const faults = await startFaultProxy(url);
  proxy = faults;
  if (setup.plan) faults.setPlan(setup.plan);
  dir = mkdtempSync(join(tmpdir(), 'balcao-contract-faults-'));
  const sync = openCounterSync({
    dbPath: join(dir, 'counter.db'),
    firstAnswerWaitMs: FIRST_ANSWER_WAIT_MS,
    watchIntervalMs: 100,
    openIntervalMs: 200,
    healthIntervalMs: 100,
    retry: { initialDelayMs: 20, maxDelayMs: 200 },
    ...(setup.offline ? { offlineSales: () => ({ caps: { ...DEFAULT_OFFLINE_SALES }, ...MERCHANT }) } : {}),
    ...setup.counter,
  });
  counter = sync;
  sync.setService(
    recording(
      new HttpServiceClient({
        baseUrl: faults.url,
        appId: service.appId,
        timeoutMs: setup.timeoutMs ?? REQUEST_TIMEOUT_MS,
      }),
    ),
  );
  return { remote: service, proxy: faults, counter: sync };
}

/** The puller's loops asleep: only what a test triggers (and the sender) reaches the service. */
const QUIET_PULLER: Partial<CounterSyncOptions> = { watchIntervalMs: 600_000, openIntervalMs: 600_000 };

beforeEach(() => {
  consoleErrors = vi.spyOn(console, 'error');
  calls = [];
});

afterEach(async () => {
  await counter?.close();
  await proxy?.close();
  await remote?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  counter = undefined;
  proxy = undefined;
  remote = undefined;
  dir = undefined;
  consoleErrors.mockRestore();
});

/** What the sync path said went wrong in itself (a pull that threw, a bug): nothing, ever. */
function syncErrors(): string[] {
  return consoleErrors.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.includes('[sync]'));
}

// --- The outside world, as the real one reaches the service -------------------------------------

/** A customer pays a BR Code from their bank: through the strict remote's Pix network. */
async function pay(brCode: string | undefined): Promise<void> {
  expect(brCode).toMatch(/^000201/);
  const reply = await payBrCode(endpoint, brCode!);
  expect(reply.status).toBe(200);
}

/** Another till of the shop (same account) makes a charge at the service itself. */
async function chargeElsewhere(correlationID: string, value: number, expiresIn = 900): Promise<Charge> {
  const reply = await remoteCall<{ charge: Charge }>(endpoint, '/api/v1/charge', {
    method: 'POST',
    body: { correlationID, value, expiresIn },
  });
  expect(reply.status).toBe(200);
  return reply.body.charge;
}

// --- The auditor: what the service really holds (the engine, in process) -------------------------

async function remoteCharge(correlationID: string): Promise<Charge | undefined> {
  const { charges } = await remote!.engine.call(remote!.appId, 'listCharges', { query: { limit: '100' } });
  return charges.find((charge) => charge.correlationID === correlationID);
}

async function remoteRefunds(correlationID: string): Promise<ChargeRefund[]> {
  return (await remote!.engine.call(remote!.appId, 'listChargeRefunds', { params: { id: correlationID } })).refunds;
}

// --- Reading the proxy's log ----------------------------------------------------------------------

const isList = (entry: { method: string; path: string }, status: string) =>
  entry.method === 'GET' &&
  entry.path.startsWith('/api/v1/charge?') &&
  new URLSearchParams(entry.path.split('?')[1]).get('status') === status;
const skipOf = (entry: { path: string }) => Number(new URLSearchParams(entry.path.split('?')[1]).get('skip') ?? '0');
const isGetCharge = (entry: { method: string; path: string }) =>
  entry.method === 'GET' && /^\/api\/v1\/charge\/[^/?]+$/.test(entry.path);
const idOfGetCharge = (entry: { path: string }) => decodeURIComponent(entry.path.split('/').pop()!);

function statusOf(sale: Sale): string {
  return counter!.views.getSale(sale.correlationID).status;
}

/**
 * A sale paid at the service through the documented simulator (GET /openpix/testing?transactionID=),
 * as the counter's training button does. createSale answers within the first-answer wait whatever
 * the service did by then, so on a busy machine the sale may come back PENDING and its QR a moment
 * later: the cashier waits for the QR before the customer can pay.
 */
async function paidSale(value: number): Promise<Sale> {
  const created = await counter!.sales.createSale({ value, expiresIn: 900 });
  const sale = await until(() => {
    const view = counter!.views.getSale(created.correlationID);
    return view.status === 'ACTIVE' ? view : undefined;
  }, 'the QR on screen');
  const paid = await counter!.sandbox.pay(sale.correlationID);
  expect(paid.status).toBe('COMPLETED');
  return paid;
}

describe('the remote', () => {
  it('is strict: our own test routes are not there, errors are Portuguese', async () => {
    await start();
    const sale = await counter!.sales.createSale({ value: 100, expiresIn: 900 });
    const ours = await remoteCall(endpoint, '/openpix/testing/pay', { method: 'POST', body: { brCode: sale.brCode } });
    expect(ours.status).toBe(404);
    const missing = await remoteCall(endpoint, '/api/v1/charge/nao-existe');
    expect(missing).toMatchObject({ status: 400, body: { error: 'Cobrança não encontrada' } });
  });
});

describe('paging by pageInfo', () => {
  it('pages of 3, oldest first: ten sales paid or expired at the service while the counter watches only the latest all end right', async () => {
    // The remote's time can jump ahead (charges of 300 s then expire there); the counter's cannot.
    let remoteAheadMs = 0;
    await start({
      strict: { pageSize: 3, listOrder: 'oldest-first' },
      clock: { now: () => new Date(Date.now() + remoteAheadMs) },
    });
    // Another till of the shop sold on the same account just before: oldest first, its charges
    // fill the first page of each list, so a counter that stopped at one page would see none of its own.
    for (let i = 0; i < 6; i++) {
      const charge = await chargeElsewhere(`outro-caixa-${i}`, 500 + i, i % 2 === 0 ? 300 : 3_600);
      if (i % 2 === 1) await pay(charge.brCode);
    }
    const made: Sale[] = [];
    // Even ones will expire, odd ones are paid.
    for (let i = 0; i < 10; i++)
      made.push(await counter!.sales.createSale({ value: 100 + i, expiresIn: i % 2 === 0 ? 300 : 3_600 }));
    expect(made.map((sale) => sale.status)).toEqual(Array(10).fill('ACTIVE'));
    // From the first read of the latest sale on, the puller asks one by one only about the latest
    // four (the passes before it began while older ones were still the latest).
    const watchedFrom = await until(
      () => proxy!.log().find((entry) => isGetCharge(entry) && idOfGetCharge(entry) === made[9]!.correlationID)?.seq,
      'the latest sale watched',
    );
    for (const [i, sale] of made.entries()) if (i % 2 === 1) await pay(sale.brCode);
    remoteAheadMs = 10 * 60_000;

    const expected = (i: number) => (i % 2 === 1 ? 'COMPLETED' : 'EXPIRED');
    await until(
      () => made.every((sale, i) => statusOf(sale) === expected(i)),
      'every sale paid or expired at the counter',
      15_000,
    );
    // Each paid one has its payment record (read by the charge filter of the transaction list).
    await until(
      () => made.every((sale, i) => i % 2 === 0 || counter!.views.getSale(sale.correlationID).endToEndId),
      'the payment records',
      10_000,
    );

    const log = proxy!.log();
    // The six older ones were never read one by one after their payment or expiry: the lists told.
    const readOneByOne = new Set(
      log.filter((entry) => entry.seq > watchedFrom && isGetCharge(entry)).map(idOfGetCharge),
    );
    const latest = new Set(made.slice(6).map((sale) => sale.correlationID));
    expect([...readOneByOne].filter((id) => !latest.has(id))).toEqual([]);
    // ...which were read page after page (8 paid and 8 expired charges in the window, 3 a page).
    for (const status of ['COMPLETED', 'EXPIRED']) {
      const skips = new Set(log.filter((entry) => isList(entry, status)).map(skipOf));
      expect(skips.size, `pages of the ${status} list`).toBeGreaterThanOrEqual(3);
    }
    // Nothing of the other till's became a sale here, and nothing twice.
    const day = counter!.views.salesBetween('2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z');
    expect(day.map((sale) => sale.correlationID).sort()).toEqual(made.map((sale) => sale.correlationID).sort());
    const payments = made
      .filter((_, i) => i % 2 === 1)
      .map((sale) => counter!.views.getSale(sale.correlationID).endToEndId);
    expect(new Set(payments).size).toBe(5);
    expect(syncErrors()).toEqual([]);
  });

  it('a page that shifts mid-read (page 2 held while a Pix lands): no throw, no duplicate, nothing missed', async () => {
    // Newest first, two a page. A long client timeout: the held page is answered, not timed out
    // (it is held while two payments go through, which a busy machine may take seconds over).
    await start({ strict: { pageSize: 2 }, timeoutMs: 15_000 });
    const made: Sale[] = [];
    for (let i = 0; i < 8; i++) made.push(await counter!.sales.createSale({ value: 200 + i, expiresIn: 900 }));
    // The latest four are watched one by one; the four older ones are followed by the lists.
    const others = [await chargeElsewhere('outro-caixa-a', 900), await chargeElsewhere('outro-caixa-b', 901)];
    for (const sale of [made[0]!, made[1]!, made[3]!]) await pay(sale.brCode);
    await pay(others[0]!.brCode);
    // Paid, newest first: outro-caixa-a, #3, #1, #0: two pages and more.
    await until(() => [0, 1, 3].every((i) => statusOf(made[i]!) === 'COMPLETED'), 'the first payments seen');

    // The next read of the paid list: its second page is held at the proxy...
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let heldSeq: number | undefined;
    proxy!.setPlan((request: ProxiedRequest): Fault => {
      if (heldSeq === undefined && isList(request, 'COMPLETED') && skipOf(request) === 1) {
        heldSeq = request.seq;
        return { kind: 'hold', release: released };
      }
      return { kind: 'pass' };
    });
    await until(() => heldSeq !== undefined, 'the second page asked for');
    // ...while the service takes two Pix: the other till's newer charge (on top of the newest-first
    // list, every page below moves down one) and an older sale of ours (in the middle).
    await pay(others[1]!.brCode);
    await pay(made[2]!.brCode);
    release();

    await until(() => [0, 1, 2, 3].every((i) => statusOf(made[i]!) === 'COMPLETED'), 'every paid sale shown as paid');
    await until(
      () => [0, 1, 2, 3].every((i) => counter!.views.getSale(made[i]!.correlationID).endToEndId),
      'their payment records',
    );
    const log = proxy!.log();
    const held = log.find((entry) => entry.seq === heldSeq)!;
    expect(held).toMatchObject({ delivered: 'full', upstreamStatus: 200 });
    // The read went on after the held page, past it, on the list as it now was.
    expect(log.some((entry) => entry.seq > heldSeq! && isList(entry, 'COMPLETED') && skipOf(entry) >= 2)).toBe(true);
    // The unpaid are still open; every sale is there once, each payment its own.
    expect(made.slice(4).map(statusOf)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE']);
    const day = counter!.views.salesBetween('2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z');
    expect(day).toHaveLength(8);
    const payments = [0, 1, 2, 3].map((i) => counter!.views.getSale(made[i]!.correlationID).endToEndId);
    expect(new Set(payments).size).toBe(4);
    expect(syncErrors()).toEqual([]);
  });
});

describe('an optional read refused', () => {
  it('403 on the Pix keys and the company: selling goes on, never "refused"; offline selling says why; receipts use the settings', async () => {
    const optional = (request: ProxiedRequest) =>
      request.method === 'GET' &&
      (request.path.startsWith('/api/v1/pix-keys') || request.path.startsWith('/api/v1/company'));
    // The real service's words for a 403 (strict-errors.ts), on those two reads only, from the first request on.
    await start({
      plan: (request) =>
        optional(request) ? { kind: 'status', status: 403, error: 'Acesso não permitido' } : { kind: 'pass' },
      offline: true,
      // The keys are asked again every 200 ms (the reconciler's turn): refused again and again.
      counter: { reconcileIntervalMs: 200, keyCheckIntervalMs: 200 },
    });
    const samples: { authRefused?: string; online: boolean }[] = [];
    const sampler = setInterval(() => {
      const { authRefused, online } = counter!.status();
      samples.push({ authRefused, online });
    }, 50);
    const made: { sale: Sale; askedAt: number }[] = [];
    try {
      const startedAt = Date.now();
      // Two seconds, five sales and 25 samples at least (a busy machine runs the sampler late).
      while (Date.now() - startedAt < 2_000 || samples.length < 25 || made.length < 5) {
        const askedAt = Date.now();
        made.push({ sale: await counter!.sales.createSale({ value: 300 + made.length, expiresIn: 900 }), askedAt });
        await sleep(200);
      }
    } finally {
      clearInterval(sampler);
    }
    // Sampled all along: never refused, never offline.
    expect(samples.length).toBeGreaterThanOrEqual(25);
    expect(samples.filter((sample) => sample.authRefused !== undefined)).toEqual([]);
    expect(samples.every((sample) => sample.online)).toBe(true);
    // Every create went out at once and was answered: selling went on.
    expect(made.length).toBeGreaterThanOrEqual(5);
    expect(made.map(({ sale }) => sale.status)).toEqual(made.map(() => 'ACTIVE'));
    const log = proxy!.log();
    const creates = log.filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/charge?'));
    expect(creates).toHaveLength(made.length);
    for (const [i, create] of creates.entries()) {
      expect(create.upstreamStatus).toBe(200);
      expect(create.startedAt - made[i]!.askedAt).toBeLessThan(1_000);
    }
    // The optional reads were asked, and refused, during the run (the keys again and again).
    expect(
      log.filter((entry) => entry.path.startsWith('/api/v1/pix-keys') && entry.fault.kind === 'status').length,
    ).toBeGreaterThanOrEqual(3);
    expect(log.some((entry) => entry.path.startsWith('/api/v1/company') && entry.fault.kind === 'status')).toBe(true);

    // Offline selling alone is taken away, and says why.
    const offline = counter!.status().offline;
    expect(offline.confirmedKey).toBeUndefined();
    expect(offline.unavailable).toEqual({ reason: 'keysRefused', serviceError: 'Acesso não permitido' });

    // A receipt: the company is not known, so the shop is printed as the settings say.
    const sale = made.at(-1)!.sale;
    await pay(sale.brCode);
    const paid = await until(() => {
      const current = counter!.views.getSale(sale.correlationID);
      return current.endToEndId ? current : undefined;
    }, 'the payment record');
    expect(await counter!.company()).toBeNull();
    const settings: Settings = {
      mode: 'remote-sandbox',
      hasAppId: true,
      appIdStorage: 'memory',
      ...MERCHANT,
      receiptHeader: { lines: [] },
      receiptLayout: 'thermal80',
      locale: 'pt-BR',
      customerDisplay: false,
      fixedQr: false,
      offlineSales: { ...DEFAULT_OFFLINE_SALES },
      confirmAbove: 100_000,
    };
    const request = {
      correlationID: sale.correlationID,
      kind: 'pix-in' as const,
      endToEndId: paid.endToEndId!,
      layout: 'thermal80' as const,
    };
    const receipt = counterReceiptData(request, counter!.views.saleRecords(sale.correlationID), {
      company: null,
      settings,
      environment: 'SANDBOX',
    });
    expect(receipt).toMatchObject({
      header: { title: MERCHANT.merchantName, lines: [] },
      receiver: { name: MERCHANT.merchantName },
    });
    expect(receipt.receiver).not.toHaveProperty('taxID');
    // (With the company read, its name and CNPJ would be printed instead.)
    const { company } = await remote!.engine.call(remote!.appId, 'getCompany');
    const withCompany = counterReceiptData(request, counter!.views.saleRecords(sale.correlationID), {
      company,
      settings,
      environment: 'SANDBOX',
    });
    expect(withCompany.receiver.name).not.toBe(MERCHANT.merchantName);

    // And offline, a sale is refused with that reason (no key could be confirmed).
    await proxy!.cut('refuse');
    await until(() => !counter!.status().online, 'offline noticed');
    await expect(counter!.sales.createSale({ value: 100, expiresIn: 900 })).rejects.toMatchObject({
      code: 'OFFLINE_SALE_REFUSED',
      details: { refusal: { reason: 'keysRefused', serviceError: 'Acesso não permitido' } },
    });
    await proxy!.restore();
    expect(syncErrors()).toEqual([]);
  });
});

describe("the service's 429 with Retry-After", () => {
  /** Every loop busy: four sales watched one by one, two more followed by the lists. */
  async function busyCounter(): Promise<Sale[]> {
    const made: Sale[] = [];
    for (let i = 0; i < 6; i++) made.push(await counter!.sales.createSale({ value: 700 + i, expiresIn: 900 }));
    await until(() => proxy!.log().some((entry) => isList(entry, 'COMPLETED')), 'the lists running');
    return made;
  }

  /** The first request `match` accepts is answered 429 Retry-After: 1; returns its log entry once answered. */
  function answer429(match: (request: ProxiedRequest) => boolean): () => ProxyLogEntry | undefined {
    let seq: number | undefined;
    proxy!.setPlan((request) => {
      if (seq === undefined && match(request)) {
        seq = request.seq;
        return { kind: 'status', status: 429, retryAfterSeconds: 1 };
      }
      return { kind: 'pass' };
    });
    return () => proxy!.log().find((entry) => entry.seq === seq && entry.endedAt !== undefined);
  }

  /**
   * After the 429, nothing of any loop for the second it asked; then the counter asks again.
   * Timed from the instant the counter heard the 429 (its client's record): under load the proxy
   * may read a request the counter sent just before that a good while later.
   */
  async function expectHeldForOneSecond(answered: () => ProxyLogEntry | undefined): Promise<ProxyLogEntry> {
    const hit = await until(answered, 'the 429 answered');
    const heard = await until(
      () =>
        calls.find(
          (call) => call.outcome?.kind === 'server' && call.outcome.status === 429 && call.answeredAt !== undefined,
        ),
      'the counter heard the 429',
    );
    const at = heard.answeredAt!;
    await until(
      () =>
        calls.some((call) => call.issuedAt >= at + 1_000) &&
        proxy!.log().some((entry) => entry.startedAt >= at + 1_000),
      'asking again after the wait',
      5_000,
    );
    // The counter, exactly: no call of any loop during the second asked for. (A call made in the
    // very millisecond it heard the 429 was made before the answer was acted on: the hold, once
    // set, lets none through to the client.)
    const during = calls.filter((call) => call !== heard && call.issuedAt > at && call.issuedAt < at + 1_000);
    expect(during.map((call) => `${call.op} +${call.issuedAt - at} ms`)).toEqual([]);
    // The proxy (the remote's door): after the 429 went out, only what was already on its way
    // when the counter heard it came in before the second was over: calls made before the counter
    // heard it and not answered before the 429 went out (one may be asked and answered while the
    // 429's own answer is still being read).
    const onTheirWay = calls.filter(
      (call) =>
        call !== heard && call.issuedAt <= at && (call.answeredAt === undefined || call.answeredAt > hit.endedAt!),
    );
    const arrived = proxy!
      .log()
      .filter((entry) => entry.seq !== hit.seq && entry.startedAt > hit.endedAt! && entry.startedAt < at + 1_000);
    expect(
      arrived.length,
      arrived.map((entry) => `${entry.method} ${entry.path} +${entry.startedAt - hit.endedAt!} ms`).join('\n'),
    ).toBeLessThanOrEqual(onTheirWay.length);
    return hit;
  }

  it.each([
    [
      'a list of the open sales (listCharges)',
      (request: ProxiedRequest) => isList(request, 'COMPLETED') || isList(request, 'EXPIRED'),
    ],
    ['a read of a sale on screen (getCharge)', isGetCharge],
  ])('on %s holds every loop', async (_name, match) => {
    await start();
    const made = await busyCounter();
    await expectHeldForOneSecond(answer429(match));
    // Everything goes on after: the sales are still followed, paid ones shown.
    await pay(made[0]!.brCode);
    await pay(made[5]!.brCode);
    await until(
      () => statusOf(made[0]!) === 'COMPLETED' && statusOf(made[5]!) === 'COMPLETED',
      'payments seen after the wait',
    );
    expect(syncErrors()).toEqual([]);
  });

  it('on the health check (an idle counter) holds every loop', async () => {
    await start();
    // The health check: the latest charge, one (GET /api/v1/charge?start=&end=&limit=1).
    const isHealth = (request: ProxiedRequest) => {
      if (request.method !== 'GET' || !request.path.startsWith('/api/v1/charge?')) return false;
      const query = new URLSearchParams(request.path.split('?')[1]);
      return query.get('limit') === '1' && !query.has('status');
    };
    await expectHeldForOneSecond(answer429(isHealth));
    expect(counter!.status()).toMatchObject({ online: true });
    expect(counter!.status().authRefused).toBeUndefined();
  });

  it('on a create (a write) holds every loop, then the create goes', async () => {
    await start();
    await busyCounter();
    const answered = answer429((request) => request.method === 'POST' && request.path.startsWith('/api/v1/charge?'));
    const sale = await counter!.sales.createSale({ value: 999, expiresIn: 900 });
    expect(sale.status).toBe('PENDING');
    const hit = await expectHeldForOneSecond(answered);
    await counter!.probe.drained();
    expect(statusOf(sale)).toBe('ACTIVE');
    const creates = proxy!
      .log()
      .filter((entry) => entry.seq >= hit.seq && entry.method === 'POST' && entry.path.startsWith('/api/v1/charge?'));
    expect(creates).toHaveLength(2);
    expect(creates[1]!.startedAt - hit.endedAt!).toBeGreaterThanOrEqual(990);
    expect((await remoteCharge(sale.correlationID))?.status).toBe('ACTIVE');
  });

  it('on a refund (a write) holds every loop, then the refund goes, once', async () => {
    await start();
    const sale = await paidSale(2_000);
    await busyCounter();
    const answered = answer429((request) => request.method === 'POST' && request.path.endsWith('/refund'));
    const refunded = await counter!.sales.refundSale(sale.correlationID, 500, 'Troca');
    expect(refunded.refunds[0]).toMatchObject({ status: 'QUEUED' });
    await expectHeldForOneSecond(answered);
    await counter!.probe.drained();
    expect(await remoteRefunds(sale.correlationID)).toHaveLength(1);
    expect(counter!.views.getSale(sale.correlationID).refunds).toEqual([
      expect.objectContaining({ value: 500, status: expect.stringMatching(/IN_PROCESSING|CONFIRMED/) }),
    ]);
  });
});

describe('the lookups after a lost answer', () => {
  const lookupFaults: readonly Fault[] = [{ kind: 'drop-before' }, { kind: 'drop-after' }, { kind: 'hang' }];

  it.each<[string, Fault, number]>([
    ['lost after the service committed it', { kind: 'drop-after' }, 1],
    ['held forever after the service committed it', { kind: 'hang', forward: true }, 1],
    ['lost before it reached the service', { kind: 'drop-before' }, 2],
    ['lost on the way, never heard of', { kind: 'hang' }, 2],
  ])(
    'a refund %s is looked up (through lost, dropped and hung lookups) and applied once',
    async (_name, postFault, posts) => {
      await start({ counter: QUIET_PULLER });
      const sale = await paidSale(2_000);
      const refundList = `/api/v1/charge/${encodeURIComponent(sale.correlationID)}/refund`;
      let postSeen = false;
      let lookups = 0;
      proxy!.setPlan((request) => {
        if (request.method === 'POST' && request.path === refundList) {
          if (postSeen) return { kind: 'pass' };
          postSeen = true;
          return postFault;
        }
        // The lookup after it (GET /api/v1/charge/{id}/refund) meets every fault in turn.
        if (postSeen && request.method === 'GET' && request.path.split('?')[0] === refundList)
          return lookupFaults[lookups++] ?? { kind: 'pass' };
        return { kind: 'pass' };
      });
      const refunded = await counter!.sales.refundSale(sale.correlationID, 500, 'Troca');
      expect(refunded.refunds[0]).toMatchObject({ status: 'QUEUED', value: 500 });
      await counter!.probe.drained();

      // Once at the service, once at the counter.
      const atRemote = await remoteRefunds(sale.correlationID);
      expect(atRemote).toHaveLength(1);
      expect(atRemote[0]).toMatchObject({ value: 500, correlationID: refunded.refunds[0]!.correlationID });
      const view = counter!.views.getSale(sale.correlationID);
      expect(view.refunds).toEqual([
        expect.objectContaining({ value: 500, status: expect.stringMatching(/IN_PROCESSING|CONFIRMED/) }),
      ]);
      expect(view.refundable).toBe(1_500);
      expect(view.sync).toMatchObject({ queued: 0 });
      expect(view.sync.rejected).toBeUndefined();

      const log = proxy!.log().filter((entry) => entry.path.split('?')[0] === refundList);
      const firstPost = log.findIndex((entry) => entry.method === 'POST');
      const after = log.slice(firstPost + 1);
      // The lookups met the three faults, in order, before one was answered.
      const lookupsAfter = after.filter((entry) => entry.method === 'GET');
      expect(lookupsAfter.slice(0, 3).map((entry) => entry.fault.kind)).toEqual(['drop-before', 'drop-after', 'hang']);
      expect(lookupsAfter.some((entry) => entry.fault.kind === 'pass' && entry.delivered === 'full')).toBe(true);
      // Sent again only when the service had not got it; the same body both times.
      const sent = log.filter((entry) => entry.method === 'POST');
      expect(sent).toHaveLength(posts);
      expect(new Set(sent.map((entry) => entry.body)).size).toBe(1);
      if (posts === 2) {
        const second = log.indexOf(sent[1]!);
        expect(
          log.slice(firstPost + 1, second).some((entry) => entry.method === 'GET' && entry.delivered === 'full'),
        ).toBe(true);
      }
      expect(syncErrors()).toEqual([]);
    },
  );

  it("a cancel whose DELETE is refused with the service's Portuguese 400 for a charge already deleted is done: the charge is read (through lost and hung reads)", async () => {
    await start({ counter: QUIET_PULLER });
    const sale = await counter!.sales.createSale({ value: 450, expiresIn: 900 });
    expect(sale.status).toBe('ACTIVE');
    const chargePath = `/api/v1/charge/${encodeURIComponent(sale.correlationID)}`;
    let deletes = 0;
    let reads = 0;
    proxy!.setPlan((request) => {
      // The first DELETE is done at the service, its answer lost: the next one finds nothing to delete.
      if (request.method === 'DELETE' && request.path === chargePath)
        return deletes++ === 0 ? { kind: 'drop-after' } : { kind: 'pass' };
      if (deletes > 1 && request.method === 'GET' && request.path === chargePath)
        return lookupFaults[reads++] ?? { kind: 'pass' };
      return { kind: 'pass' };
    });
    expect(counter!.sales.cancelSale(sale.correlationID)).toMatchObject({ status: 'CANCELLED', sync: { queued: 1 } });
    await counter!.probe.drained();

    expect(counter!.views.getSale(sale.correlationID)).toMatchObject({ status: 'CANCELLED', sync: { queued: 0 } });
    expect(counter!.views.getSale(sale.correlationID).sync.rejected).toBeUndefined();
    expect(await remoteCharge(sale.correlationID)).toBeUndefined();
    const log = proxy!.log().filter((entry) => entry.path === chargePath);
    const sentDeletes = log.filter((entry) => entry.method === 'DELETE');
    expect(sentDeletes[0]).toMatchObject({ upstreamStatus: 200, delivered: 'none' });
    // Every later DELETE was refused by the service itself: 400, in its words (below).
    expect(sentDeletes.length).toBeGreaterThanOrEqual(2);
    for (const refused of sentDeletes.slice(1)) expect(refused.upstreamStatus).toBe(400);
    const readsAfter = log.filter((entry) => entry.method === 'GET' && entry.seq > sentDeletes[1]!.seq);
    expect(readsAfter.slice(0, 3).map((entry) => entry.fault.kind)).toEqual(['drop-before', 'drop-after', 'hang']);
    expect(readsAfter.at(-1)).toMatchObject({ upstreamStatus: 400, delivered: 'full' });
    // What the counter was told, word for word: Portuguese, and never read for its meaning.
    expect(await remoteCall(endpoint, chargePath, { method: 'DELETE' })).toEqual({
      status: 400,
      body: { error: 'Cobrança não encontrada' },
    });
    expect(syncErrors()).toEqual([]);
  });

  it('the same Portuguese 400 on a charge still payable is a refusal: the charge decides, not the text', async () => {
    await start({ counter: QUIET_PULLER });
    const sale = await counter!.sales.createSale({ value: 451, expiresIn: 900 });
    // The words of "already deleted", but the charge is there and payable.
    proxy!.setPlan((request) =>
      request.method === 'DELETE'
        ? { kind: 'status', status: 400, error: 'Cobrança não encontrada' }
        : { kind: 'pass' },
    );
    expect(counter!.sales.cancelSale(sale.correlationID).status).toBe('CANCELLED');
    await counter!.probe.drained();
    const view = await until(() => {
      const current = counter!.views.getSale(sale.correlationID);
      return current.status !== 'CANCELLED' ? current : undefined;
    }, 'the refusal applied');
    // The counter does not take a payable charge for a cancelled one: the sale is open again,
    // with the service's refusal on it for the cashier.
    expect(view.status).toBe('ACTIVE');
    expect(view.sync.rejected).toBe('O serviço Pix recusou o cancelamento: Cobrança não encontrada');
    expect((await remoteCharge(sale.correlationID))?.status).toBe('ACTIVE');
  });
});

describe("the service's words", () => {
  it("a refused refund shows the service's Portuguese reason to the cashier", async () => {
    await start();
    const sale = await paidSale(1_000);
    // Another till gives it all back at the service first: ours is one too many.
    const elsewhere = await remoteCall(endpoint, `/api/v1/charge/${encodeURIComponent(sale.correlationID)}/refund`, {
      method: 'POST',
      body: { correlationID: 'outro-caixa-devolucao', value: 1_000 },
    });
    expect(elsewhere.status).toBe(200);
    // What the service says to such a refund, asked directly.
    const direct = await remoteCall<{ error: string }>(
      endpoint,
      `/api/v1/charge/${encodeURIComponent(sale.correlationID)}/refund`,
      {
        method: 'POST',
        body: { correlationID: 'sonda', value: 600 },
      },
    );
    expect(direct.status).toBe(400);
    const words = direct.body.error;
    expect(words).not.toMatch(/refund|exceed|value|transaction|cents/i);

    const refusal = `O serviço Pix recusou a devolução: ${words}`;
    await expect(counter!.sales.refundSale(sale.correlationID, 600, 'Troca')).rejects.toMatchObject({
      code: 'SERVICE_REFUSED',
      message: refusal,
    });
    const view = counter!.views.getSale(sale.correlationID);
    expect(view.refunds.find((refund) => refund.value === 600)).toMatchObject({
      status: 'REJECTED',
      rejectedReason: refusal,
    });
    expect(view.sync.queued).toBe(0);
  });

  it("a cancel refused because the sale was paid first tells the cashier, with the service's Portuguese words", async () => {
    await start({ counter: QUIET_PULLER });
    const sale = await counter!.sales.createSale({ value: 1_331, expiresIn: 900 });
    // Paid from the customer's bank; the counter (its puller asleep) has not seen it.
    await pay(sale.brCode);
    expect(statusOf(sale)).toBe('ACTIVE');
    expect(counter!.sales.cancelSale(sale.correlationID).status).toBe('CANCELLED');
    await counter!.probe.drained();
    const view = await until(() => {
      const current = counter!.views.getSale(sale.correlationID);
      return current.status === 'COMPLETED' ? current : undefined;
    }, 'the payment shown');
    const direct = await remoteCall<{ error: string }>(
      endpoint,
      `/api/v1/charge/${encodeURIComponent(sale.correlationID)}`,
      { method: 'DELETE' },
    );
    expect(direct.status).toBe(400);
    expect(direct.body.error).not.toMatch(/paid|cannot|refund/i);
    expect(view.sync.rejected).toBe(
      `O serviço Pix recusou o cancelamento: a venda já foi paga (${direct.body.error}). Faça uma devolução.`,
    );
  });
});
