// The sale on screen (issue 13) on the offline path: a sale made offline goes on screen with its
// insert and comes back after a restart; a refused offline sale leaves the screen's record as it was.
// A real sandbox over HTTP with the fault proxy between it and the counter. The sandbox is strict
// (docs/sandbox.md "--strict"): the counter meets only what the real service documents.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxService, type SandboxService } from '#service/index';
import type { OfflineSalesConfig } from '#counter/sync/offline/offline-selling';
import { openCounterSync, type TestCounter } from '#test/support/counter-sync';
import { HttpServiceClient } from '#counter/sync/remote/http-service-client';
import { DEFAULT_OFFLINE_SALES } from '#counter/sync/offline/offline-caps';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy';
import { until } from '#test/support/wait';

let remote: SandboxService;
let proxy: FaultProxy;
let dir: string;
let counter: TestCounter;
let config: OfflineSalesConfig;

function openCounter(): TestCounter {
  const sync = openCounterSync({
    dbPath: join(dir, 'counter.db'),
    firstAnswerWaitMs: 400,
    watchIntervalMs: 100,
    openIntervalMs: 200,
    healthIntervalMs: 100,
    retry: { initialDelayMs: 20, maxDelayMs: 200 },
    offlineSales: () => config,
  });
  sync.setService(new HttpServiceClient({ baseUrl: proxy.url, appId: remote.appId, timeoutMs: 300 }));
  return sync;
}

beforeEach(async () => {
  remote = createSandboxService({ dbPath: ':memory:', strict: true });
  proxy = await startFaultProxy(await remote.listen(0));
  dir = mkdtempSync(join(tmpdir(), 'balcao-on-screen-'));
  config = { caps: { ...DEFAULT_OFFLINE_SALES }, merchantName: 'Padaria Pão Quente', merchantCity: 'Recife' };
  counter = openCounter();
});

afterEach(async () => {
  await counter.close();
  await proxy.close();
  await remote.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the sale on screen, made offline', () => {
  it('is recorded with the offline sale and comes back after a restart; a refused one changes nothing', async () => {
    const online = await counter.sales.createSale({ value: 300, expiresIn: 900 });
    expect(counter.onScreen.current()?.correlationID).toBe(online.correlationID);

    await until(() => counter.status().offline.confirmedKey, 'the key confirmed');
    await proxy.cut('refuse');
    await until(() => (counter.status().online ? undefined : true), 'offline noticed');
    const offline = await counter.sales.createSale({ value: 1234, expiresIn: 900 });
    expect(offline.status).toBe('OFFLINE');
    expect(counter.onScreen.current()?.correlationID).toBe(offline.correlationID);

    // Above the cap: refused, and the sale on screen is still the last one made.
    await expect(
      counter.sales.createSale({ value: config.caps.maxSaleValue + 1, expiresIn: 900 }),
    ).rejects.toMatchObject({
      code: 'OFFLINE_SALE_REFUSED',
    });
    expect(counter.onScreen.current()?.correlationID).toBe(offline.correlationID);

    await counter.close();
    counter = openCounter();
    expect(counter.onScreen.current()).toMatchObject({
      correlationID: offline.correlationID,
      status: 'OFFLINE',
      brCode: offline.brCode,
    });
  });
});
