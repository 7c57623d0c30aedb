// Offline selling against a remote that answers only what the real service documents
// (createSandboxService({ strict }): documented fields only, a static QR code's value as a string,
// Portuguese errors, lists oldest first in pages of 5, and a Pix linked to a static QR code only
// when the code exists as the Pix arrives). Payments come from the Pix network, as a payer's bank
// would send them, keeping or dropping the txid.
//
// Issue 24's false match is here: two tills of one account sell offline at the same value; the
// customer of one pays without txid while the other till is still offline. The till that is back
// must never take that Pix for its own sale, whatever the list order and page size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '#shared/counter/counter-api';
import { createSandboxService, type SandboxService } from '#service/index';
import type { OfflineSalesConfig } from '#counter/sync/offline/offline-selling';
import { openCounterSync, type TestCounter } from '#test/support/counter-sync';
import { HttpServiceClient } from '#counter/sync/remote/http-service-client';
import { DEFAULT_OFFLINE_SALES } from '#counter/sync/offline/offline-caps';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy';
import { payBrCode } from '#test/support/remote-api';
import { until } from '#test/support/wait';

let remote: SandboxService;
let remoteUrl: string;
const proxies: FaultProxy[] = [];
const counters: TestCounter[] = [];
const dirs: string[] = [];
const config: OfflineSalesConfig = {
  caps: { ...DEFAULT_OFFLINE_SALES },
  merchantName: 'Mercado Dois Caixas',
  merchantCity: 'Salvador',
};

// A code counts for 3 s and 250 ms of grace; the tills renew a code registered ahead every second
// while online (their word to the others); a request takes at most the client's timeout. Tills,
// proxies and service share this test's event loop, so on a busy machine a round trip can take a
// second: the timeout and the margins leave room for that (with 300 ms, requests timed out under
// load and a till's word came too late for a Pix to be matched by value).
const REQUEST_TIMEOUT_MS = 2_000;
const TIMING = {
  windowMs: 3_000,
  graceMs: 250,
  clockSkewMs: 250,
  settleDelayMs: 250,
  livenessMs: 1_000,
  requestMarginMs: REQUEST_TIMEOUT_MS,
  watchPassMs: 100,
  valueWaitMs: 10_000,
};

async function openTill(): Promise<{ counter: TestCounter; proxy: FaultProxy }> {
  const proxy = await startFaultProxy(remoteUrl);
  const dir = mkdtempSync(join(tmpdir(), 'balcao-offline-strict-'));
  const counter = openCounterSync({
    dbPath: join(dir, 'counter.db'),
    firstAnswerWaitMs: 2_000,
    watchIntervalMs: 100,
    openIntervalMs: 200,
    healthIntervalMs: 100,
    reconcileIntervalMs: 100,
    retry: { initialDelayMs: 20, maxDelayMs: 200 },
    offlineTiming: TIMING,
    offlineSales: () => config,
  });
  counter.setService(new HttpServiceClient({ baseUrl: proxy.url, appId: remote.appId, timeoutMs: REQUEST_TIMEOUT_MS }));
  proxies.push(proxy);
  counters.push(counter);
  dirs.push(dir);
  await until(() => (counter.status().offline.readyCodes ?? 0) >= 5, 'offline codes registered ahead');
  return { counter, proxy };
}

beforeEach(async () => {
  remote = createSandboxService({
    dbPath: ':memory:',
    strict: { listOrder: 'oldest-first', pageSize: 5 },
    config: { refundSettlementMs: 50 },
  });
  remoteUrl = await remote.listen(0);
});

