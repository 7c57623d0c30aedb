// Money returned to a company of this service for a Pix it sent another (a Pix out delivered
// inside), beyond the refund itself (refunds-internal.test.ts):
// - a MED dispute the receiver loses (ACCEPTED) credits the paying account in the same
//   transaction, so the sum of both balances never changes; when that account was closed the
//   devolução would be rejected (AC07), so the dispute cannot be ACCEPTED and nothing moves;
// - the payer gets a pix-refund receipt of what came back, by its own REFUND's return id.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeContract, type Harness } from '#test/support/harness';
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
  type Side,
} from '#test/support/internal-pix';

const MED_NOTE = 'Devolução por disputa MED';
const WRITTEN = ['disputes', 'transactions', 'ledger_entries', 'refunds', 'events'] as const;

/** The account's entries of `kind` that moved money in or out (bucket total), in order. */
function ledgerEntries(h: Harness, side: { companyId: string; accountId: string }, kind: string): number[] {
  return (
    h.engine.db
      .prepare(
        "SELECT amount FROM ledger_entries WHERE company_id = ? AND account_id = ? AND kind = ? AND bucket = 'total' ORDER BY seq",
      )
      .all(side.companyId, side.accountId, kind) as { amount: number }[]
  ).map((row) => row.amount);
}

async function openDispute(h: Harness, receiver: Side, endToEndId: string, value: number): Promise<any> {
  return (await ok(h, receiver.appId, 'sandboxOpenDispute', { body: { endToEndId, value } })).dispute;
}

function pdfText(h: Harness, name: string, bytes: Uint8Array): string {
  mkdirSync('test-artifacts/receipts-api', { recursive: true });
  const path = `test-artifacts/receipts-api/${name}-${h.transport}.pdf`;
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
}

async function receipt(h: Harness, appId: string, receiptType: string, endToEndId: string): Promise<any> {
  return h.client.request('getReceipt', { params: { receiptType, endToEndId } }, { appId });
}

/** A payer holding `funds` (from outside the service) that may open a second account, and a receiver. */
async function twoCompanies(h: Harness, funds: number) {
  const payer = company(h, PAYER_NAME, { features: ['BANK_ACCOUNT'] });
  const receiver = company(h, RECEIVER_NAME);
  await fund(h, payer.appId, funds);
  return { payer, receiver };
}

