// Offline selling (issue 10) through the counter's sync layer, against a real sandbox over HTTP
// with the fault proxy between them: the code the counter makes, the key it may use, the caps,
// the sale whose create reached the service after all, and the reconciliation that confirms
// payments by txid and by value and sends every doubt to the owner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OfflineSalesSettings, Sale } from '#shared/counter/counter-api';
import { decodeBrCode } from '#lib/pix';
import { createSandboxService, type SandboxService } from '#service/index';
import type { OfflineSalesConfig } from '#counter/sync/offline/offline-selling';
import { openCounterSync, type TestCounter } from '#test/support/counter-sync';
import { HttpServiceClient } from '#counter/sync/remote/http-service-client';
import { DEFAULT_OFFLINE_SALES } from '#counter/sync/offline/offline-caps';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy';
import { until } from '#test/support/wait';

let remote: SandboxService;
let remoteUrl: string;
let proxy: FaultProxy;
let dir: string;
let counter: TestCounter;
let config: OfflineSalesConfig;
let clockOffsetMs: number;
/** Set: the counter's clock stands at this instant (the age cap is tested to the millisecond). */
let frozenAt: number | undefined;
const pushed: Sale[] = [];

// Short windows: a code counts for 3 s, then 250 ms of grace; clocks agree within 250 ms here.
// Codes registered ahead are renewed every second (the word a counter gives the others), and a
// request takes at most the client's timeout. Counter, proxy and service share this test's event
// loop, so on a busy machine a round trip can take a second: the timeout and the margins leave
// room for that (with 300 ms, requests timed out under load and windows closed before a payment).
const REQUEST_TIMEOUT_MS = 2_000;
const TIMING = {
  windowMs: 3_000,
  graceMs: 250,
  clockSkewMs: 250,
  settleDelayMs: 250,
  livenessMs: 1_000,
  requestMarginMs: REQUEST_TIMEOUT_MS,
  watchPassMs: 100,
  valueWaitMs: 20_000,
};

function openCounter(
  dataDir = dir,
  proxyUrl = proxy.url,
  firstAnswerWaitMs = 2_000,
  timeoutMs = REQUEST_TIMEOUT_MS,
): TestCounter {
  const sync = openCounterSync({
    dbPath: join(dataDir, 'counter.db'),
    now: () => new Date(frozenAt ?? Date.now() + clockOffsetMs),
    firstAnswerWaitMs,
    watchIntervalMs: 100,
    openIntervalMs: 200,
    healthIntervalMs: 100,
    reconcileIntervalMs: 100,
    retry: { initialDelayMs: 20, maxDelayMs: 200 },
    offlineTiming: TIMING,
    offlineSales: () => config,
    onSaleChanged: (sale) => pushed.push(sale),
  });
  sync.setService(new HttpServiceClient({ baseUrl: proxyUrl, appId: remote.appId, timeoutMs }));
  return sync;
}

beforeEach(async () => {
  remote = createSandboxService({ dbPath: ':memory:', config: { refundSettlementMs: 50 } });
  remoteUrl = await remote.listen(0);
  proxy = await startFaultProxy(remoteUrl);
  dir = mkdtempSync(join(tmpdir(), 'balcao-offline-'));
  pushed.length = 0;
  clockOffsetMs = 0;
  frozenAt = undefined;
  config = { caps: { ...DEFAULT_OFFLINE_SALES }, merchantName: 'Padaria Pão Quente', merchantCity: 'Recife' };
  counter = openCounter();
});

afterEach(async () => {
  await counter.close();
  await proxy.close();
  await remote.close();
  rmSync(dir, { recursive: true, force: true });
});

const newSale = (value: number) => ({ value, expiresIn: 900 });
const call = (op: string, request: Record<string, unknown> = {}) =>
  remote.engine.call(remote.appId, op as never, request) as Promise<any>;

async function accountKeys(): Promise<{ key: string; isDefault: boolean }[]> {
  return (await call('listPixKeys')).pixKeys;
}

/** Online once, so the counter has asked the service for its keys; then the network is cut. */
async function goOffline(): Promise<void> {
  await until(() => counter.status().offline.confirmedKey, 'the key confirmed');
  await until(() => (counter.status().offline.readyCodes ?? 0) >= 5, 'offline codes registered ahead');
  await proxy.cut('refuse');
}