afterEach(async () => {
  for (const counter of counters.splice(0)) await counter.close();
  for (const proxy of proxies.splice(0)) await proxy.close();
  await remote.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const newSale = (value: number) => ({ value, expiresIn: 900 });

/** The customer's bank pays the code the till showed, keeping or dropping its txid. */
async function bankPays(sale: Sale, options: { dropTxid?: boolean } = {}) {
  const reply = await payBrCode(
    { url: remoteUrl, appId: remote.appId, pixNetworkUrl: remote.pixNetworkUrl! },
    sale.brCode!,
    undefined,
    options,
  );
  expect(reply.status).toBe(200);
  return reply.body.transaction as { endToEndId: string };
}

describe('offline selling against the documented service', () => {
  it('confirms a Pix that kept its txid by the code registered ahead, one that dropped it by value, and flags the unpaid sale', async () => {
    const { counter, proxy } = await openTill();
    await proxy.cut('refuse');
    const kept = await counter.sales.createSale(newSale(1_111));
    const dropped = await counter.sales.createSale(newSale(2_222));
    const unpaid = await counter.sales.createSale(newSale(3_333));
    const keptPix = await bankPays(kept);
    const droppedPix = await bankPays(dropped, { dropTxid: true });
    // The strict service linked the first Pix to the code registered ahead as it came in, while
    // the till was offline: the code existed then.
    const linked = remote.engine.call(remote.appId, 'listTransactions', {
      query: { pixQrCode: kept.offline!.txid },
    }) as Promise<{ transactions: { endToEndId: string }[] }>;
    expect((await linked).transactions.map((t) => t.endToEndId)).toEqual([keptPix.endToEndId]);

    await proxy.restore();
    await until(() => counter.views.getSale(kept.correlationID).status === 'COMPLETED', 'paid with its txid confirmed');
    await until(
      () => counter.views.getSale(dropped.correlationID).status === 'COMPLETED',
      'paid without txid confirmed',
    );
    await until(
      () => counter.views.getSale(unpaid.correlationID).offline?.state === 'REVIEW',
      'the unpaid one flagged',
    );
    expect(counter.views.getSale(kept.correlationID)).toMatchObject({
      endToEndId: keptPix.endToEndId,
      offline: { matchedBy: 'txid' },
    });
    expect(counter.views.getSale(dropped.correlationID)).toMatchObject({
      endToEndId: droppedPix.endToEndId,
      offline: { matchedBy: 'value' },
    });
    expect(counter.views.getSale(unpaid.correlationID)).toMatchObject({
      status: 'OFFLINE',
      offline: { review: { reason: 'NO_PAYMENT' } },
    });
    await counter.probe.drained();
    expect(counter.views.getSale(unpaid.correlationID).offline?.registered).toBe(true);
  });

  // Each till waits for the other's word up to valueWaitMs before the doubtful sale goes to the owner.
  it("never takes another till's customer's Pix without txid for its own unpaid sale of the same value, while that till is still offline", async () => {
    const a = await openTill();
    const b = await openTill();
    // Older codes on the account, so the tills' codes span pages of the oldest-first list.
    for (let i = 0; i < 12; i++) {
      await remote.engine.call(remote.appId, 'createPixQrCode', {
        body: { name: `Balcão de doces ${i}`, correlationID: `doces-${i}`, value: 500 + i },
      });
    }
    await a.proxy.cut('refuse');
    await b.proxy.cut('refuse');
    const ours = await a.counter.sales.createSale(newSale(1_500));
    const theirs = await b.counter.sales.createSale(newSale(1_500));
    // Till B's customer pays B's code, from a bank that drops the txid. Nobody pays A's sale.
    await bankPays(theirs, { dropTxid: true });

    await a.proxy.restore();
    // Till A is back and reconciles again and again; till B is still offline, its sale unknown.
    const shown: string[] = [];
    const watching = setInterval(() => shown.push(a.counter.views.getSale(ours.correlationID).status), 20);
    try {
      await until(
        () => a.counter.views.getSale(ours.correlationID).offline?.state === 'REVIEW',
        'the doubtful sale goes to the owner',
        30_000,
      );
    } finally {
      clearInterval(watching);
    }
    expect(shown).not.toContain('COMPLETED');
    expect(a.counter.views.getSale(ours.correlationID)).toMatchObject({
      status: 'OFFLINE',
      offline: { review: { reason: 'AMBIGUOUS' } },
    });

    // Till B comes back and registers its sale: each till now sees both sales of that value.
    await b.proxy.restore();
    await b.counter.probe.drained();
    await until(
      () => b.counter.views.getSale(theirs.correlationID).offline?.state === 'REVIEW',
      "B's sale goes to its owner too",
      30_000,
    );
    for (const [till, sale] of [
      [a, ours],
      [b, theirs],
    ] as const) {
      const view = till.counter.views.getSale(sale.correlationID);
      expect(view.status).not.toBe('COMPLETED');
      expect(view.offline?.review?.reason).toBe('AMBIGUOUS');
    }
  }, 90_000);

  it('matches a Pix without txid by value once every other till has said its offline sales are all registered', async () => {
    const a = await openTill();
    const b = await openTill();
    await a.proxy.cut('refuse');
    const sale = await a.counter.sales.createSale(newSale(4_242));
    const pix = await bankPays(sale, { dropTxid: true });
    await a.proxy.restore();
    // Till B was online all along: its codes renewed after the Pix tell that it sold nothing offline then.
    await until(() => a.counter.views.getSale(sale.correlationID).status === 'COMPLETED', 'confirmed by value');
    expect(a.counter.views.getSale(sale.correlationID)).toMatchObject({
      endToEndId: pix.endToEndId,
      offline: { state: 'CONFIRMED', matchedBy: 'value' },
    });
    expect(b.counter.status().offline.reviewCount).toBe(0);
  });
});
