import { expect, it } from 'vitest';
import { describeContract } from '#test/support/harness';

describeContract('transactions', (h) => {
  async function seed() {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'c1', value: 1000 } });
    h().clock.advance(60_000);
    const onCharge = (await h().ok('sandboxPay', { query: { transactionID: charge.transactionID } })).transaction;
    const qr = (await h().ok('createPixQrCode', { body: { name: 'Balcão', value: 250, identifier: 'balcao1' } }))
      .pixQrCode;
    h().clock.advance(60_000);
    const onQr = (await h().ok('sandboxPay', { query: { identifier: 'balcao1' } })).transaction;
    h().clock.advance(60_000);
    await h().ok('createChargeRefund', { params: { id: 'c1' }, body: { correlationID: 'r', value: 100 } });
    h().clock.advance(2_000);
    await h().ok('listTransactions'); // the sweep settles the refund
    return { charge, qr, onCharge, onQr };
  }

  it('lists newest first and filters by charge, pixQrCode, type, start/end, hasWebhook and withdrawal', async () => {
    const { charge, qr, onCharge, onQr } = await seed();
    const all = await h().ok('listTransactions');
    expect(all.transactions.map((t: any) => t.type)).toEqual(['REFUND', 'PAYMENT', 'PAYMENT']);
    for (const id of ['c1', charge.transactionID, charge.globalID]) {
      const byCharge = await h().ok('listTransactions', { query: { charge: id } });
      expect(byCharge.transactions.map((t: any) => t.value)).toEqual([100, 1000]);
    }
    for (const id of ['balcao1', qr.correlationID, qr.id]) {
      expect(
        (await h().ok('listTransactions', { query: { pixQrCode: id } })).transactions.map((t: any) => t.endToEndId),
      ).toEqual([onQr.endToEndId]);
    }
    expect((await h().ok('listTransactions', { query: { type: 'PAYMENT' } })).transactions).toHaveLength(2);
    expect((await h().ok('listTransactions', { query: { type: 'WITHDRAW' } })).transactions).toHaveLength(0);
    const window = await h().ok('listTransactions', {
      query: { start: '2026-11-22T15:00:30Z', end: '2026-11-22T15:01:30Z' },
    });
    expect(window.transactions.map((t: any) => t.endToEndId)).toEqual([onCharge.endToEndId]);
    expect((await h().ok('listTransactions', { query: { hasWebhook: 'false' } })).transactions).toHaveLength(3);
    expect((await h().ok('listTransactions', { query: { hasWebhook: 'true' } })).transactions).toHaveLength(0);
    expect((await h().ok('listTransactions', { query: { withdrawal: 'nope' } })).transactions).toHaveLength(0);
    expect((await h().ok('listTransactions', { query: { charge: 'unknown' } })).transactions).toHaveLength(0);
    const paged = await h().ok('listTransactions', { query: { limit: '2' } });
    expect(paged.pageInfo).toEqual({ skip: 0, limit: 2, totalCount: 3, hasPreviousPage: false, hasNextPage: true });
  });

  // The OpenAPI file gives get transaction only 200 and 400 {error}: an unknown id is 400
  // "Transaction not found", and another company's transaction answers exactly alike.
  it('gets one by id, globalID or end-to-end id, and never another company’s', async () => {
    const { onCharge } = await seed();
    for (const id of [onCharge.endToEndId, onCharge.globalID]) {
      const { transaction } = await h().ok('getTransaction', { params: { id } });
      expect(transaction).toMatchObject({
        type: 'PAYMENT',
        value: 1000,
        endToEndId: onCharge.endToEndId,
        endToEndID: onCharge.endToEndId,
      });
      expect(transaction.charge).toMatchObject({ correlationID: 'c1', status: 'COMPLETED' });
    }
    const notFound = { status: 400, body: { error: 'Transaction not found' } };
    for (const id of [onCharge.endToEndId, onCharge.globalID]) {
      expect(await h().client.request('getTransaction', { params: { id } }, { appId: h().other.appId }), id).toEqual(
        notFound,
      );
    }
    expect((await h().client.request('listTransactions', {}, { appId: h().other.appId })) as any).toMatchObject({
      body: { transactions: [] },
    });
    for (const id of ['E00000000202611221500aaaaaaaaaaa', 'nao-existe']) {
      expect(await h().client.request('getTransaction', { params: { id } }), id).toEqual(notFound);
    }
  });

  // An empty `charge=` is no filter (parse-request.ts); one of blanks names no charge and is refused.
  it('answers bad filters with 400 { error }', async () => {
    for (const query of [
      { type: 'SALE' },
      { hasWebhook: 'yes' },
      { start: 'ontem' },
      { end: '2026-11-22' },
      { start: '2026-11-23T00:00:00Z', end: '2026-11-22T00:00:00Z' },
      { limit: '1000' },
      { skip: 'x' },
      { charge: ' ' },
    ]) {
      const reply = await h().client.request('listTransactions', { query });
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect('body' in reply && typeof (reply.body as any).error).toBe('string');
    }
  });
});