async function payAtRemote(brCode: string, extra: Record<string, unknown> = {}) {
  return (await call('sandboxPayBrCode', { body: { brCode, ...extra } })).transaction;
}

describe('the code an offline sale shows', () => {
  it('is a static BR Code to the confirmed key with the amount, the merchant and a txid of its own, made without the service', async () => {
    const [defaultKey] = (await accountKeys()).filter((key) => key.isDefault);
    await goOffline();
    const sale = await counter.sales.createSale(newSale(1234));
    expect(sale).toMatchObject({
      status: 'OFFLINE',
      offline: { state: 'AWAITING', pixKey: defaultKey!.key, registered: false },
    });
    const decoded = decodeBrCode(sale.brCode!);
    expect(decoded).toMatchObject({
      pointOfInitiation: 'STATIC',
      pixKey: defaultKey!.key,
      amountCents: 1234,
      merchantName: 'Padaria Pao Quente',
      merchantCity: 'Recife',
    });
    expect(decoded.txid).toBe(sale.offline!.txid);
    expect(decoded.txid).toMatch(/^[A-Za-z0-9]{1,25}$/);
    // Nothing was created at the service: no charge was asked for (the only writes were the codes
    // registered ahead, while online, and the sale took one of them as its txid).
    const writes = proxy.log().filter((entry) => entry.method === 'POST');
    expect(
      writes.every((entry) => entry.path === '/api/v1/qrcode-static' && entry.body.includes('balcao-reserva-')),
    ).toBe(true);
    expect(writes.some((entry) => entry.body.includes(sale.offline!.txid))).toBe(true);
    const other = await counter.sales.createSale(newSale(1234));
    expect(other.offline!.txid).not.toBe(sale.offline!.txid);
    expect(counter.status().offline).toMatchObject({ unconfirmedCount: 2, unconfirmedValue: 2468 });
  });

  it('is refused, with the reason, while no key was ever confirmed by the service', async () => {
    await counter.close();
    await proxy.cut('refuse');
    counter = openCounter();
    await until(() => !counter.status().online, 'offline noticed');
    expect(counter.status().offline.unavailable).toEqual({ reason: 'keyUnconfirmed' });
    await expect(counter.sales.createSale(newSale(500))).rejects.toMatchObject({
      code: 'OFFLINE_SALE_REFUSED',
      details: { refusal: { reason: 'keyUnconfirmed' } },
    });
    expect(counter.views.salesBetween('2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z')).toEqual([]);
  });

  it("uses the settings' key when it is one of the account's, and refuses one that is not", async () => {
    const [firstDefault] = (await accountKeys()).filter((key) => key.isDefault);
    // The shop's account gets a second key (the sandbox's merchant settings add it as the new default).
    await remote.configureMerchant({ merchantName: 'Padaria', merchantCity: 'Recife', pixKey: 'loja@example.com' });
    await counter.close();
    counter = openCounter(); // a fresh start asks for the keys again
    await until(() => counter.status().offline.confirmedKey === 'loja@example.com', 'keys read');
    config = { ...config, pixKey: 'someone.else@example.com' };
    const notTheAccounts = { reason: 'keyNotInAccount', key: 'someone.else@example.com' };
    expect(counter.status().offline).toMatchObject({ unavailable: notTheAccounts });
    await proxy.cut('refuse');
    await until(() => !counter.status().online, 'offline noticed');
    await expect(counter.sales.createSale(newSale(500))).rejects.toMatchObject({
      code: 'OFFLINE_SALE_REFUSED',
      details: { refusal: notTheAccounts },
    });
    // A key of the account that is not its default, typed as people write it, is used as it is.
    config = { ...config, pixKey: firstDefault!.key.toUpperCase() };
    const sale = await counter.sales.createSale(newSale(500));
    expect(sale.offline!.pixKey).toBe(firstDefault!.key);
    expect(decodeBrCode(sale.brCode!).pixKey).toBe(firstDefault!.key);
  });

  it('is never made with offline selling disabled: the sale waits in the queue as before', async () => {
    config = { ...config, caps: { ...config.caps, enabled: false } };
    await goOffline();
    const sale = await counter.sales.createSale(newSale(700));
    expect(sale).toMatchObject({ status: 'PENDING' });
    expect(sale.offline).toBeUndefined();
    expect(sale.brCode).toBeUndefined();
  });
});

