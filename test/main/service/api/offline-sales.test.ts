// Issue 10, offline selling. With the service out of reach the counter shows a static BR Code of
// its own (the shop's key, the amount, a txid per sale) and the customer's bank pays the key
// directly. Back online, the counter registers each such sale as a static QR code whose
// identifier is that txid, and reads the transactions of the sale's time window, with and
// without the pixQrCode filter, to match payments to sales. These tests are that flow against
// the sandbox: the txid must survive the payment, and the payment must be found by the QR code
// registered before it or after it.
import { expect, it } from 'vitest';
import { buildStaticBrCode } from '#lib/pix';
import { describeContract, type Harness } from '#test/support/harness';

/** A static code as the counter builds it offline: our key, an amount, the sale's txid. */
function offlineCode(h: Harness, txid: string | undefined, amountCents: number | undefined, pixKey = h.pixKey): string {
  return buildStaticBrCode({ pixKey, amountCents, txid, merchantName: 'Padaria Pao Quente', merchantCity: 'Recife' });
}

async function payCode(h: Harness, brCode: string, extra: Record<string, unknown> = {}) {
  return (await h.ok('sandboxPayBrCode', { body: { brCode, ...extra } })).transaction;
}

async function listFor(h: Harness, query: Record<string, string>) {
  return (await h.ok('listTransactions', { query })).transactions as any[];
}

