import { expect, it } from 'vitest';
import { describeContract, type Harness } from '#test/support/harness';

async function paid(h: Harness, correlationID: string, value: number) {
  const { charge } = await h.ok('createCharge', { body: { correlationID, value } });
  return (await h.ok('sandboxPayBrCode', { body: { brCode: charge.brCode } })).transaction;
}

describeContract('refunds', (h) => {
  it('refunds part of a payment twice, refuses going over, and settles IN_PROCESSING → CONFIRMED', async () => {
    const payment = await paid(h(), 'venda', 1000);
    const first = await h().ok('createChargeRefund', {
      params: { id: 'venda' },
      body: { correlationID: 'r1', value: 300, comment: 'Troca' },
    });
    expect(first.refund).toMatchObject({ value: 300, status: 'IN_PROCESSING', correlationID: 'r1', comment: 'Troca' });
    expect(first.refund.endToEndId).toMatch(/^D54811417\d{12}[a-zA-Z0-9]{11}$/);
    const second = await h().ok('createRefund', {
      body: { value: 500, transactionEndToEndId: payment.endToEndId, correlationID: 'r2', comment: 'Desistência' },
    });
    expect(second.refund).toMatchObject({
      value: 500,
      status: 'IN_PROCESSING',
      originalEndToEndId: payment.endToEndId,
    });
    expect(second.refund.refundId).toMatch(/^[0-9a-f]{32}$/);

    const before = h().counts('refunds', 'events', 'transactions');
    const over = await h().client.request('createRefund', {
      body: { value: 201, transactionEndToEndId: payment.endToEndId, correlationID: 'r3' },
    });
    expect(over.status).toBe(400);
    expect('body' in over && (over.body as any).error).toMatch(/exceeds/);
    expect(h().counts('refunds', 'events', 'transactions')).toEqual(before);

    // Without a value, the charge refund takes what is left: 200.
    const rest = await h().ok('createChargeRefund', { params: { id: 'venda' }, body: { correlationID: 'r4' } });
    expect(rest.refund.value).toBe(200);
    expect(
      (
        await h().client.request('createChargeRefund', {
          params: { id: 'venda' },
          body: { correlationID: 'r5', value: 1 },
        })
      ).status,
    ).toBe(400);

    h().clock.advance(2_000);
    const listed = await h().ok('listChargeRefunds', { params: { id: 'venda' } });
    expect(listed.refunds.map((r: any) => [r.correlationID, r.status])).toEqual([
      ['r4', 'CONFIRMED'],
      ['r2', 'CONFIRMED'],
      ['r1', 'CONFIRMED'],
    ]);
    const got = await h().ok('getRefund', { params: { id: 'r2' } });
    expect(got.pixTransactionRefund).toMatchObject({ status: 'REFUNDED', value: 500 });
    const refunds = await h().ok('listTransactions', { query: { type: 'REFUND' } });
    expect(refunds.transactions.map((t: any) => t.value).sort()).toEqual([200, 300, 500]);
    expect(
      h()
        .engine.db.prepare(
          'SELECT balance_total, balance_blocked FROM bank_accounts WHERE balance_total > 0 OR balance_blocked > 0',
        )
        .all(),
    ).toEqual([]);
    const names = h().engine.db.prepare('SELECT name FROM events').pluck().all();
    expect(names.filter((n) => n === 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED')).toHaveLength(3);
  });

  it('gets a refund by refundId or correlationID and lists them newest first with pageInfo', async () => {
    const payment = await paid(h(), 'v', 900);
    for (const i of [1, 2, 3]) {
      h().clock.advance(100);
      await h().ok('createRefund', {
        body: { value: 100, transactionEndToEndId: payment.endToEndId, correlationID: `d${i}` },
      });
    }
    const { pixTransactionRefund } = await h().ok('getRefund', { params: { id: 'd2' } });
    expect(
      (await h().ok('getRefund', { params: { id: pixTransactionRefund.refundId } })).pixTransactionRefund.correlationID,
    ).toBe('d2');
    const page = await h().ok('listRefunds', { query: { limit: '2' } });
    expect(page.refunds.map((r: any) => r.correlationID)).toEqual(['d3', 'd2']);
    expect(page.pageInfo).toEqual({ skip: 0, limit: 2, totalCount: 3, hasPreviousPage: false, hasNextPage: true });
    expect(await h().client.request('getRefund', { params: { id: 'nope' } })).toEqual({
      status: 400,
      body: { error: 'Refund not found' },
    });
  });

  // GET /api/v1/refund/{id}: the spec and the Java/Kotlin SDK (woovibr/java-sdk, Refund.kt's
  // RefundResponse) read `pixTransactionRefund`; WHMCS (ianchamba/openpix-whmcs, openpix.php) reads
  // `refund.status` and takes an `{error}` answer to mean the id is free. Both, the same object.
  it('answers GET /api/v1/refund/{id} as WHMCS and the Java SDK read it: refund and pixTransactionRefund, the same object', async () => {
    const payment = await paid(h(), 'whmcs-invoice', 2_000);
    // WHMCS first asks whether its candidate id is taken: an {error} answer means free.
    const free = await h().client.request('getRefund', { params: { id: 'whmcs-refund-7' } });
    expect(free.status).toBe(400);
    expect('body' in free && Object.keys(free.body as object)).toEqual(['error']);
    const created = await h().ok('createRefund', {
      body: {
        value: 750,
        transactionEndToEndId: payment.endToEndId,
        correlationID: 'whmcs-refund-7',
        comment: 'Reembolso fatura 7',
      },
    });
    expect(created.pixTransactionRefund).toEqual(created.refund);
    for (const id of ['whmcs-refund-7', created.refund.refundId]) {
      const got = await h().ok('getRefund', { params: { id } });
      expect(Object.keys(got).sort()).toEqual(['pixTransactionRefund', 'refund']);
      expect(got.refund).toEqual(got.pixTransactionRefund);
      expect(got.refund).toMatchObject({
        value: 750,
        correlationID: 'whmcs-refund-7',
        refundId: created.refund.refundId,
        status: 'IN_PROCESSING',
        returnIdentification: expect.stringMatching(/^D54811417/),
        time: expect.any(String),
        comment: 'Reembolso fatura 7',
      });
    }
    h().clock.advance(2_000);
    expect((await h().ok('getRefund', { params: { id: 'whmcs-refund-7' } })).refund.status).toBe('REFUNDED');
    // Another company's refund is "not found" like any unknown id.
    expect(
      await h().client.request('getRefund', { params: { id: 'whmcs-refund-7' } }, { appId: h().other.appId }),
    ).toEqual({
      status: 400,
      body: { error: 'Refund not found' },
    });
  });

  it('refuses unpaid charges, other companies’ payments, the 90-day window and bad input, writing nothing', async () => {
    const payment = await paid(h(), 'pago', 1000);
    await h().ok('createCharge', { body: { correlationID: 'aberta', value: 100 } });
    const before = h().counts('refunds', 'events', 'transactions');
    expect(
      (await h().client.request('createChargeRefund', { params: { id: 'aberta' }, body: { correlationID: 'a' } }))
        .status,
    ).toBe(400);
    expect(
      await h().client.request('createChargeRefund', { params: { id: 'nada' }, body: { correlationID: 'a' } }),
    ).toEqual({ status: 400, body: { error: 'Charge not found' } });
    const asOther = { appId: h().other.appId };
    expect(
      (
        await h().client.request(
          'createRefund',
          { body: { value: 1, transactionEndToEndId: payment.endToEndId, correlationID: 'x' } },
          asOther,
        )
      ).status,
    ).toBe(400);
    expect(
      await h().client.request('createChargeRefund', { params: { id: 'pago' }, body: { correlationID: 'x' } }, asOther),
    ).toEqual({ status: 400, body: { error: 'Charge not found' } });
    const valid = { value: 100, transactionEndToEndId: payment.endToEndId, correlationID: 'ok' };
    for (const body of [
      undefined,
      [],
      { ...valid, value: '1,00' },
      { ...valid, value: 1.5 },
      { ...valid, value: -5 },
      { ...valid, value: 0 },
      { ...valid, correlationID: '' },
      // A whole number is its text (client-spellings.test.ts); a fraction or a boolean is not.
      { ...valid, correlationID: 7.5 },
      { ...valid, correlationID: true },
      { ...valid, transactionEndToEndId: '' },
      { ...valid, transactionEndToEndId: 'E0000000020261122150000000000000' },
      { ...valid, comment: 'x'.repeat(141) },
      { ...valid, comment: 3 },
    ]) {
      const reply = await h().client.request('createRefund', { body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { correlationID: 'c', value: 0 }, { correlationID: 'c', comment: 'x'.repeat(141) }]) {
      expect((await h().client.request('createChargeRefund', { params: { id: 'pago' }, body })).status).toBe(400);
    }
    expect(h().counts('refunds', 'events', 'transactions')).toEqual(before);
    h().clock.advance(91 * 86_400_000);
    expect(await h().client.request('createRefund', { body: valid })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/90 days/) },
    });
  });

  // The spec's error table gives "Charge refunds list and create" only 200 and 400, and the OpenAPI
  // file gives get refund only 200 and 400 {error}: an id that names nothing of the caller's is a
  // 400, and another company's charge or refund answers exactly like an unknown id.
  it('answers 400 "Charge not found" to a charge\'s refunds list and create, and 400 "Refund not found" to get refund, for unknown and for another company\'s ids', async () => {
    const asOther = { appId: h().other.appId };
    const { charge } = (
      (await h().client.request('createCharge', { body: { correlationID: 'deles', value: 1000 } }, asOther)) as {
        body: any;
      }
    ).body;
    expect((await h().client.request('sandboxPayBrCode', { body: { brCode: charge.brCode } }, asOther)).status).toBe(
      200,
    );
    const theirRefund = await h().client.request(
      'createChargeRefund',
      { params: { id: 'deles' }, body: { correlationID: 'deles-r', value: 100 } },
      asOther,
    );
    expect(theirRefund.status).toBe(200);
    const { refundId } = (
      (await h().client.request('getRefund', { params: { id: 'deles-r' } }, asOther)) as { body: any }
    ).body.pixTransactionRefund;
    const before = h().counts('refunds', 'events', 'transactions');

    const noCharge = { status: 400, body: { error: 'Charge not found' } };
    for (const id of ['nao-existe', 'deles', charge.globalID, charge.transactionID]) {
      expect(await h().client.request('listChargeRefunds', { params: { id } }), `list ${id}`).toEqual(noCharge);
      expect(
        await h().client.request('createChargeRefund', { params: { id }, body: { correlationID: 'meu', value: 100 } }),
        `create ${id}`,
      ).toEqual(noCharge);
    }
    const noRefund = { status: 400, body: { error: 'Refund not found' } };
    for (const id of ['nao-existe', 'deles-r', refundId]) {
      expect(await h().client.request('getRefund', { params: { id } }), `get ${id}`).toEqual(noRefund);
    }
    expect(h().counts('refunds', 'events', 'transactions')).toEqual(before);
    const theirs = await h().client.request('listChargeRefunds', { params: { id: 'deles' } }, asOther);
    expect(theirs).toMatchObject({ status: 200, body: { refunds: [{ correlationID: 'deles-r', value: 100 }] } });
  });

  // A refund's correlationID is its idempotency key (Stripe's model): the same request again gets
  // the refund it made, as it is now; the key reused for another request is a 400. Either way,
  // nothing is written: no refund, no transaction, no event, no money blocked.
  const ledger = () => ({
    ...h().counts('refunds', 'events', 'transactions'),
    balances: h().engine.db.prepare('SELECT balance_total, balance_blocked FROM bank_accounts ORDER BY id').all(),
  });

  it('answers a charge refund repeated with the same body with the refund it made, and writes nothing', async () => {
    await paid(h(), 'venda', 1000);
    const body = { correlationID: 'dev-1', value: 300, comment: 'Troca' };
    const first = await h().ok('createChargeRefund', { params: { id: 'venda' }, body });
    const before = ledger();
    // The parser's normal forms count as the same body: correlationID trimmed, null read as absent.
    for (const again of [body, { ...body, correlationID: '  dev-1 ' }]) {
      expect(await h().client.request('createChargeRefund', { params: { id: 'venda' }, body: again })).toEqual({
        status: 200,
        body: first,
      });
    }
    // The charge named by another of its ids is the same charge.
    const { charge } = await h().ok('getCharge', { params: { id: 'venda' } });
    expect(await h().ok('createChargeRefund', { params: { id: charge.transactionID }, body })).toEqual(first);
    expect(ledger()).toEqual(before);

    // Without a value: the rest (700) the first time, the same refund afterwards, though nothing is left.
    const rest = await h().ok('createChargeRefund', {
      params: { id: 'venda' },
      body: { correlationID: 'dev-2', comment: null },
    });
    expect(rest.refund).toMatchObject({ value: 700, correlationID: 'dev-2' });
    expect(rest.refund).not.toHaveProperty('comment');
    const afterRest = ledger();
    expect(await h().ok('createChargeRefund', { params: { id: 'venda' }, body: { correlationID: 'dev-2' } })).toEqual(
      rest,
    );
    expect(ledger()).toEqual(afterRest);

    // Settled, and past the 90 days in which a new refund could be made: the repeat shows it as it is now.
    h().clock.advance(91 * 86_400_000);
    expect(await h().ok('createChargeRefund', { params: { id: 'venda' }, body })).toEqual({
      refund: { ...first.refund, status: 'CONFIRMED' },
    });
    const settled = ledger();
    expect(await h().ok('createChargeRefund', { params: { id: 'venda' }, body })).toEqual({
      refund: { ...first.refund, status: 'CONFIRMED' },
    });
    expect(ledger()).toEqual(settled);
  });

  it('answers a /refund repeated with the same body with the refund it made, whichever id names the payment, and writes nothing', async () => {
    const payment = await paid(h(), 'venda', 1000);
    const body = { value: 250, transactionEndToEndId: payment.endToEndId, correlationID: 'dev-1', comment: 'Parcial' };
    const first = await h().ok('createRefund', { body });
    const before = ledger();
    for (const again of [
      body,
      { ...body, transactionEndToEndId: payment.transactionID },
      { ...body, correlationID: 'dev-1 ' },
    ]) {
      expect(await h().client.request('createRefund', { body: again }), JSON.stringify(again)).toEqual({
        status: 200,
        body: first,
      });
    }
    // The same refund asked through the charge's endpoint, with the same value and comment, is the same request.
    const viaCharge = await h().ok('createChargeRefund', {
      params: { id: 'venda' },
      body: { correlationID: 'dev-1', value: 250, comment: 'Parcial' },
    });
    expect(viaCharge.refund).toMatchObject({
      value: 250,
      correlationID: 'dev-1',
      endToEndId: first.refund.endToEndId,
      time: first.refund.time,
    });
    expect(ledger()).toEqual(before);
  });

  it('makes one refund of two copies of a request in flight at once', async () => {
    await paid(h(), 'venda', 1000);
    const body = { correlationID: 'dev-1', value: 400 };
    const [a, b] = await Promise.all([
      h().client.request('createChargeRefund', { params: { id: 'venda' }, body }),
      h().client.request('createChargeRefund', { params: { id: 'venda' }, body }),
    ]);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(h().counts('refunds', 'events')).toMatchObject({ refunds: 1 });
    expect(h().engine.db.prepare('SELECT SUM(balance_blocked) FROM bank_accounts').pluck().get()).toBe(400);
  });

  it('refuses a correlationID reused with a different value, comment, charge or transaction (400), writing nothing', async () => {
    const payment = await paid(h(), 'venda', 1000);
    const another = await paid(h(), 'outra', 1000);
    const first = await h().ok('createChargeRefund', {
      params: { id: 'venda' },
      body: { correlationID: 'dev-1', value: 300, comment: 'Troca' },
    });
    await h().ok('createChargeRefund', {
      params: { id: 'venda' },
      body: { correlationID: 'dev-resto-parcial', value: 100 },
    });
    await h().ok('createRefund', {
      body: { value: 100, transactionEndToEndId: another.endToEndId, correlationID: 'dev-2' },
    });
    const before = ledger();
    const refused = (field: string) => ({
      status: 400,
      body: {
        error: expect.stringMatching(
          new RegExp(`^A refund with correlationID dev-\\d already exists with a different .*${field}`),
        ),
      },
    });
    const charge = (id: string, body: object) => h().client.request('createChargeRefund', { params: { id }, body });
    expect(await charge('venda', { correlationID: 'dev-1', value: 301, comment: 'Troca' })).toEqual(refused('value'));
    expect(await charge('venda', { correlationID: 'dev-1', comment: 'Troca' })).toEqual(refused('value'));
    expect(await charge('venda', { correlationID: 'dev-1', value: 300, comment: 'Troca!' })).toEqual(
      refused('comment'),
    );
    expect(await charge('venda', { correlationID: 'dev-1', value: 300 })).toEqual(refused('comment'));
    expect(await charge('venda', { correlationID: 'dev-1', value: 300, comment: '' })).toEqual(refused('comment'));
    expect(await charge('outra', { correlationID: 'dev-1', value: 300, comment: 'Troca' })).toEqual(refused('charge'));
    expect(await charge('venda', { correlationID: 'dev-2', value: 100 })).toEqual(refused('charge'));
    const refund = (body: object) => h().client.request('createRefund', { body });
    expect(
      await refund({ correlationID: 'dev-1', value: 300, comment: 'Troca', transactionEndToEndId: another.endToEndId }),
    ).toEqual(refused('transaction'));
    expect(
      await refund({ correlationID: 'dev-1', value: 200, comment: 'Troca', transactionEndToEndId: payment.endToEndId }),
    ).toEqual(refused('value'));
    expect(
      await refund({ correlationID: 'dev-2', value: 100, comment: 'x', transactionEndToEndId: another.endToEndId }),
    ).toEqual(refused('comment'));
    expect(ledger()).toEqual(before);
    // The refused reuses changed nothing: the first request still gets its refund back.
    expect(
      await h().ok('createChargeRefund', {
        params: { id: 'venda' },
        body: { correlationID: 'dev-1', value: 300, comment: 'Troca' },
      }),
    ).toEqual(first);
  });

  it('refuses a charge refund that left the value out, repeated naming the amount it took', async () => {
    await paid(h(), 'venda', 1000);
    const rest = await h().ok('createChargeRefund', { params: { id: 'venda' }, body: { correlationID: 'dev-1' } });
    expect(rest.refund.value).toBe(1000);
    const before = ledger();
    const reply = await h().client.request('createChargeRefund', {
      params: { id: 'venda' },
      body: { correlationID: 'dev-1', value: 1000 },
    });
    expect(reply).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/already exists with a different value/) },
    });
    expect(ledger()).toEqual(before);
  });

  it('keeps correlationIDs per company: another company’s refund with the same key is its own', async () => {
    const mine = await paid(h(), 'venda', 1000);
    const asOther = { appId: h().other.appId };
    const { charge } = (
      (await h().client.request('createCharge', { body: { correlationID: 'venda', value: 800 } }, asOther)) as {
        body: any;
      }
    ).body;
    const theirPayment = (
      (await h().client.request('sandboxPayBrCode', { body: { brCode: charge.brCode } }, asOther)) as { body: any }
    ).body.transaction;

    const body = { correlationID: 'dev-1', value: 300 };
    const first = await h().ok('createChargeRefund', { params: { id: 'venda' }, body });
    // Same key, even the same body, at another company: a refund of its own payment, not a repeat of ours.
    const theirs = await h().client.request('createChargeRefund', { params: { id: 'venda' }, body }, asOther);
    expect(theirs.status).toBe(200);
    const theirRefund = (theirs as { body: any }).body.refund;
    expect(theirRefund.endToEndId).not.toBe(first.refund.endToEndId);
    expect(h().counts('refunds').refunds).toBe(2);
    // And a different body at the other company is no reuse of our key.
    const theirsToo = await h().client.request(
      'createRefund',
      { body: { value: 500, transactionEndToEndId: theirPayment.endToEndId, correlationID: 'dev-2' } },
      asOther,
    );
    expect(theirsToo.status).toBe(200);
    expect(
      await h().ok('createRefund', {
        body: { value: 200, transactionEndToEndId: mine.endToEndId, correlationID: 'dev-2' },
      }),
    ).toMatchObject({
      refund: { value: 200, correlationID: 'dev-2', originalEndToEndId: mine.endToEndId },
    });
    // Each company's repeat answers its own refund.
    expect(await h().ok('createChargeRefund', { params: { id: 'venda' }, body })).toEqual(first);
    expect(await h().client.request('createChargeRefund', { params: { id: 'venda' }, body }, asOther)).toEqual({
      status: 200,
      body: { refund: theirRefund },
    });
    expect(h().counts('refunds').refunds).toBe(4);
  });
});