describe('caps, each at its edge', () => {
  const caps = (overrides: Partial<OfflineSalesSettings>) => {
    config = { ...config, caps: { ...DEFAULT_OFFLINE_SALES, ...overrides } };
  };

  it('the largest single sale: its value is accepted, one cent more is refused', async () => {
    caps({ maxSaleValue: 10_000 });
    await goOffline();
    expect((await counter.sales.createSale(newSale(10_000))).status).toBe('OFFLINE');
    await expect(counter.sales.createSale(newSale(10_001))).rejects.toMatchObject({
      code: 'OFFLINE_SALE_REFUSED',
      details: { refusal: { reason: 'saleCap', maxSaleValue: 10_000 } },
    });
  });

  it('the unconfirmed total: up to it exactly, then refused with the room left', async () => {
    caps({ maxUnconfirmedTotal: 3_000 });
    await goOffline();
    await counter.sales.createSale(newSale(1_000));
    await counter.sales.createSale(newSale(1_500));
    await expect(counter.sales.createSale(newSale(501))).rejects.toMatchObject({
      details: { refusal: { reason: 'totalCap', maxUnconfirmedTotal: 3_000, room: 500, unconfirmedCount: 2 } },
    });
    expect((await counter.sales.createSale(newSale(500))).status).toBe('OFFLINE');
    await expect(counter.sales.createSale(newSale(1))).rejects.toMatchObject({
      details: { refusal: { reason: 'totalCap', room: 0, unconfirmedCount: 3 } },
    });
    // A cancelled offline sale holds no room.
    const sales = counter.views.salesBetween('2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z');
    counter.sales.cancelSale(sales.find((sale) => sale.value === 500)!.correlationID);
    expect((await counter.sales.createSale(newSale(500))).status).toBe('OFFLINE');
  });

  it('the oldest unconfirmed sale: at the age limit exactly it still sells, a millisecond past it refuses', async () => {
    caps({ maxAgeMinutes: 60 });
    await goOffline();
    const first = await counter.sales.createSale(newSale(100));
    const createdAt = Date.parse(first.createdAt);
    frozenAt = createdAt + 60 * 60_000;
    expect((await counter.sales.createSale(newSale(100))).status).toBe('OFFLINE');
    frozenAt += 1;
    await expect(counter.sales.createSale(newSale(100))).rejects.toMatchObject({
      details: { refusal: { reason: 'tooOld', maxAgeMinutes: 60 } },
    });
  });
});

