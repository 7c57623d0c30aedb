import { expect, it } from 'vitest';
import { buildStaticBrCode } from '#lib/pix';
import { describeContract, type Harness } from '#test/support/harness';

async function charge(h: Harness, correlationID: string, value: number, extra: Record<string, unknown> = {}) {
  return (await h.ok('createCharge', { body: { correlationID, value, ...extra } })).charge;
}

describeContract('sandbox payments', (h) => {
  it('pays a charge by transactionID as the real sandbox does: COMPLETED, a PAYMENT transaction, events', async () => {
    const created = await charge(h(), 'venda-1', 1234);
    h().clock.advance(30_000);
    const paid = await h().ok('sandboxPay', { query: { transactionID: created.transactionID } });
    expect(paid.charge).toMatchObject({ status: 'COMPLETED', paidValue: 1234, paidAt: '2026-11-22T15:00:30.000Z' });
    expect(paid.transaction).toMatchObject({
      type: 'PAYMENT',
      status: 'CONFIRMED',
      value: 1234,
      infoPagador: 'OpenPix testing',
    });
    expect(paid.transaction.endToEndId).toMatch(/^E00000000202611221500[a-zA-Z0-9]{11}$/);
    const names = h().engine.db.prepare('SELECT name FROM events ORDER BY seq').pluck().all();
    expect(names).toEqual(
      expect.arrayContaining(['OPENPIX:CHARGE_CREATED', 'OPENPIX:CHARGE_COMPLETED', 'OPENPIX:TRANSACTION_RECEIVED']),
    );
    const balance = h().engine.db.prepare('SELECT SUM(balance_total) FROM bank_accounts').pluck().get();
    expect(balance).toBe(1234);
  });

  it('pays a dynamic BR Code through its location, and never twice', async () => {
    const created = await charge(h(), 'venda-2', 990, { customer: { name: 'Ana', email: 'ana@example.com' } });
    const paid = await h().ok('sandboxPayBrCode', {
      body: { brCode: created.brCode, payer: { name: 'Ana Souza', taxID: '529.982.247-25' } },
    });
    expect(paid.charge.status).toBe('COMPLETED');
    expect(paid.charge.payer).toEqual({ name: 'Ana Souza', taxID: { taxID: '52998224725', type: 'BR:CPF' } });
    const again = await h().client.request('sandboxPayBrCode', { body: { brCode: created.brCode } });
    expect(again).toMatchObject({ status: 400, body: { error: 'Charge is not active' } });
    expect(h().counts('transactions').transactions).toBe(1);
  });

  it('refuses a value different from what the charge asks, an expired charge, and another company’s code', async () => {
    const created = await charge(h(), 'venda-3', 500, { expiresIn: 300 });
    const before = h().counts('transactions', 'events');
    expect(
      (await h().client.request('sandboxPayBrCode', { body: { brCode: created.brCode, value: 499 } })).status,
    ).toBe(400);
    expect(
      (await h().client.request('sandboxPayBrCode', { body: { brCode: created.brCode } }, { appId: h().other.appId }))
        .status,
    ).toBe(404);
    expect(
      (
        await h().client.request(
          'sandboxPay',
          { query: { transactionID: created.transactionID } },
          { appId: h().other.appId },
        )
      ).status,
    ).toBe(404);
    h().clock.advance(301_000);
    expect(await h().client.request('sandboxPay', { query: { transactionID: created.transactionID } })).toMatchObject({
      status: 400,
    });
    expect(h().counts('transactions').transactions).toBe(before.transactions);
  });

  it('pays an OVERDUE charge with the amount due on the payment day', async () => {
    const created = await charge(h(), 'boleto', 10_000, {
      type: 'OVERDUE',
      dueDate: '2026-11-24',
      fines: { value: 200 },
      interests: { value: 10 },
    });
    h().clock.set('2026-11-26T15:00:00Z'); // 2 days late: fine 200 + interest 10000 × 10bp × 2 = 20
    const paid = await h().ok('sandboxPayBrCode', { body: { brCode: created.brCode } });
    expect(paid.transaction.value).toBe(10_220);
  });

  it('pays static QR codes: fixed value by identifier, open amount with a value, and a plain key payment', async () => {
    const fixed = (await h().ok('createPixQrCode', { body: { name: 'Caixa 1', value: 700, identifier: 'caixa1' } }))
      .pixQrCode;
    const open = (await h().ok('createPixQrCode', { body: { name: 'Doações' } })).pixQrCode;
    const byId = await h().ok('sandboxPay', { query: { identifier: 'caixa1' } });
    expect(byId.transaction).toMatchObject({ value: 700, pixQrCode: { identifier: 'caixa1' } });
    expect((await h().client.request('sandboxPayBrCode', { body: { brCode: open.brCode } })).status).toBe(400);
    const openPaid = await h().ok('sandboxPayBrCode', { body: { brCode: open.brCode, value: 2500 } });
    expect(openPaid.transaction.value).toBe(2500);
    const fixedPaid = await h().ok('sandboxPayBrCode', { body: { brCode: fixed.brCode } });
    expect(fixedPaid.transaction.value).toBe(700);
    // Any static code to our key is payable, as a bank would send it.
    const plain = buildStaticBrCode({
      pixKey: h().pixKey,
      amountCents: 150,
      merchantName: 'Loja',
      merchantCity: 'Recife',
    });
    expect((await h().ok('sandboxPayBrCode', { body: { brCode: plain } })).transaction.value).toBe(150);
    const stranger = buildStaticBrCode({
      pixKey: h().other.pixKey,
      amountCents: 150,
      merchantName: 'Outra',
      merchantCity: 'Recife',
    });
    expect((await h().client.request('sandboxPayBrCode', { body: { brCode: stranger } })).status).toBe(404);
  });

  it('answers bad input with 400 { error } and writes nothing', async () => {
    await charge(h(), 'x', 100);
    const before = h().counts('transactions', 'events', 'charges');
    for (const body of [
      undefined,
      {},
      { brCode: 5 },
      { brCode: '' },
      { brCode: '000201' },
      { brCode: 'x'.repeat(600) },
      { brCode: 'abc', value: -1 },
      { brCode: 'abc', value: 1.5 },
      { brCode: 'abc', payer: { name: '' } },
    ]) {
      const reply = await h().client.request('sandboxPayBrCode', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect('body' in reply && typeof (reply.body as any).error).toBe('string');
    }
    for (const query of [
      {},
      { transactionID: 'a', identifier: 'b' },
      { identifier: 'q', value: '1.5' },
      { transactionID: 'x', value: '-1' },
    ]) {
      expect((await h().client.request('sandboxPay', { query })).status, JSON.stringify(query)).toBe(400);
    }
    expect((await h().client.request('sandboxPay', { query: { transactionID: 'unknown' } })).status).toBe(404);
    expect((await h().client.request('sandboxPay', { query: { transactionID: 'x' } }, { appId: null })).status).toBe(
      401,
    );
    expect(h().counts('transactions', 'events', 'charges')).toEqual(before);
  });

  it('a deleted charge cannot be paid, and a paid charge cannot be deleted', async () => {
    const created = await charge(h(), 'del', 100);
    await h().ok('sandboxPay', { query: { transactionID: created.transactionID } });
    expect(await h().client.request('deleteCharge', { params: { id: 'del' } })).toMatchObject({ status: 400 });
    const other = await charge(h(), 'del2', 100);
    await h().ok('deleteCharge', { params: { id: 'del2' } });
    expect((await h().client.request('sandboxPayBrCode', { body: { brCode: other.brCode } })).status).toBe(404);
  });
});
