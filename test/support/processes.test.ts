// The process helpers for real: the remote restarts on the same port and database, the counter
// dies with SIGKILL and comes back on the same data folder, the bridge client speaks to it, and
// the remote-side helpers pay and list as a bank and an auditor would.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeError } from './bridge-client';
import { startCounter, type CounterProcess } from './counter-process';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import {
  createRemoteCharge,
  getRemoteCharge,
  listRemoteChargeRefunds,
  listRemoteCharges,
  payBrCode,
  remoteCall,
} from './remote-api';
import { startRemote, type RemoteProcess } from './remote-process';
import { waitFor } from './wait';

let remote: RemoteProcess;
let proxy: FaultProxy;
let counter: CounterProcess;

beforeAll(async () => {
  remote = await startRemote();
  proxy = await startFaultProxy(remote.url);
  counter = await startCounter({ remoteUrl: proxy.url, appId: remote.appId });
});

afterAll(async () => {
  await counter?.dispose();
  await proxy?.close();
  await remote?.dispose();
});

describe('remote process', () => {
  it('restarts on the same port, AppID and database, after SIGTERM and after SIGKILL', async () => {
    const correlationID = `proc-${randomUUID()}`;
    expect((await createRemoteCharge(remote, { correlationID, value: 2500 })).status).toBe(200);
    const { url, appId, dbPath } = remote;
    const firstPid = remote.pid;

    await remote.restart();
    expect({ url: remote.url, appId: remote.appId, dbPath: remote.dbPath }).toEqual({ url, appId, dbPath });
    expect(remote.pid).not.toBe(firstPid);
    expect((await getRemoteCharge(remote, correlationID)).charge?.value).toBe(2500);

    await remote.restart({ signal: 'SIGKILL', downMs: 100 });
    expect(remote.url).toBe(url);
    expect((await getRemoteCharge(remote, correlationID)).charge?.value).toBe(2500);
  });

  it('is unreachable while stopped', async () => {
    await remote.stop();
    expect(remote.running).toBe(false);
    await expect(fetch(`${remote.url}/api/v1/company`)).rejects.toThrow();
    await remote.start();
    expect((await remoteCall(remote, '/api/v1/company')).status).toBe(200);
  });
});

describe('remote-side helpers', () => {
  it('pays a charge by its BR Code, lists it in its window and lists its refunds', async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    const correlationID = `proc-pay-${randomUUID()}`;
    const created = await createRemoteCharge(remote, { correlationID, value: 9_900 });
    const paid = await payBrCode(remote, created.body.charge.brCode);
    expect(paid.status).toBe(200);
    expect((await getRemoteCharge(remote, correlationID)).charge?.status).toBe('COMPLETED');

    const refundID = `proc-refund-${randomUUID()}`;
    const refunded = await remoteCall(remote, `/api/v1/charge/${correlationID}/refund`, {
      method: 'POST',
      body: { correlationID: refundID, value: 1_000 },
    });
    expect(refunded.status).toBe(200);
    expect((await listRemoteChargeRefunds(remote, correlationID)).map((r) => [r.correlationID, r.value])).toEqual([
      [refundID, 1_000],
    ]);

    const window = { start: before, end: new Date(Date.now() + 1_000).toISOString() };
    const listed = await listRemoteCharges(remote, window);
    expect(listed.map((charge) => charge.correlationID)).toContain(correlationID);
    const outside = await listRemoteCharges(remote, {
      start: '2000-01-01T00:00:00.000Z',
      end: '2000-01-02T00:00:00.000Z',
    });
    expect(outside).toEqual([]);
  });

  it('pages through more than one page of charges', async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    const ids = Array.from({ length: 105 }, () => `proc-page-${randomUUID()}`);
    for (const id of ids)
      expect((await createRemoteCharge(remote, { correlationID: id, value: 100 })).status).toBe(200);
    const listed = await listRemoteCharges(remote, { start: before, end: new Date(Date.now() + 1_000).toISOString() });
    const listedIds = new Set(listed.map((charge) => charge.correlationID));
    for (const id of ids) expect(listedIds.has(id)).toBe(true);
    expect(listed.length).toBe(listedIds.size);
  });
});

describe('counter process and its bridge', () => {
  it('answers getStatus in the remote mode it was started in', async () => {
    const status = await counter.bridge.call('getStatus');
    expect(status.mode).toBe('remote-sandbox');
    expect(typeof status.queued).toBe('number');
  });

  it('reports bridge refusals as BridgeError with the counter’s code and the HTTP status', async () => {
    const error = await counter.bridge.call('createSale', { value: -5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).status).toBe(400);
    expect((error as BridgeError).code).toBe('INVALID_INPUT');
    const attempt = await counter.bridge.attempt('getSale', { correlationID: `nope-${randomUUID()}` });
    expect(attempt).toMatchObject({ ok: false, status: 404, code: 'SALE_NOT_FOUND' });
  });

  it('survives kill -9: restarted on the same data folder, it still has the sale; the old run answers nothing', async () => {
    const sale = await counter.bridge.call('createSale', { value: 4_321 });
    const oldBridge = counter.bridge;
    const oldPid = counter.pid;
    await counter.kill();
    expect(counter.running).toBe(false);
    expect(await oldBridge.attempt('getStatus')).toMatchObject({ ok: false, status: 0 });

    await counter.start();
    expect(counter.pid).not.toBe(oldPid);
    expect(counter.bridge.token).not.toBe(oldBridge.token);
    const again = await counter.bridge.call('getSale', { correlationID: sale.correlationID });
    expect(again).toMatchObject({ correlationID: sale.correlationID, value: 4_321 });
    const today = await counter.bridge.call('listSales', {});
    expect(today.sales.map((s) => s.correlationID)).toContain(sale.correlationID);
  });

  it('sees a payment made at the remote by the bank', async () => {
    const sale = await counter.bridge.call('createSale', { value: 1_500 });
    // A counter that queues the create shows the BR Code once the service made the charge.
    const brCode = await waitFor(
      'the sale has its BR Code',
      async () => (await counter.bridge.call('getSale', { correlationID: sale.correlationID })).brCode,
    );
    expect((await payBrCode(remote, brCode)).status).toBe(200);
    const paid = await waitFor('the counter shows the sale paid', async () => {
      const current = await counter.bridge.call('getSale', { correlationID: sale.correlationID });
      return current.status === 'COMPLETED' ? current : undefined;
    });
    expect(paid.refundable).toBe(1_500);
  });
});