describe('a create that got no answer in time', () => {
  it('reached the service after all: the sale keeps its offline code, and the dynamic charge is deleted before the registration', async () => {
    await until(() => counter.status().offline.confirmedKey, 'the key confirmed');
    // The service commits the charge; its answer never comes back, and then the network is gone.
    let creates = 0;
    proxy.setPlan((request) => {
      if (request.method === 'POST' && request.path.startsWith('/api/v1/charge?') && creates++ === 0)
        return { kind: 'drop-after' };
      return { kind: 'pass' };
    });
    const sale = await counter.sales.createSale(newSale(4_321));
    expect(sale.status).toBe('OFFLINE');
    expect(sale.offline).toMatchObject({ dynamicChargeWithdrawn: true });
    expect(decodeBrCode(sale.brCode!).txid).toBe(sale.offline!.txid);
    const dynamic = (await call('getCharge', { params: { id: sale.correlationID } })).charge;
    expect(dynamic.status).toBe('ACTIVE'); // it did reach the service

    await counter.probe.drained();
    await expect(call('getCharge', { params: { id: sale.correlationID } })).rejects.toMatchObject({ status: 400 });
    const writes = proxy
      .log()
      .filter((entry) => entry.method !== 'GET')
      .map((entry) => `${entry.method} ${entry.path.split('?')[0]}`);
    const deleted = writes.indexOf(`DELETE /api/v1/charge/${sale.correlationID}`);
    expect(deleted).toBeGreaterThan(0);
    const registered = proxy
      .log()
      .findIndex(
        (entry) =>
          entry.method === 'POST' && entry.path === '/api/v1/qrcode-static' && entry.body.includes(sale.correlationID),
      );
    expect(registered).toBeGreaterThan(proxy.log().findIndex((entry) => entry.method === 'DELETE'));
    // Whatever the service said of the dynamic charge, the sale shows its offline code still.
    const after = counter.views.getSale(sale.correlationID);
    expect(after).toMatchObject({ status: 'OFFLINE', brCode: sale.brCode, offline: { registered: true } });

    await payAtRemote(sale.brCode!);
    await until(() => counter.views.getSale(sale.correlationID).status === 'COMPLETED', 'confirmed');
    expect(counter.views.getSale(sale.correlationID).offline).toMatchObject({ state: 'CONFIRMED', matchedBy: 'txid' });
  });

  it('that never left (connection refused) is dropped, so nothing is created and deleted', async () => {
    // The refusal must be heard before the first answer's wait ends, and before the request's
    // timeout (a loaded machine can take seconds): a create still in flight, or timed out, is
    // rightly treated as one that may have arrived. And the create must meet the cut on a fresh
    // connection: on a kept-alive one the cut closed, which the counter may not have read yet, it
    // would be written, then reset (may have arrived). A proxy without keep-alive leaves none.
    await counter.close();
    await proxy.close();
    proxy = await startFaultProxy(remoteUrl, { keepAlive: false });
    counter = openCounter(dir, proxy.url, 30_000, 30_000);
    await until(() => counter.status().offline.confirmedKey, 'the key confirmed');
    // Cut before the counter noticed: it believes it is online and tries the create first.
    await proxy.cut('refuse');
    expect(counter.status().online).toBe(true);
    const sale = await counter.sales.createSale(newSale(800));
    expect(sale).toMatchObject({ status: 'OFFLINE', offline: { dynamicChargeWithdrawn: false } });
    await proxy.restore();
    await until(() => counter.status().online, 'online again');
    await counter.probe.drained();
    await expect(call('getCharge', { params: { id: sale.correlationID } })).rejects.toMatchObject({ status: 400 });
    expect(proxy.log().filter((entry) => entry.method === 'DELETE')).toEqual([]);
  });
});

describe('two counters on one account', () => {
  let proxyB: FaultProxy;
  let counterB: TestCounter;
  let dirB: string;

  beforeEach(async () => {
    proxyB = await startFaultProxy(remoteUrl);
    dirB = mkdtempSync(join(tmpdir(), 'balcao-offline-b-'));
    counterB = openCounter(dirB, proxyB.url);
  });
  afterEach(async () => {
    await counterB.close();
    await proxyB.close();
    rmSync(dirB, { recursive: true, force: true });
  });

  it("never takes the neighbour's Pix without txid for its own sale of the same value", async () => {
    await until(() => counterB.status().offline.confirmedKey, 'B knows the key');
    await goOffline();
    await proxyB.cut('refuse');
    await until(() => !counterB.status().online, 'B offline');
    const ours = await counter.sales.createSale(newSale(1_000));
    const theirs = await counterB.sales.createSale(newSale(1_000));
    expect(theirs.status).toBe('OFFLINE');
    // B's customer pays B's code, through a bank that drops the txid.
    await payAtRemote(theirs.brCode!, { dropTxid: true });
    await proxyB.restore();
    await counterB.probe.drained(); // B is registered: the service knows its sale
    await proxy.restore();
    await until(() => counter.views.getSale(ours.correlationID).offline?.state === 'REVIEW', 'ours to the owner');
    expect(counter.views.getSale(ours.correlationID)).toMatchObject({
      status: 'OFFLINE',
      offline: { review: { reason: 'AMBIGUOUS', otherSales: [theirs.correlationID] } },
    });
    await until(
      () => counterB.views.getSale(theirs.correlationID).offline?.state === 'REVIEW',
      'theirs to the owner too',
    );
    expect(counterB.views.getSale(theirs.correlationID).status).toBe('OFFLINE');
  });

  it('still matches by value when no neighbour sale could own the Pix', async () => {
    await until(() => counterB.status().offline.confirmedKey, 'B knows the key');
    await goOffline();
    await proxyB.cut('refuse');
    await until(() => !counterB.status().online, 'B offline');
    const ours = await counter.sales.createSale(newSale(1_000));
    await counterB.sales.createSale(newSale(2_000));
    await payAtRemote(ours.brCode!, { dropTxid: true });
    await proxyB.restore();
    await counterB.probe.drained();
    await proxy.restore();
    await until(() => counter.views.getSale(ours.correlationID).status === 'COMPLETED', 'matched by value');
    expect(counter.views.getSale(ours.correlationID).offline).toMatchObject({ matchedBy: 'value' });
  });
});

