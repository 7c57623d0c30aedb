// `npm run serve -- --strict` over real HTTP: the remote the counter's tests meet when they want
// nothing beyond the real service's published contract (docs/sandbox.md, "--strict"). Two served
// processes for the whole file (one plain, one with the test knobs), plus one start that must
// refuse a knob without --strict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaticBrCode } from '#lib/pix';
import { spawnBuilt } from '#test/support/child-process';
import { payBrCode, remoteCall } from '#test/support/remote-api';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';

const MERCHANT = { merchantName: 'Loja', merchantCity: 'Sao Paulo' };

async function ok<T = any>(
  remote: RemoteProcess,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const reply = await remoteCall<T>(remote, path, { method, body });
  expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
}

describe('npm run serve -- --strict', () => {
  let remote: RemoteProcess;
  let pixKey: string;

  beforeAll(async () => {
    remote = await startRemote({ strict: true });
    pixKey = (await ok(remote, '/api/v1/pix-keys')).pixKeys[0].key;
  });
  afterAll(() => remote?.dispose());

  it('announces its Pix network on a port of its own; the API port does not take payments', async () => {
    expect(remote.pixNetworkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(remote.pixNetworkUrl).not.toBe(remote.url);
    expect(remote.output()).toContain(`Pix network on ${remote.pixNetworkUrl}`);
    const { brCode } = await ok(remote, '/api/v1/charge', { correlationID: 'rede-1', value: 990 });
    // Not on the API: exactly an unknown route's answer.
    const onApi = await remoteCall(remote, '/openpix/testing/pay', { method: 'POST', body: { brCode } });
    const unknown = await remoteCall(remote, '/openpix/no-such-route', { method: 'POST', body: { brCode } });
    expect(onApi).toEqual({ status: 404, body: { error: 'Rota não encontrada' } });
    expect(unknown).toEqual(onApi);
    // On the network, with the receiving account's AppID: the permissive sandbox's body and answer.
    const paid = await payBrCode(remote, brCode);
    expect(paid.status).toBe(200);
    expect(paid.body.charge).toMatchObject({ correlationID: 'rede-1', status: 'COMPLETED' });
    expect(paid.body.transaction).toMatchObject({ type: 'PAYMENT', value: 990 });
  });

  it('answers our extensions 404, like an unknown route', async () => {
    for (const [method, path] of [
      ['POST', '/openpix/testing/balance/block'],
      ['POST', '/openpix/testing/dispute'],
      ['POST', '/openpix/testing/payment/reverse'],
      ['GET', '/api/v1/webhook/x/deliveries'],
      ['POST', '/api/v1/webhook/x/replay'],
      ['POST', '/sandbox/clock'],
      ['GET', '/openapi.json'],
      ['GET', '/svc/charge/brcode/image/x.png'],
    ] as const) {
      expect(
        await remoteCall(remote, path, { method, body: method === 'POST' ? {} : undefined }),
        `${method} ${path}`,
      ).toEqual({
        status: 404,
        body: { error: 'Rota não encontrada' },
      });
    }
    // Its documented spelling answers, and the one without the slash too, as the real service's does.
    expect((await remoteCall(remote, '/api/v1/account/')).status).toBe(200);
    expect((await remoteCall(remote, '/api/v1/account')).status).toBe(200);
  });

  it('cuts answers to the documented schema and types values as the document does', async () => {
    const created = await ok(remote, '/api/v1/qrcode-static', { name: 'Mesa 4', value: 1250, identifier: 'mesa4' });
    // PixQrCode names no identifier, and types value as a string.
    expect(created.pixQrCode).not.toHaveProperty('identifier');
    expect(created.pixQrCode).not.toHaveProperty('id');
    expect(created.pixQrCode.value).toBe('1250');
    expect(created.pixQrCode).toMatchObject({ name: 'Mesa 4', brCode: created.brCode });
    const read = await ok(remote, '/api/v1/qrcode-static/mesa4');
    expect(read.pixQrCode.value).toBe('1250');
    expect(read.pixQrCode).not.toHaveProperty('identifier');

    // A charge's refunds list is documented without pageInfo.
    const { brCode } = await ok(remote, '/api/v1/charge', { correlationID: 'venda-1', value: 1500 });
    expect((await payBrCode(remote, brCode)).status).toBe(200);
    await ok(remote, '/api/v1/charge/venda-1/refund', { correlationID: 'dev-1', value: 500 });
    const refunds = await ok(remote, '/api/v1/charge/venda-1/refund');
    expect(refunds).not.toHaveProperty('pageInfo');
    expect(refunds.refunds).toEqual([expect.objectContaining({ correlationID: 'dev-1', value: 500 })]);
    // A documented list keeps its pageInfo, with the documented default page of 100.
    expect((await ok(remote, '/api/v1/charge')).pageInfo).toEqual({
      skip: 0,
      limit: 100,
      hasPreviousPage: false,
      hasNextPage: false,
    });
    expect(await remoteCall(remote, '/api/v1/charge?limit=101')).toMatchObject({ status: 400 });
  });

  it('pays through the documented simulator: a charge by transactionID, a static QR code by identifier', async () => {
    const { charge } = await ok(remote, '/api/v1/charge', { correlationID: 'sim-1', value: 700 });
    expect(charge.transactionID).toEqual(expect.any(String));
    await ok(remote, `/openpix/testing?transactionID=${charge.transactionID}`);
    expect((await ok(remote, '/api/v1/charge/sim-1')).charge.status).toBe('COMPLETED');

    await ok(remote, '/api/v1/qrcode-static', { name: 'Balcão', value: 300, identifier: 'simqr1' });
    await ok(remote, '/openpix/testing?identifier=simqr1');
    const { transactions } = await ok(remote, '/api/v1/transaction?pixQrCode=simqr1');
    expect(transactions).toEqual([expect.objectContaining({ value: 300, transactionID: 'simqr1' })]);
  });

  it('says its errors in Portuguese, with their status, and keeps the documented identifier text', async () => {
    expect(await remoteCall(remote, '/api/v1/charge/nao-existe')).toEqual({
      status: 400,
      body: { error: 'Cobrança não encontrada' },
    });
    expect(await remoteCall(remote, '/api/v1/transaction/nao-existe')).toEqual({
      status: 400,
      body: { error: 'Transação não encontrada' },
    });
    expect(await remoteCall(remote, '/api/v1/charge', { method: 'POST', body: { value: 'x' } })).toEqual({
      status: 400,
      body: { error: 'Requisição inválida' },
    });
    expect(await remoteCall({ url: remote.url, appId: 'nao-e-um-appid' }, '/api/v1/charge')).toEqual({
      status: 401,
      body: { error: 'appID inválido' },
    });
    // pretix (real-clients.md) sends one order twice: identifier and correlationID both repeated.
    const order = { name: 'PEDIDO9', correlationID: 'PEDIDO9', identifier: 'PEDIDO9', value: 10000 };
    await ok(remote, '/api/v1/qrcode-static', order);
    expect(await remoteCall(remote, '/api/v1/qrcode-static', { method: 'POST', body: order })).toEqual({
      status: 400,
      body: { error: 'Já existe um QRCode com este identificador. O identificador deve ser único' },
    });
  });

  it('links a Pix to a static QR code only if the code existed when the Pix arrived', async () => {
    const staticCode = (txid: string) => buildStaticBrCode({ pixKey, amountCents: 450, txid, ...MERCHANT });
    // Paid first, registered later: never linked, and its transactionID is the service's own.
    const early = await payBrCode(remote, staticCode('TARDE1'));
    expect(early.status).toBe(200);
    expect(early.body.transaction.transactionID).not.toBe('TARDE1');
    await ok(remote, '/api/v1/qrcode-static', { name: 'Tarde', value: 450, identifier: 'TARDE1' });
    expect((await ok(remote, '/api/v1/transaction?pixQrCode=TARDE1')).transactions).toEqual([]);
    const pix = await ok(remote, `/api/v1/transaction/${early.body.transaction.endToEndId}`);
    expect(pix.transaction.transactionID).not.toBe('TARDE1');
    expect(pix.transaction.pixQrCode ?? null).toBeNull();

    // The same code paid after it was registered: linked, with the identifier as its transactionID.
    const later = await payBrCode(remote, staticCode('TARDE1'));
    expect(later.body.transaction.transactionID).toBe('TARDE1');
    const linked = (await ok(remote, '/api/v1/transaction?pixQrCode=TARDE1')).transactions;
    expect(linked.map((t: { endToEndId: string }) => t.endToEndId)).toEqual([later.body.transaction.endToEndId]);
  });
});

describe('npm run serve -- --strict --page-size 2 --list-order oldest-first', () => {
  let remote: RemoteProcess;

  beforeAll(async () => {
    remote = await startRemote({ strict: true, args: ['--page-size', '2', '--list-order', 'oldest-first'] });
    for (let i = 1; i <= 5; i++) await ok(remote, '/api/v1/charge', { correlationID: `c${i}`, value: 100 * i });
  });
  afterAll(() => remote?.dispose());

  it('caps every page at 2 whatever limit is asked, oldest first, with pageInfo as used', async () => {
    const ids = (body: { charges: { correlationID: string }[] }) => body.charges.map((c) => c.correlationID);
    const first = await ok(remote, '/api/v1/charge?limit=100');
    expect(ids(first)).toEqual(['c1', 'c2']);
    expect(first.pageInfo).toEqual({ skip: 0, limit: 2, hasPreviousPage: false, hasNextPage: true });
    const second = await ok(remote, '/api/v1/charge?skip=2');
    expect(ids(second)).toEqual(['c3', 'c4']);
    expect(second.pageInfo).toEqual({ skip: 2, limit: 2, hasPreviousPage: true, hasNextPage: true });
    const last = await ok(remote, '/api/v1/charge?skip=4&limit=50');
    expect(ids(last)).toEqual(['c5']);
    expect(last.pageInfo).toEqual({ skip: 4, limit: 2, hasPreviousPage: true, hasNextPage: false });
    // A smaller limit than the cap is used as asked.
    const one = await ok(remote, '/api/v1/charge?limit=1&skip=1');
    expect(ids(one)).toEqual(['c2']);
    expect(one.pageInfo).toEqual({ skip: 1, limit: 1, hasPreviousPage: true, hasNextPage: true });
    // Empty values are no values (the PHP SDK writes unset ones as `key=`): capped like no limit.
    const unset = await ok(remote, '/api/v1/charge?skip=&limit=');
    expect(ids(unset)).toEqual(['c1', 'c2']);
    expect(unset.pageInfo).toEqual(first.pageInfo);
  });

  it('pages the other lists alike (transactions)', async () => {
    for (let i = 1; i <= 3; i++)
      expect(
        await ok(
          remote,
          `/openpix/testing?transactionID=${(await ok(remote, `/api/v1/charge/c${i}`)).charge.transactionID}`,
        ),
      ).toBeTruthy();
    const page = await ok(remote, '/api/v1/transaction');
    expect(page.transactions.map((t: { value: number }) => t.value)).toEqual([100, 200]);
    expect(page.pageInfo).toEqual({ skip: 0, limit: 2, hasPreviousPage: false, hasNextPage: true });
  });

  it('refuses the knobs without --strict', async () => {
    const child = spawnBuilt('serve', ['--port', '0', '--db', ':memory:', '--page-size', '2']);
    const { code } = await child.exited;
    expect(code).toBe(1);
    expect(child.stderr()).toContain('--page-size is valid only with --strict');
  });
});