describeContract('offline sales: static codes to our key with a txid', (h) => {
  it('a key payment whose txid is a registered static QR code carries the txid and is found by the pixQrCode filter', async () => {
    const qr = (await h().ok('createPixQrCode', { body: { name: 'Venda offline 1', identifier: 'venda1' } })).pixQrCode;
    h().clock.advance(10_000);
    const paid = await payCode(h(), offlineCode(h(), 'venda1', 1234));
    // The real service shows a static QR code's payment with transactionID = the code's txid.
    expect(paid).toMatchObject({
      value: 1234,
      transactionID: 'venda1',
      pixQrCode: { id: qr.id, identifier: 'venda1', correlationID: qr.correlationID },
    });
    for (const id of ['venda1', qr.correlationID, qr.id]) {
      expect(
        (await listFor(h(), { pixQrCode: id })).map((t) => t.endToEndId),
        id,
      ).toEqual([paid.endToEndId]);
    }
    // The real sandbox's simulator pays the QR code's own BR Code: its identifier is the txid too.
    const simulated = (await h().ok('sandboxPay', { query: { identifier: 'venda1', value: '500' } })).transaction;
    expect(simulated).toMatchObject({ value: 500, transactionID: 'venda1', pixQrCode: { identifier: 'venda1' } });
  });

  it('a payment that arrived before its static QR code was registered is found by it afterwards', async () => {
    const start = h().clock.now().toISOString();
    h().clock.advance(60_000);
    const paid = await payCode(h(), offlineCode(h(), 'offline42', 2590));
    // Accepted as real Pix would: a plain Pix in to our key, with its txid, linked to nothing yet.
    expect(paid).toMatchObject({
      type: 'PAYMENT',
      value: 2590,
      transactionID: 'offline42',
      pixQrCode: null,
      charge: null,
    });
    expect(await listFor(h(), { pixQrCode: 'offline42' })).toEqual([]);
    h().clock.advance(60_000);
    const end = h().clock.now().toISOString();

    h().clock.advance(30 * 60_000); // the counter comes back half an hour later
    const qr = (
      await h().ok('createPixQrCode', {
        body: { name: 'Venda offline 42', value: 2590, identifier: 'offline42', correlationID: 'sale-42' },
      })
    ).pixQrCode;
    for (const id of ['offline42', 'sale-42', qr.id]) {
      const found = await listFor(h(), { pixQrCode: id, start, end });
      expect(
        found.map((t) => t.endToEndId),
        id,
      ).toEqual([paid.endToEndId]);
      expect(found[0]).toMatchObject({
        transactionID: 'offline42',
        pixQrCode: { id: qr.id, identifier: 'offline42', correlationID: 'sale-42', name: 'Venda offline 42' },
      });
    }
    // The window without the filter finds it as well; one ending before the payment does not.
    expect((await listFor(h(), { start, end })).map((t) => t.endToEndId)).toEqual([paid.endToEndId]);
    expect(await listFor(h(), { pixQrCode: 'offline42', start, end: start })).toEqual([]);
    const { transaction } = await h().ok('getTransaction', { params: { id: paid.endToEndId } });
    expect(transaction.pixQrCode).toMatchObject({ id: qr.id, identifier: 'offline42' });

    // A refund of the sale follows its QR code too.
    await h().ok('createRefund', {
      body: { transactionEndToEndId: paid.endToEndId, correlationID: 'dev-42', value: 590 },
    });
    h().clock.advance(2_000);
    const withRefund = await listFor(h(), { pixQrCode: 'sale-42' });
    expect(withRefund.map((t) => [t.type, t.value])).toEqual([
      ['REFUND', 590],
      ['PAYMENT', 2590],
    ]);
  });

  it('dropTxid pays as a bank that drops the txid: recorded without it, linked to nothing', async () => {
    await h().ok('createPixQrCode', { body: { name: 'Venda 7', identifier: 'venda7' } });
    const start = h().clock.now().toISOString();
    h().clock.advance(1_000);
    const paid = await payCode(h(), offlineCode(h(), 'venda7', 800), { dropTxid: true });
    expect(paid).toMatchObject({ value: 800, pixQrCode: null, charge: null });
    expect(paid.transactionID).toMatch(/^[0-9a-f]{32}$/);
    expect(await listFor(h(), { pixQrCode: 'venda7' })).toEqual([]);
    // Only the unfiltered window shows it: the counter matches such payments by amount and time.
    expect((await listFor(h(), { start, end: h().clock.now().toISOString() })).map((t) => t.endToEndId)).toEqual([
      paid.endToEndId,
    ]);
    expect(
      h().engine.db.prepare('SELECT txid FROM transactions WHERE end_to_end_id = ?').pluck().get(paid.endToEndId),
    ).toBeNull();
    // dropTxid: false is the ordinary payment.
    expect(await payCode(h(), offlineCode(h(), 'venda7', 800), { dropTxid: false })).toMatchObject({
      transactionID: 'venda7',
      pixQrCode: { identifier: 'venda7' },
    });
  });

  it('refuses a bad dropTxid, dropTxid on a dynamic code and another account’s key, and writes nothing', async () => {
    const { charge } = await h().ok('createCharge', { body: { correlationID: 'c1', value: 100 } });
    const before = h().counts('transactions', 'events', 'charges', 'pix_qr_codes');
    for (const body of [
      { brCode: offlineCode(h(), 'venda8', 100), dropTxid: 'yes' },
      { brCode: offlineCode(h(), 'venda8', 100), dropTxid: 1 },
      { brCode: offlineCode(h(), 'venda8', 100), dropTxid: null },
      { brCode: charge.brCode, dropTxid: true },
    ]) {
      const reply = await h().client.request('sandboxPayBrCode', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect('body' in reply && typeof (reply.body as any).error).toBe('string');
    }
    const stranger = offlineCode(h(), 'venda8', 100, h().other.pixKey);
    expect(await h().client.request('sandboxPayBrCode', { body: { brCode: stranger } })).toMatchObject({ status: 404 });
    expect(await h().client.request('sandboxPayBrCode', { body: { brCode: stranger, dropTxid: true } })).toMatchObject({
      status: 404,
    });
    expect(h().counts('transactions', 'events', 'charges', 'pix_qr_codes')).toEqual(before);
    expect((await h().ok('getCharge', { params: { id: 'c1' } })).charge.status).toBe('ACTIVE');
  });

  it('keeps the amount rules: a fixed amount cannot be changed, an open amount needs value', async () => {
    const fixed = offlineCode(h(), 'venda9', 1500);
    expect(await h().client.request('sandboxPayBrCode', { body: { brCode: fixed, value: 1400 } })).toMatchObject({
      status: 400,
    });
    expect(await payCode(h(), fixed, { value: 1500 })).toMatchObject({ value: 1500, transactionID: 'venda9' });
    const open = offlineCode(h(), 'venda10', undefined);
    expect(await h().client.request('sandboxPayBrCode', { body: { brCode: open } })).toMatchObject({ status: 400 });
    expect(await payCode(h(), open, { value: 321 })).toMatchObject({ value: 321, transactionID: 'venda10' });
    expect(h().counts('transactions').transactions).toBe(2);
  });

  it('a txid naming another company’s static QR code is only a txid here: never linked to theirs', async () => {
    const theirs = (await h().client.request(
      'createPixQrCode',
      { body: { name: 'Deles', identifier: 'deles1' } },
      { appId: h().other.appId },
    )) as any;
    expect(theirs.status).toBe(200);
    const paid = await payCode(h(), offlineCode(h(), 'deles1', 700));
    expect(paid).toMatchObject({ transactionID: 'deles1', pixQrCode: null });
    expect(await listFor(h(), { pixQrCode: 'deles1' })).toEqual([]);
    const theirList = (await h().client.request(
      'listTransactions',
      { query: { pixQrCode: 'deles1' } },
      { appId: h().other.appId },
    )) as any;
    expect(theirList.body.transactions).toEqual([]);
    const theirAll = (await h().client.request('listTransactions', {}, { appId: h().other.appId })) as any;
    expect(theirAll.body.transactions).toEqual([]);
  });

  it('a txid paid twice names two payments: lookups by it are refused, the end-to-end ids work', async () => {
    const code = offlineCode(h(), 'duas', 1000);
    const first = await payCode(h(), code);
    h().clock.advance(1_000);
    const second = await payCode(h(), code);
    expect([first.transactionID, second.transactionID]).toEqual(['duas', 'duas']);
    const ambiguous = await h().client.request('getTransaction', { params: { id: 'duas' } });
    expect(ambiguous).toMatchObject({ status: 400, body: { error: expect.stringContaining('more than one payment') } });
    const before = h().counts('refunds', 'transactions');
    const refund = await h().client.request('createRefund', {
      body: { transactionEndToEndId: 'duas', correlationID: 'dev-1', value: 100 },
    });
    expect(refund).toMatchObject({ status: 400, body: { error: expect.stringContaining('more than one payment') } });
    expect(h().counts('refunds', 'transactions')).toEqual(before);
    // As a list filter it is no error: a txid names no withdrawal, so nothing matches.
    expect(await listFor(h(), { withdrawal: 'duas' })).toEqual([]);
    expect((await h().ok('getTransaction', { params: { id: second.endToEndId } })).transaction.endToEndId).toBe(
      second.endToEndId,
    );
    await h().ok('createRefund', {
      body: { transactionEndToEndId: second.endToEndId, correlationID: 'dev-1', value: 100 },
    });
  });

  it('lists a QR code’s payments, paid through it and by txid, newest first in stable pages', async () => {
    const early = await payCode(h(), offlineCode(h(), 'caixa3', 100)); // before registration: by txid
    h().clock.advance(1_000);
    const qr = (await h().ok('createPixQrCode', { body: { name: 'Caixa 3', identifier: 'caixa3' } })).pixQrCode;
    await payCode(h(), offlineCode(h(), 'outra', 5)); // another sale, never in this QR code's list
    const own = await payCode(h(), qr.brCode, { value: 200 }); // through the code: linked by id
    const sameInstant = await payCode(h(), offlineCode(h(), 'caixa3', 300)); // same instant as `own`
    h().clock.advance(1_000);
    const late = (await h().ok('sandboxPay', { query: { identifier: 'caixa3', value: '400' } })).transaction;
    const expected = [late, sameInstant, own, early].map((t) => t.endToEndId);

    expect((await listFor(h(), { pixQrCode: qr.id })).map((t) => t.endToEndId)).toEqual(expected);
    const pages: string[] = [];
    for (let skip = 0; skip < 5; skip++) {
      const page = await h().ok('listTransactions', { query: { pixQrCode: 'caixa3', limit: '1', skip: String(skip) } });
      expect(page.pageInfo).toEqual({
        skip,
        limit: 1,
        totalCount: 4,
        hasPreviousPage: skip > 0,
        hasNextPage: skip < 3,
      });
      pages.push(...page.transactions.map((t: any) => t.endToEndId));
    }
    expect(pages).toEqual(expected);
    const two = await h().ok('listTransactions', { query: { pixQrCode: qr.correlationID, limit: '2', skip: '2' } });
    expect(two.transactions.map((t: any) => t.endToEndId)).toEqual(expected.slice(2));
    expect(two.pageInfo.hasNextPage).toBe(false);
  });
});
