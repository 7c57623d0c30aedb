// Refunds of a Pix that one company of this service sent another (a Pix out delivered inside):
// when the receiver's refund settles, the money comes back to the paying account as a REFUND
// transaction of the payer's, with PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED for the payer and
// PIX_TRANSACTION_REFUND_SENT_CONFIRMED for the receiver; no money leaves the service. When the
// paying account has been closed, the refund is REJECTED (NOT_ACCOMPLISHED), the held money is
// released and both sides hear *_REJECTED. A refund of a Pix from outside still leaves.
import { expect, it } from 'vitest';
import { describeContract } from '#test/support/harness';
import {
  as,
  balance,
  company,
  fund,
  ok,
  outbox,
  payInside,
  PAYER_NAME,
  RECEIVER_NAME,
  RETURN_ID,
  secondAccountHolding,
  settle,
} from '#test/support/internal-pix';

describeContract('refunds of a Pix sent inside the service', (h) => {
  it('a partial then a full refund come back to the paying account; the sum of both balances never changes', async () => {
    const payer = company(h(), PAYER_NAME);
    const receiver = company(h(), RECEIVER_NAME);
    await fund(h(), payer.appId, 10_000);
    const sum = () => balance(h(), payer).total + balance(h(), receiver).total;
    expect(sum()).toBe(10_000);

    const { sent, received } = await payInside(h(), payer, receiver, 'pedido-7', 3_000);
    expect(balance(h(), payer)).toMatchObject({ total: 7_000, available: 7_000 });
    expect(balance(h(), receiver)).toMatchObject({ total: 3_000, available: 3_000 });
    expect(sum()).toBe(10_000);

    // The receiver returns part of it: held at once, settled 2 s later.
    const first = await ok(h(), receiver.appId, 'createRefund', {
      body: {
        transactionEndToEndId: received.endToEndId,
        correlationID: 'devolve-1',
        value: 1_200,
        comment: 'Item em falta',
      },
    });
    expect(first.refund).toMatchObject({ status: 'IN_PROCESSING', value: 1_200 });
    expect(balance(h(), receiver)).toMatchObject({ total: 3_000, blocked: 1_200, available: 1_800 });
    expect(balance(h(), payer).total).toBe(7_000);
    await settle(h(), receiver.appId);

    expect(
      (await ok(h(), receiver.appId, 'getRefund', { params: { id: 'devolve-1' } })).pixTransactionRefund.status,
    ).toBe('REFUNDED');
    expect(balance(h(), receiver)).toMatchObject({ total: 1_800, blocked: 0, available: 1_800 });
    expect(balance(h(), payer)).toMatchObject({ total: 8_200, blocked: 0, available: 8_200 });
    expect(sum()).toBe(10_000);

    // The payer's side: a REFUND transaction crediting it, pointing at its Pix out.
    const back = (await ok(h(), payer.appId, 'listTransactions', { query: { type: 'REFUND' } })).transactions;
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      type: 'REFUND',
      status: 'CONFIRMED',
      value: 1_200,
      originalEndToEndId: sent.transaction.endToEndId,
      infoPagador: 'Item em falta',
      payer: { name: RECEIVER_NAME },
    });
    expect(back[0].endToEndId).toMatch(RETURN_ID);
    expect(back[0].endToEndId).not.toBe(first.refund.returnIdentification);
    expect((await ok(h(), payer.appId, 'getTransaction', { params: { id: back[0].globalID } })).transaction).toEqual(
      back[0],
    );
    // The payment stays CONFIRMED: the Pix out happened; what came back is the REFUND transaction.
    expect((await ok(h(), payer.appId, 'getPayment', { params: { id: 'pedido-7' } })).payment.status).toBe('CONFIRMED');
    // The receiver's side is as for any refund: its REFUND, a debit, with the return id.
    const theirs = (await ok(h(), receiver.appId, 'listTransactions', { query: { type: 'REFUND' } })).transactions;
    expect(theirs).toEqual([
      expect.objectContaining({
        value: 1_200,
        endToEndId: first.refund.returnIdentification,
        originalEndToEndId: received.endToEndId,
      }),
    ]);

    // Each side's events are its own.
    const receivedEvents = outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED');
    expect(receivedEvents).toHaveLength(1);
    expect(receivedEvents[0]!.companyId).toBe(payer.companyId);
    expect(receivedEvents[0]!.payload.refundTransaction).toMatchObject({
      globalID: back[0].globalID,
      value: 1_200,
      partial: true,
      type: 'REFUND',
    });
    expect(receivedEvents[0]!.payload.originalTransaction).toMatchObject({
      type: 'WITHDRAW',
      value: 3_000,
      endToEndId: sent.transaction.endToEndId,
    });
    const sentEvents = outbox(h(), 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED');
    expect(sentEvents.map((e) => e.companyId)).toEqual([receiver.companyId]);
    expect(sentEvents[0]!.payload.originalTransaction.endToEndId).toBe(received.endToEndId);

    // The rest: 1 800 more comes back; the payer holds all it had.
    const rest = await ok(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'devolve-2', value: 1_800 },
    });
    expect(rest.refund.value).toBe(1_800);
    await settle(h(), receiver.appId);
    expect(balance(h(), receiver)).toMatchObject({ total: 0, blocked: 0 });
    expect(balance(h(), payer)).toMatchObject({ total: 10_000, available: 10_000 });
    expect(sum()).toBe(10_000);
    const full = outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED');
    expect(
      full.map((e) => [e.companyId, e.payload.refundTransaction.value, e.payload.refundTransaction.partial]),
    ).toEqual([
      [payer.companyId, 1_200, true],
      [payer.companyId, 1_800, true],
    ]);
    // Nothing is left to refund.
    const over = await as(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'devolve-3', value: 1 },
    });
    expect(over).toEqual({ status: 400, body: { error: 'The transaction has already been fully refunded' } });
  });

  it('a charge paid from a second account and refunded whole: not partial, back on the account the Pix left from', async () => {
    const payer = company(h(), PAYER_NAME, { features: ['BANK_ACCOUNT'] });
    const receiver = company(h(), RECEIVER_NAME);
    // Money reaches the second account by its bank details, from the first (an internal transfer).
    await fund(h(), payer.appId, 5_000);
    const { branch, branchSide } = await secondAccountHolding(h(), payer, 2_000);
    expect(balance(h(), branchSide).total).toBe(2_000);

    // The receiver's charge, paid by its dynamic code from the second account.
    const { charge } = await ok(h(), receiver.appId, 'createCharge', {
      body: { correlationID: 'venda', value: 1_500 },
    });
    await ok(h(), payer.appId, 'createPayment', {
      body: {
        type: 'QR_CODE',
        correlationID: 'paga-venda',
        qrCode: charge.brCode,
        sourceAccountId: branch.accountId,
        autoApprove: true,
      },
    });
    await settle(h(), payer.appId);
    expect((await ok(h(), receiver.appId, 'getCharge', { params: { id: 'venda' } })).charge.status).toBe('COMPLETED');
    expect(balance(h(), branchSide).total).toBe(500);
    // Without a value, the charge refund returns what is left: all of it.
    const whole = await ok(h(), receiver.appId, 'createChargeRefund', {
      params: { id: 'venda' },
      body: { correlationID: 'tudo' },
    });
    expect(whole.refund).toMatchObject({ value: 1_500, status: 'IN_PROCESSING' });
    await settle(h(), receiver.appId);
    expect((await ok(h(), receiver.appId, 'listChargeRefunds', { params: { id: 'venda' } })).refunds).toEqual([
      expect.objectContaining({ correlationID: 'tudo', status: 'CONFIRMED' }),
    ]);
    expect(balance(h(), branchSide)).toMatchObject({ total: 2_000, available: 2_000 });
    expect(balance(h(), payer)).toMatchObject({ total: 3_000 });
    expect(balance(h(), receiver)).toMatchObject({ total: 0 });
    const [event] = outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED');
    expect(event!.payload.refundTransaction).toMatchObject({ value: 1_500, partial: false });
    const entries = h()
      .engine.db.prepare(
        "SELECT account_id, amount FROM ledger_entries WHERE kind = 'REFUND' AND company_id = ? ORDER BY seq",
      )
      .all(payer.companyId);
    expect(entries).toEqual([{ account_id: branch.accountId, amount: 1_500 }]);
  });

  it('when the paying account was closed, the refund is REJECTED, the hold released and nothing credited', async () => {
    const payer = company(h(), PAYER_NAME, { features: ['BANK_ACCOUNT'] });
    const receiver = company(h(), RECEIVER_NAME);
    await fund(h(), payer.appId, 5_000);
    const { branch, branchSide } = await secondAccountHolding(h(), payer, 1_000);
    // The second account sends everything it holds, then is closed.
    const { received } = await payInside(h(), payer, receiver, 'da-filial', 1_000, {
      sourceAccountId: branch.accountId,
    });
    expect(await as(h(), payer.appId, 'closeAccount', { params: { accountId: branch.accountId } })).toEqual({
      status: 200,
      body: { status: 'OK', accountId: branch.accountId },
    });
    const totalBefore = balance(h(), payer).total + balance(h(), receiver).total;

    const refund = await ok(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'volta', value: 400, comment: 'Troca' },
    });
    expect(balance(h(), receiver)).toMatchObject({ total: 1_000, blocked: 400 });
    const transactionsBefore = h().counts('transactions').transactions;
    await settle(h(), receiver.appId);

    expect(
      (await ok(h(), receiver.appId, 'getRefund', { params: { id: 'volta' } })).pixTransactionRefund,
    ).toMatchObject({
      status: 'NOT_ACCOMPLISHED',
      value: 400,
      returnIdentification: refund.refund.returnIdentification,
    });
    expect(balance(h(), receiver)).toMatchObject({ total: 1_000, blocked: 0, available: 1_000 });
    expect(balance(h(), branchSide)).toMatchObject({ total: 0, blocked: 0 });
    expect(balance(h(), payer).total + balance(h(), receiver).total).toBe(totalBefore);
    // No money moved: no transaction on either side.
    expect(h().counts('transactions').transactions).toBe(transactionsBefore);
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED')).toEqual([]);
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED')).toEqual([]);

    const [sentRejected] = outbox(h(), 'PIX_TRANSACTION_REFUND_SENT_REJECTED');
    expect(sentRejected!.companyId).toBe(receiver.companyId);
    expect(sentRejected!.payload).toMatchObject({
      error: 'AC07 - Conta do recebedor encerrada',
      refundTransaction: {
        status: 'REJECTED',
        type: 'REFUND',
        value: 400,
        partial: true,
        endToEndId: refund.refund.returnIdentification,
      },
      originalTransaction: { type: 'PAYMENT', endToEndId: received.endToEndId },
    });
    const [receivedRejected] = outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_REJECTED');
    expect(receivedRejected!.companyId).toBe(payer.companyId);
    expect(receivedRejected!.payload).toMatchObject({
      error: 'AC07 - Conta do recebedor encerrada',
      originalTransaction: { type: 'WITHDRAW', value: 1_000 },
    });

    // A rejected refund promises nothing: the whole value can be refunded again (and is refused again).
    const again = await ok(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'de-novo', value: 1_000 },
    });
    expect(again.refund.value).toBe(1_000);
    await settle(h(), receiver.appId);
    expect(
      (await ok(h(), receiver.appId, 'getRefund', { params: { id: 'de-novo' } })).pixTransactionRefund.status,
    ).toBe('NOT_ACCOMPLISHED');
    expect(balance(h(), receiver)).toMatchObject({ total: 1_000, blocked: 0 });
    const listed = await ok(h(), receiver.appId, 'listRefunds');
    expect(listed.refunds.map((r: any) => [r.correlationID, r.status])).toEqual([
      ['de-novo', 'NOT_ACCOMPLISHED'],
      ['volta', 'NOT_ACCOMPLISHED'],
    ]);
  });

  it('a refund of a Pix from outside the service still leaves it, crediting no one inside', async () => {
    const receiver = company(h(), RECEIVER_NAME);
    const payer = company(h(), PAYER_NAME);
    await fund(h(), payer.appId, 1_000);
    const outside = await fund(h(), receiver.appId, 2_000);
    await ok(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: outside.endToEndId, correlationID: 'fora', value: 700 },
    });
    await settle(h(), receiver.appId);
    expect((await ok(h(), receiver.appId, 'getRefund', { params: { id: 'fora' } })).pixTransactionRefund.status).toBe(
      'REFUNDED',
    );
    expect(balance(h(), receiver)).toMatchObject({ total: 1_300 });
    expect(balance(h(), payer)).toMatchObject({ total: 1_000 });
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED')).toEqual([]);
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED').map((e) => e.companyId)).toEqual([receiver.companyId]);
  });

  it('each side sees only its own records; the payer cannot refund its Pix out nor the refund it received', async () => {
    const payer = company(h(), PAYER_NAME);
    const receiver = company(h(), RECEIVER_NAME);
    await fund(h(), payer.appId, 5_000);
    const { sent, received } = await payInside(h(), payer, receiver, 'p', 2_000);
    await ok(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'r', value: 500 },
    });
    await settle(h(), receiver.appId);
    const [back] = (await ok(h(), payer.appId, 'listTransactions', { query: { type: 'REFUND' } })).transactions;
    const [theirRefund] = (await ok(h(), receiver.appId, 'listTransactions', { query: { type: 'REFUND' } }))
      .transactions;

    const notFound = { status: 400, body: { error: 'Transaction not found' } };
    for (const id of [back.globalID, back.endToEndId])
      expect(await as(h(), receiver.appId, 'getTransaction', { params: { id } }), id).toEqual(notFound);
    for (const id of [theirRefund.globalID, theirRefund.endToEndId, received.endToEndId]) {
      expect(await as(h(), payer.appId, 'getTransaction', { params: { id } }), id).toEqual(notFound);
    }
    expect(await as(h(), payer.appId, 'getRefund', { params: { id: 'r' } })).toEqual({
      status: 400,
      body: { error: 'Refund not found' },
    });
    expect((await ok(h(), payer.appId, 'listRefunds')).refunds).toEqual([]);
    // The harness's companies saw none of it.
    expect((await ok(h(), h().appId, 'listTransactions')).transactions).toEqual([]);

    const before = h().counts('refunds', 'events', 'transactions', 'ledger_entries');
    for (const id of [back.endToEndId, sent.transaction.endToEndId]) {
      expect(
        await as(h(), payer.appId, 'createRefund', {
          body: { transactionEndToEndId: id, correlationID: `x-${id}`, value: 100 },
        }),
        id,
      ).toEqual({
        status: 400,
        body: { error: 'Only PAYMENT transactions (Pix received) can be refunded' },
      });
    }
    // The receiver cannot return more than is left, nor a bad value.
    for (const body of [
      { transactionEndToEndId: received.endToEndId, correlationID: 'y', value: 1_501 },
      { transactionEndToEndId: received.endToEndId, correlationID: 'y', value: -1 },
      { transactionEndToEndId: received.endToEndId, correlationID: 'y', value: 1.5 },
    ]) {
      expect((await as(h(), receiver.appId, 'createRefund', { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect(h().counts('refunds', 'events', 'transactions', 'ledger_entries')).toEqual(before);
  });

  it('refuses a refund without the REFUND_POST scope (403), writing nothing', async () => {
    const payer = company(h(), PAYER_NAME);
    const receiver = company(h(), RECEIVER_NAME, { scopes: ['TRANSACTION_GET_LIST', 'REFUND_GET'] });
    await fund(h(), payer.appId, 1_000);
    await ok(h(), payer.appId, 'createPayment', {
      body: {
        type: 'PIX_KEY',
        correlationID: 'p',
        value: 600,
        destinationAlias: receiver.pixKey,
        destinationAliasType: 'RANDOM',
        autoApprove: true,
      },
    });
    await settle(h(), payer.appId);
    const [received] = (await ok(h(), receiver.appId, 'listTransactions', { query: { type: 'PAYMENT' } })).transactions;
    const before = h().counts('refunds', 'events', 'transactions', 'ledger_entries');
    const refused = await as(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'r' },
    });
    expect(refused.status).toBe(403);
    expect(h().counts('refunds', 'events', 'transactions', 'ledger_entries')).toEqual(before);
    expect(balance(h(), payer).total + balance(h(), receiver).total).toBe(1_000);
  });
});