describe('back online', () => {
  it('registers each sale by its txid, confirms one paid with its txid and one whose bank dropped it, and flags the unpaid one', async () => {
    await goOffline();
    const byTxid = await counter.sales.createSale(newSale(1_111));
    const dropped = await counter.sales.createSale(newSale(2_222));
    const unpaid = await counter.sales.createSale(newSale(3_333));
    counter.sales.markCustomerShowedReceipt(unpaid.correlationID);
    await payAtRemote(byTxid.brCode!);
    await payAtRemote(dropped.brCode!, { dropTxid: true });
    // Offline, nothing is confirmed, whatever the customer showed.
    expect(counter.views.getSale(unpaid.correlationID)).toMatchObject({
      status: 'OFFLINE',
      offline: { customerShowedReceiptAt: expect.any(String), state: 'AWAITING' },
    });

    await proxy.restore();
    await until(() => counter.views.getSale(byTxid.correlationID).status === 'COMPLETED', 'paid by txid confirmed');
    await until(
      () => counter.views.getSale(dropped.correlationID).status === 'COMPLETED',
      'paid without txid confirmed',
    );
    await until(
      () => counter.views.getSale(unpaid.correlationID).offline?.state === 'REVIEW',
      'the unpaid one flagged',
    );
    expect(counter.views.getSale(byTxid.correlationID)).toMatchObject({
      paidAt: expect.any(String),
      endToEndId: expect.stringMatching(/^E/),
      offline: { matchedBy: 'txid' },
    });
    expect(counter.views.getSale(dropped.correlationID).offline).toMatchObject({ matchedBy: 'value' });
    expect(counter.views.getSale(unpaid.correlationID)).toMatchObject({
      status: 'OFFLINE',
      offline: { review: { reason: 'NO_PAYMENT', transactions: [] } },
    });
    expect(counter.views.offlineReview().map((sale) => sale.correlationID)).toEqual([unpaid.correlationID]);
    expect(counter.status().offline).toMatchObject({ unconfirmedCount: 1, unconfirmedValue: 3_333, reviewCount: 1 });

    // The service's records know every sale: its txid is a code registered ahead (its payment was
    // linked to it as it came), and the sale itself is registered with its value and window.
    await counter.probe.drained();
    for (const sale of [byTxid, dropped, unpaid]) {
      const { pixQrCode: reserved } = await call('getPixQrCode', { params: { id: sale.offline!.txid } });
      expect(reserved).toMatchObject({
        identifier: sale.offline!.txid,
        correlationID: `balcao-reserva-${sale.offline!.txid}`,
        value: null,
      });
      const { pixQrCode: registration } = await call('getPixQrCode', { params: { id: sale.correlationID } });
      expect(registration).toMatchObject({
        correlationID: sale.correlationID,
        value: sale.value,
        name: expect.stringContaining(sale.offline!.txid),
      });
    }
    // Each confirmation pushed the sale to the screens.
    expect(pushed.some((view) => view.correlationID === dropped.correlationID && view.status === 'COMPLETED')).toBe(
      true,
    );

    // The owner decides: not paid.
    expect(() => counter.sales.resolveOfflineReview(unpaid.correlationID, 'acknowledged')).toThrow(
      expect.objectContaining({ code: 'DECISION_DOES_NOT_FIT', details: { fits: ['paid', 'unpaid'] } }),
    );
    expect(counter.sales.resolveOfflineReview(unpaid.correlationID, 'unpaid')).toMatchObject({
      status: 'EXPIRED',
      offline: { state: 'UNPAID_BY_OWNER', decision: 'unpaid' },
    });
    expect(counter.views.offlineReview()).toEqual([]);
    await expect(async () => counter.sales.resolveOfflineReview(unpaid.correlationID, 'paid')).rejects.toMatchObject({
      code: 'NOT_UNDER_REVIEW',
    });
    expect(counter.status().offline).toMatchObject({ unconfirmedCount: 0, reviewCount: 0 });
  });

  it('never matches on a guess: two sales of one value and one Pix without txid both go to the owner', async () => {
    await goOffline();
    const a = await counter.sales.createSale(newSale(1_000));
    const b = await counter.sales.createSale(newSale(1_000));
    const payment = await payAtRemote(a.brCode!, { dropTxid: true });
    await proxy.restore();
    await until(() => counter.views.offlineReview().length === 2, 'both flagged');
    for (const sale of [a, b]) {
      expect(counter.views.getSale(sale.correlationID)).toMatchObject({
        status: 'OFFLINE',
        offline: {
          state: 'REVIEW',
          review: { reason: 'AMBIGUOUS', transactions: [{ endToEndId: payment.endToEndId, value: 1_000 }] },
        },
      });
    }
    // The owner says which: that one is paid, with that Pix as its payment (its receipt); the
    // other is then not given the same Pix.
    expect(counter.sales.resolveOfflineReview(a.correlationID, 'paid')).toMatchObject({
      status: 'COMPLETED',
      endToEndId: payment.endToEndId,
      offline: { state: 'CONFIRMED_BY_OWNER' },
    });
    const other = counter.sales.resolveOfflineReview(b.correlationID, 'paid');
    expect(other.status).toBe('COMPLETED');
    expect(other.endToEndId).toBeUndefined();
  });

  it('money for a cancelled offline sale goes to the owner, who may only acknowledge it or call it paid', async () => {
    await goOffline();
    const sale = await counter.sales.createSale(newSale(990));
    counter.sales.cancelSale(sale.correlationID);
    expect(counter.views.getSale(sale.correlationID).status).toBe('CANCELLED');
    await payAtRemote(sale.brCode!);
    await proxy.restore();
    await until(
      () => counter.views.getSale(sale.correlationID).offline?.review?.reason === 'CANCELLED_PAID',
      'flagged',
    );
    expect(counter.views.getSale(sale.correlationID).status).toBe('CANCELLED');
    await expect(async () => counter.sales.resolveOfflineReview(sale.correlationID, 'unpaid')).rejects.toMatchObject({
      code: 'DECISION_DOES_NOT_FIT',
      details: { fits: ['paid', 'acknowledged'] },
    });
    expect(counter.sales.resolveOfflineReview(sale.correlationID, 'acknowledged')).toMatchObject({
      status: 'CANCELLED',
      offline: { decision: 'acknowledged' },
    });
  });

  it('a second payment of a confirmed sale is flagged as extra money, and the sale stays paid', async () => {
    await goOffline();
    const sale = await counter.sales.createSale(newSale(700));
    await payAtRemote(sale.brCode!);
    await payAtRemote(sale.brCode!);
    await proxy.restore();
    await until(
      () => counter.views.getSale(sale.correlationID).offline?.review?.reason === 'DOUBLE_PAID',
      'extra money flagged',
    );
    expect(counter.views.getSale(sale.correlationID)).toMatchObject({
      status: 'COMPLETED',
      offline: { state: 'CONFIRMED', review: { saleMatched: true } },
    });
    expect(counter.status().offline).toMatchObject({ unconfirmedCount: 0, reviewCount: 1 });
    expect(counter.sales.resolveOfflineReview(sale.correlationID, 'acknowledged')).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('an offline sale survives a restart of the counter and is confirmed after it', async () => {
    await goOffline();
    const sale = await counter.sales.createSale(newSale(2_500));
    await counter.close();
    counter = openCounter();
    expect(counter.views.getSale(sale.correlationID)).toMatchObject({ status: 'OFFLINE', brCode: sale.brCode });
    await payAtRemote(sale.brCode!);
    await proxy.restore();
    await until(() => counter.views.getSale(sale.correlationID).status === 'COMPLETED', 'confirmed after the restart');
  });

  it('a confirmed offline sale is refunded by its payment, once even when the answer is lost (looked up, not sent again), and settles', async () => {
    await goOffline();
    const sale = await counter.sales.createSale(newSale(5_000));
    const paid = await payAtRemote(sale.brCode!);
    await proxy.restore();
    await until(() => counter.views.getSale(sale.correlationID).status === 'COMPLETED', 'confirmed');
    // Its receipt's records: the payment, with no charge at the service.
    expect(counter.views.saleRecords(sale.correlationID)).toMatchObject({
      correlationID: sale.correlationID,
      payment: { endToEndId: paid.endToEndId },
    });
    expect(counter.views.saleRecords(sale.correlationID).charge).toBeUndefined();

    let posts = 0;
    proxy.setPlan((request) =>
      request.method === 'POST' && request.path === '/api/v1/refund' && posts++ === 0
        ? { kind: 'drop-after' }
        : { kind: 'pass' },
    );
    await counter.sales.refundSale(sale.correlationID, 1_200, 'Troca');
    await counter.probe.drained();
    const remoteRefunds = (await call('listRefunds', { query: { limit: '100' } })).refunds.filter(
      (r: any) => r.originalEndToEndId === paid.endToEndId,
    );
    expect(remoteRefunds).toHaveLength(1);
    expect(remoteRefunds[0]).toMatchObject({ value: 1_200 });
    // The retry looked the refund up by its correlationID first, found it, and sent nothing again.
    expect(posts).toBe(1);
    expect(
      proxy.log().some((entry) => entry.method === 'GET' && entry.path.startsWith('/api/v1/refund/balcao-devolucao-')),
    ).toBe(true);
    await until(
      () => counter.views.getSale(sale.correlationID).refunds[0]?.status === 'CONFIRMED',
      'refund settled',
      10_000,
    );
    expect(counter.views.getSale(sale.correlationID)).toMatchObject({
      refundable: 3_800,
      refunds: [{ value: 1_200, endToEndId: expect.stringMatching(/^D/) }],
    });
    expect(counter.views.saleRecords(sale.correlationID).refunds).toHaveLength(1);
  });

  it('stops reading the Pix in a day after the window of a sale nobody waits for, and never for one still waiting', async () => {
    await goOffline();
    const cancelled = await counter.sales.createSale(newSale(400));
    counter.sales.cancelSale(cancelled.correlationID);
    const listings = () => proxy.log().filter((entry) => entry.path.startsWith('/api/v1/transaction?')).length;
    await proxy.restore();
    await until(() => listings() >= 2, 'read while money may still come for it');
    // A day and a bit later: nothing left to settle, nothing asked.
    frozenAt = Date.now() + 25 * 60 * 60_000;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = listings();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listings()).toBe(before);
    // A sale still waiting for its payment is read however old it is (the counter was offline).
    frozenAt = undefined;
    await proxy.cut('refuse');
    await until(() => !counter.status().online, 'offline noticed');
    const waiting = await counter.sales.createSale(newSale(401));
    frozenAt = Date.now() + 3 * 24 * 60 * 60_000;
    const from = listings();
    await proxy.restore();
    await until(() => listings() > from, 'the old waiting sale read');
    // Read, its window long closed and no Pix for it: the owner's list has it.
    await until(() => counter.views.getSale(waiting.correlationID).offline?.review?.reason === 'NO_PAYMENT', 'flagged');
  });

  it("a pass slowed by the network keeps what was written meanwhile: the registration, the cashier's mark", async () => {
    await goOffline();
    const sale = await counter.sales.createSale(newSale(3_210));
    await payAtRemote(sale.brCode!);
    // Every read of the Pix in takes 250 ms more: the registration and the mark land inside a pass.
    proxy.setPlan((request) =>
      request.path.startsWith('/api/v1/transaction?') ? { kind: 'delay', ms: 250 } : { kind: 'pass' },
    );
    await proxy.restore();
    await until(
      () => proxy.log().some((entry) => entry.path.startsWith('/api/v1/transaction?') && entry.endedAt === undefined),
      'a pass under way',
    );
    counter.sales.markCustomerShowedReceipt(sale.correlationID);
    await until(() => counter.views.getSale(sale.correlationID).status === 'COMPLETED', 'confirmed');
    await counter.probe.drained();
    await until(() => counter.views.getSale(sale.correlationID).offline?.registered, 'registered');
    // Passes go on while its window is open: none of them puts back an older copy of the row.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(counter.views.getSale(sale.correlationID)).toMatchObject({
      status: 'COMPLETED',
      offline: { state: 'CONFIRMED', registered: true, customerShowedReceiptAt: expect.any(String) },
    });
  });

  it('the cashier\'s "cliente mostrou o comprovante" is only for offline sales', async () => {
    const online = await counter.sales.createSale(newSale(300));
    expect(online.status).toBe('ACTIVE');
    expect(() => counter.sales.markCustomerShowedReceipt(online.correlationID)).toThrow(
      expect.objectContaining({ code: 'NOT_AN_OFFLINE_SALE' }),
    );
  });
});