describeContract('a MED dispute on a Pix sent inside the service', (h) => {
  it('ACCEPTED: the devolução leaves the receiver and lands on the paying account; the sum of both balances never changes', async () => {
    const { payer, receiver } = await twoCompanies(h(), 10_000);
    const sum = () => balance(h(), payer).total + balance(h(), receiver).total;
    const { sent, received } = await payInside(h(), payer, receiver, 'pedido-9', 3_000);
    expect(sum()).toBe(10_000);

    const dispute = await openDispute(h(), receiver, received.endToEndId, 2_000);
    expect(balance(h(), receiver)).toMatchObject({ total: 3_000, blockedBySecurity: 2_000, available: 1_000 });
    expect(balance(h(), payer).total).toBe(7_000);

    const resolved = await ok(h(), receiver.appId, 'sandboxResolveDispute', {
      params: { id: dispute.id },
      body: { status: 'ACCEPTED' },
    });
    expect(resolved.dispute.status).toBe('ACCEPTED');
    expect(resolved.transaction).toMatchObject({
      type: 'REFUND',
      value: 2_000,
      originalEndToEndId: received.endToEndId,
      infoPagador: MED_NOTE,
    });
    expect(balance(h(), receiver)).toEqual({
      total: 1_000,
      blocked: 0,
      available: 1_000,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });
    expect(balance(h(), payer)).toMatchObject({ total: 9_000, blocked: 0, available: 9_000 });
    expect(sum()).toBe(10_000);
    // Each balance is its ledger entries (balance() checks it): the money moved by one debit and one credit.
    expect(ledgerEntries(h(), receiver, 'REFUND')).toEqual([-2_000]);
    expect(ledgerEntries(h(), payer, 'REFUND')).toEqual([2_000]);

    // The payer's side: a REFUND credit pointing at its Pix out, from the receiver.
    const back = (await ok(h(), payer.appId, 'listTransactions', { query: { type: 'REFUND' } })).transactions;
    expect(back).toEqual([
      expect.objectContaining({
        type: 'REFUND',
        value: 2_000,
        originalEndToEndId: sent.transaction.endToEndId,
        infoPagador: MED_NOTE,
        payer: expect.objectContaining({ name: RECEIVER_NAME }),
      }),
    ]);
    expect(back[0].endToEndId).toMatch(RETURN_ID);
    expect(back[0].endToEndId).not.toBe(resolved.transaction.endToEndId);
    expect((await ok(h(), payer.appId, 'getPayment', { params: { id: 'pedido-9' } })).payment.status).toBe('CONFIRMED');

    // Each side hears its own events, on its own company.
    const receivedEvents = outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED');
    expect(receivedEvents.map((e) => e.companyId)).toEqual([payer.companyId]);
    expect(receivedEvents[0]!.payload.refundTransaction).toMatchObject({
      globalID: back[0].globalID,
      value: 2_000,
      partial: true,
    });
    expect(receivedEvents[0]!.payload.originalTransaction).toMatchObject({
      type: 'WITHDRAW',
      endToEndId: sent.transaction.endToEndId,
    });
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED').map((e) => e.companyId)).toEqual([receiver.companyId]);
    expect(outbox(h(), 'OPENPIX:DISPUTE_ACCEPTED').map((e) => e.companyId)).toEqual([receiver.companyId]);

    // What the dispute returned is refunded: the receiver cannot return it a second time.
    const over = await as(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'mais', value: 1_001 },
    });
    expect(over.status).toBe(400);
    expect(sum()).toBe(10_000);
  });

  it('the whole Pix disputed and ACCEPTED: the payer holds all it had, the devolução not partial', async () => {
    const { payer, receiver } = await twoCompanies(h(), 4_000);
    const { received } = await payInside(h(), payer, receiver, 'tudo', 4_000);
    expect(balance(h(), payer).total).toBe(0);
    const dispute = await openDispute(h(), receiver, received.endToEndId, 4_000);
    await ok(h(), receiver.appId, 'sandboxResolveDispute', {
      params: { id: dispute.id },
      body: { status: 'ACCEPTED' },
    });
    expect(balance(h(), payer)).toMatchObject({ total: 4_000, available: 4_000 });
    expect(balance(h(), receiver)).toMatchObject({ total: 0, blocked: 0 });
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED')[0]!.payload.refundTransaction).toMatchObject({
      value: 4_000,
      partial: false,
    });
  });

  it('when the paying account was closed, ACCEPTED is refused (AC07) writing nothing; REJECTED still lifts the block', async () => {
    const { payer, receiver } = await twoCompanies(h(), 5_000);
    const { branch, branchSide } = await secondAccountHolding(h(), payer, 1_000);
    const { received } = await payInside(h(), payer, receiver, 'da-filial', 1_000, {
      sourceAccountId: branch.accountId,
    });
    expect((await as(h(), payer.appId, 'closeAccount', { params: { accountId: branch.accountId } })).status).toBe(200);
    const dispute = await openDispute(h(), receiver, received.endToEndId, 600);
    const total = () => balance(h(), payer).total + balance(h(), receiver).total;
    const before = { counts: h().counts(...WRITTEN), total: total(), receiver: balance(h(), receiver) };

    const refused = await as(h(), receiver.appId, 'sandboxResolveDispute', {
      params: { id: dispute.id },
      body: { status: 'ACCEPTED' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('AC07 - Conta do recebedor encerrada');
    expect(h().counts(...WRITTEN)).toEqual(before.counts);
    expect(balance(h(), receiver)).toEqual(before.receiver);
    expect(balance(h(), branchSide)).toMatchObject({ total: 0 });
    expect(total()).toBe(before.total);
    expect((await ok(h(), receiver.appId, 'getDispute', { params: { id: dispute.id } })).dispute.status).toBe(
      'IN_REVIEW',
    );

    // The receiver keeps the money: the dispute can still be closed otherwise, lifting the block.
    const rejected = await ok(h(), receiver.appId, 'sandboxResolveDispute', {
      params: { id: dispute.id },
      body: { status: 'REJECTED' },
    });
    expect(rejected.dispute.status).toBe('REJECTED');
    expect(balance(h(), receiver)).toMatchObject({ total: 1_000, blocked: 0, available: 1_000 });
    expect(total()).toBe(before.total);
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED')).toEqual([]);
  });

  it('the payer can neither see nor decide the receiver’s dispute', async () => {
    const { payer, receiver } = await twoCompanies(h(), 2_000);
    const { received } = await payInside(h(), payer, receiver, 'p', 1_500);
    const dispute = await openDispute(h(), receiver, received.endToEndId, 500);
    const before = h().counts(...WRITTEN);
    const foreign = await as(h(), payer.appId, 'sandboxResolveDispute', {
      params: { id: dispute.id },
      body: { status: 'ACCEPTED' },
    });
    expect(foreign).toEqual({ status: 404, body: { error: 'Dispute not found' } });
    expect((await as(h(), payer.appId, 'getDispute', { params: { id: dispute.id } })).status).not.toBe(200);
    expect(h().counts(...WRITTEN)).toEqual(before);
    expect(balance(h(), payer).total + balance(h(), receiver).total).toBe(2_000);
  });
});

describeContract('the receipt of a refund received back inside the service', (h) => {
  it('the payer gets a pix-refund PDF of its REFUND credit: who returned it, the original Pix; the refunder’s receipt is unchanged', async () => {
    const { payer, receiver } = await twoCompanies(h(), 10_000);
    const { sent, received } = await payInside(h(), payer, receiver, 'pedido-9', 3_000);
    const { refund } = await ok(h(), receiver.appId, 'createRefund', {
      body: {
        transactionEndToEndId: received.endToEndId,
        correlationID: 'devolve',
        value: 1_200,
        comment: 'Item em falta',
      },
    });
    await settle(h(), receiver.appId);
    const [back] = (await ok(h(), payer.appId, 'listTransactions', { query: { type: 'REFUND' } })).transactions;
    expect(back.endToEndId).toMatch(RETURN_ID);

    const mine = await receipt(h(), payer.appId, 'pix-refund', back.endToEndId);
    expect(mine.status).toBe(200);
    if (!('bytes' in mine)) throw new Error('expected a PDF');
    expect(mine.contentType).toMatch(/application\/pdf/);
    const text = pdfText(h(), 'pix-refund-received', mine.bytes);
    for (const expected of [
      'Comprovante de devolução Pix',
      'R$ 12,00',
      'Item em falta',
      RECEIVER_NAME,
      PAYER_NAME,
      back.endToEndId,
      sent.transaction.endToEndId,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Who returned the money is the payer of the devolução: the receiver's name comes before the payer's.
    expect(text.indexOf(RECEIVER_NAME)).toBeLessThan(text.lastIndexOf(PAYER_NAME));
    expect(text).not.toContain(refund.returnIdentification);

    // The refunder's receipt, by its own return id, still shows its side: the Pix it received.
    const theirs = await receipt(h(), receiver.appId, 'pix-refund', refund.returnIdentification);
    if (!('bytes' in theirs)) throw new Error(`expected a PDF, got ${theirs.status}`);
    const theirText = pdfText(h(), 'pix-refund-sent', theirs.bytes);
    for (const expected of ['R$ 12,00', 'Item em falta', refund.returnIdentification, received.endToEndId])
      expect(theirText, expected).toContain(expected);
    expect(theirText).not.toContain(back.endToEndId);

    // Each id is its own company's: the other side, or another type, answers 404.
    for (const [appId, receiptType, endToEndId] of [
      [receiver.appId, 'pix-refund', back.endToEndId],
      [payer.appId, 'pix-refund', refund.returnIdentification],
      [payer.appId, 'pix-refund', sent.transaction.endToEndId],
      [payer.appId, 'pix-in', back.endToEndId],
      [h().appId, 'pix-refund', back.endToEndId],
    ] as const) {
      expect(await receipt(h(), appId, receiptType, endToEndId), `${receiptType} ${endToEndId}`).toMatchObject({
        status: 404,
        body: { error: 'Receipt not found' },
      });
    }
  });

  it('a MED devolução received back has its receipt too', async () => {
    const { payer, receiver } = await twoCompanies(h(), 5_000);
    const { sent, received } = await payInside(h(), payer, receiver, 'med', 2_500);
    const dispute = await openDispute(h(), receiver, received.endToEndId, 2_500);
    await ok(h(), receiver.appId, 'sandboxResolveDispute', {
      params: { id: dispute.id },
      body: { status: 'ACCEPTED' },
    });
    const [back] = (await ok(h(), payer.appId, 'listTransactions', { query: { type: 'REFUND' } })).transactions;
    const reply = await receipt(h(), payer.appId, 'pix-refund', back.endToEndId);
    if (!('bytes' in reply)) throw new Error(`expected a PDF, got ${reply.status}`);
    const text = pdfText(h(), 'pix-refund-received-med', reply.bytes);
    for (const expected of ['R$ 25,00', MED_NOTE, back.endToEndId, sent.transaction.endToEndId, RECEIVER_NAME])
      expect(text, expected).toContain(expected);
  });

  it('refuses the receipt without the TRANSACTION_GET scope (403)', async () => {
    const payer = company(h(), PAYER_NAME, {
      scopes: ['PIX_QRCODE_POST', 'PAYMENT_POST', 'PAYMENT_GET', 'TRANSACTION_GET_LIST'],
    });
    const receiver = company(h(), RECEIVER_NAME);
    await fund(h(), payer.appId, 1_000);
    const { received } = await payInside(h(), payer, receiver, 'p', 800);
    await ok(h(), receiver.appId, 'createRefund', {
      body: { transactionEndToEndId: received.endToEndId, correlationID: 'r', value: 300 },
    });
    await settle(h(), receiver.appId);
    const [back] = (await ok(h(), payer.appId, 'listTransactions', { query: { type: 'REFUND' } })).transactions;
    expect((await receipt(h(), payer.appId, 'pix-refund', back.endToEndId)).status).toBe(403);
  });
});
