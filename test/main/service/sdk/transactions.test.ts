import { describe, expect, it } from 'vitest';
import type { Charge, PixQrCode, Transaction } from '#shared/service/resources';
import { buildStaticBrCode, isEndToEndId } from '#lib/pix';
import { as, paidCharge, sdkRejection, useSdkSandbox, type SdkSandbox } from './sdk-sandbox';

/** Three payments a minute apart: two charges (15:01, 15:03) and a static QR (15:02). */
async function threePayments(s: SdkSandbox) {
  s.clock.advance(60_000);
  const first = await paidCharge(s, 'pedido-a', 1000);
  s.clock.advance(60_000);
  const qr = as<PixQrCode>(
    (await s.woovi.pixQrCode.create({ name: 'Caixa', correlationID: 'caixa', value: 250 })).pixQrCode,
  );
  const viaQr = (await s.payBrCode(qr.brCode)).transaction;
  s.clock.advance(60_000);
  const third = await paidCharge(s, 'pedido-c', 3000);
  return { first, qr, viaQr, third };
}

describe('SDK transactions.* against the sandbox', () => {
  const s = useSdkSandbox();

  it('a charge payment is a PAYMENT transaction with the charge, payer and end-to-end id', async () => {
    const { woovi } = s();
    const created = as<Charge>(
      (
        await woovi.charge.create({
          correlationID: 'pedido-x',
          value: 4590,
          comment: 'Almoço',
          customer: { name: 'Maria', email: 'maria@example.com' },
        })
      ).charge,
    );
    s().clock.advance(90_000);
    const { transaction: fromPay } = await s().payBrCode(created.brCode);

    const { transaction } = await woovi.transactions.get({ id: fromPay.endToEndId });
    expect(s().requests.at(-1)).toEqual({
      method: 'GET',
      url: `/api/v1/transaction/${fromPay.endToEndId}`,
      status: 200,
    });
    const tx = as<Transaction>(transaction);
    expect(tx).toMatchObject({
      type: 'PAYMENT',
      status: 'CONFIRMED',
      value: 4590,
      time: '2026-11-22T15:01:30.000Z',
      endToEndId: fromPay.endToEndId,
      endToEndID: fromPay.endToEndId,
      charge: {
        correlationID: 'pedido-x',
        transactionID: created.transactionID,
        globalID: created.globalID,
        value: 4590,
        status: 'COMPLETED',
      },
    });
    expect(isEndToEndId(tx.endToEndId) && tx.endToEndId.startsWith('E')).toBe(true);
    expect(tx.globalID).toEqual(expect.any(String));
    expect(tx.payer?.name).toEqual(expect.any(String));
  });

  it('transactions.list with no arguments sends limit=10&skip=0 and lists newest first', async () => {
    const { woovi, other } = s();
    const { first, viaQr, third } = await threePayments(s());
    const theirs = await other.woovi.charge.create({ correlationID: 'deles', value: 77 });
    await s().payBrCode(theirs.charge.brCode!, other.appId);

    const listed = await woovi.transactions.list();
    expect(s().requests.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/v1/transaction?limit=10&skip=0',
      status: 200,
    });
    expect(listed.transactions.map((t) => [t.endToEndId, t.value])).toEqual([
      [third.transaction.endToEndId, 3000],
      [viaQr.endToEndId, 250],
      [first.transaction.endToEndId, 1000],
    ]);
    expect(listed.pageInfo).toEqual({ skip: 0, limit: 10, totalCount: 3, hasPreviousPage: false, hasNextPage: false });

    const page = await woovi.transactions.list({ pagination: { skip: 1, limit: 1 } });
    expect(s().requests.at(-1)!.url).toBe('/api/v1/transaction?skip=1&limit=1');
    expect(page.transactions.map((t) => t.endToEndId)).toEqual([viaQr.endToEndId]);
    expect(page.pageInfo).toEqual({ skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true });
  });

  it('transactions.list filters by charge (correlationID, globalID or transactionID)', async () => {
    const { woovi } = s();
    const { first, third } = await threePayments(s());
    for (const charge of ['pedido-c', third.charge.globalID, third.charge.transactionID]) {
      const { transactions } = await woovi.transactions.list({ query: { charge } });
      expect(
        transactions.map((t) => t.endToEndId),
        charge,
      ).toEqual([third.transaction.endToEndId]);
    }
    const combined = await woovi.transactions.list({
      pagination: { skip: 0, limit: 100 },
      query: { charge: 'pedido-a' },
    });
    expect(s().requests.at(-1)!.url).toBe('/api/v1/transaction?skip=0&limit=100&charge=pedido-a');
    expect(combined.transactions.map((t) => t.endToEndId)).toEqual([first.transaction.endToEndId]);
    // An unknown charge matches nothing.
    expect((await woovi.transactions.list({ query: { charge: 'nao-existe' } })).transactions).toEqual([]);
  });

  it('transactions.list filters by pixQrCode (id, correlationID or identifier)', async () => {
    const { woovi } = s();
    const { qr, viaQr } = await threePayments(s());
    for (const pixQrCode of [qr.id, 'caixa', qr.identifier]) {
      const { transactions } = await woovi.transactions.list({ query: { pixQrCode } });
      expect(
        transactions.map((t) => [t.endToEndId, t.value]),
        pixQrCode,
      ).toEqual([[viaQr.endToEndId, 250]]);
    }
  });

  // Issue 10: an offline sale is a static code of the counter's own (our key, the amount, a txid)
  // paid before the sale is registered as a static QR code with that txid as identifier. The
  // SDK's pixQrCode.create passes `identifier` through although its typing omits it.
  it('an offline sale paid before its static QR code exists is found by transactions.list({ pixQrCode, start, end })', async () => {
    const { woovi, clock, pixKey } = s();
    const start = clock.now().toISOString();
    clock.advance(60_000);
    const offline = buildStaticBrCode({
      pixKey,
      amountCents: 1890,
      txid: 'venda0042',
      merchantName: 'Padaria',
      merchantCity: 'Recife',
    });
    const { transaction: paid } = await s().payBrCode(offline);
    expect(paid).toMatchObject({ transactionID: 'venda0042', pixQrCode: null });
    const end = clock.now().toISOString();
    clock.advance(10 * 60_000);
    await woovi.pixQrCode.create({
      name: 'Venda 42',
      correlationID: 'sale-42',
      value: 1890,
      identifier: 'venda0042',
    } as { name: string });
    for (const pixQrCode of ['venda0042', 'sale-42']) {
      const { transactions } = await woovi.transactions.list({ query: { pixQrCode, start, end } });
      expect(
        transactions.map((t) => [t.endToEndId, t.transactionID, as<Transaction>(t).pixQrCode?.identifier]),
        pixQrCode,
      ).toEqual([[paid.endToEndId, 'venda0042', 'venda0042']]);
    }
  });

  it('transactions.list filters by start and end (the SDK percent-encodes the colons)', async () => {
    const { woovi } = s();
    const { viaQr, third } = await threePayments(s());
    const window = await woovi.transactions.list({
      query: { start: '2026-11-22T15:01:30Z', end: '2026-11-22T15:02:30Z' },
    });
    expect(s().requests.at(-1)!.url).toBe(
      '/api/v1/transaction?start=2026-11-22T15%3A01%3A30Z&end=2026-11-22T15%3A02%3A30Z',
    );
    expect(window.transactions.map((t) => t.endToEndId)).toEqual([viaQr.endToEndId]);
    const fromOn = await woovi.transactions.list({ query: { start: '2026-11-22T12:02:30-03:00' } });
    expect(fromOn.transactions.map((t) => t.endToEndId)).toEqual([third.transaction.endToEndId]);

    await sdkRejection(woovi.transactions.list({ query: { start: 'ontem' } }));
    expect(s().lastStatus()).toBe(400);
  });

  it('refunds appear as REFUND transactions pointing back at the payment', async () => {
    const { woovi, clock } = s();
    const { transaction } = await paidCharge(s(), 'pedido-r', 2000);
    clock.advance(60_000);
    await woovi.refund.create({ value: 500, transactionEndToEndId: transaction.endToEndId, correlationID: 'dev-r' });
    clock.advance(10_000);
    const { transactions } = await woovi.transactions.list();
    const refundTx = transactions.find((t) => t.type === 'REFUND');
    expect(refundTx, JSON.stringify(transactions)).toBeDefined();
    expect(as<Transaction>(refundTx)).toMatchObject({ value: 500, originalEndToEndId: transaction.endToEndId });
  });

  // The OpenAPI file lists only 200 and 400 {error} for get transaction.
  it('transactions.get of an unknown id, or another company\'s transaction, rejects 400 { error: "Transaction not found" }', async () => {
    const { woovi, other } = s();
    const theirs = await other.woovi.charge.create({ correlationID: 'deles', value: 77 });
    const paid = await s().payBrCode(theirs.charge.brCode!, other.appId);
    for (const id of ['nao-existe', 'E00000000202611221500abcdefghijk', paid.transaction.endToEndId]) {
      expect(await sdkRejection(woovi.transactions.get({ id }))).toEqual({ error: 'Transaction not found' });
      expect(s().lastStatus()).toBe(400);
    }
    expect((await woovi.transactions.list({ query: { charge: 'deles' } })).transactions).toEqual([]);
  });
});
