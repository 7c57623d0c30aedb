// Disputes (service-spec "Dispute", "Disputes", Errors: Get dispute 200/400/500, List disputes
// 200/400, Upload evidence 200/400; remote-api-notes §2 row 7, §3.2, §6.8): a MED claim against a
// Pix the company received, opened and decided by the sandbox's payer side. Opening blocks the
// disputed value (security); ACCEPTED returns it to the payer as a confirmed refund (REFUND);
// REJECTED and CANCELED lift the block. Each emits its OPENPIX:DISPUTE_* event in the outbox.
import { expect, it } from 'vitest';
import { ledger } from '#service/engine/ledger/ledger';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { describeContract, type Harness } from '#test/support/harness';

const E2E = /^E\d{8}\d{12}[a-zA-Z0-9]{11}$/;
const WRITTEN = ['disputes', 'dispute_evidence', 'transactions', 'ledger_entries', 'refunds', 'events'] as const;

/** Receives `cents` through a paid static QR code; returns the PAYMENT transaction. */
async function receive(h: Harness, cents: number, appId = h.appId): Promise<any> {
  const created = (await h.client.request(
    'createPixQrCode',
    { body: { name: 'Venda', value: cents } },
    { appId },
  )) as any;
  expect(created.status).toBe(200);
  const paid = (await h.client.request(
    'sandboxPayBrCode',
    { body: { brCode: created.body.pixQrCode.brCode, payer: { name: 'Maria Pagadora' } } },
    { appId },
  )) as any;
  expect(paid.status).toBe(200);
  return paid.body.transaction;
}

function balanceOf(h: Harness, appId = h.appId) {
  const { company, account } = h.engine.tenancy.resolveTenant(appId)!;
  const ref = { companyId: company.id, accountId: account.id };
  // The projection must always equal the entries' sums.
  expect(ledger(h.engine.db).balanceFromEntries(ref)).toEqual(ledger(h.engine.db).balance(ref));
  return ledger(h.engine.db).balance(ref);
}

function outbox(h: Harness, prefix: string): { name: string; payload: any }[] {
  return (
    h.engine.db.prepare('SELECT name, payload FROM events WHERE name LIKE ? ORDER BY seq').all(`${prefix}%`) as {
      name: string;
      payload: string;
    }[]
  ).map((row) => ({ name: row.name, payload: JSON.parse(row.payload) }));
}

async function open(h: Harness, body: object, appId = h.appId): Promise<any> {
  return h.client.request('sandboxOpenDispute', { body }, { appId });
}

describeContract('disputes', (h) => {
  it('the sandbox opens a MED dispute against a received Pix: IN_REVIEW, the value blocked, OPENPIX:DISPUTE_CREATED', async () => {
    const pix = await receive(h(), 1_000);
    expect(pix.endToEndId).toMatch(E2E);
    const opened = await h().ok('sandboxOpenDispute', {
      body: {
        endToEndId: pix.endToEndId,
        reason: 'Produto não entregue',
        email: 'maria@example.com',
        phoneNumber: '+5511988887777',
      },
    });
    expect(opened.dispute).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'IN_REVIEW',
      name: 'Maria Pagadora',
      email: 'maria@example.com',
      phoneNumber: '+5511988887777',
      value: 1_000,
      disputeReason: 'Produto não entregue',
      endToEndId: pix.endToEndId,
      type: 'MED',
      createdAt: h().clock.now().toISOString(),
      updatedAt: h().clock.now().toISOString(),
    });
    expect(opened.transaction).toMatchObject({
      type: 'BALANCE_BLOCK',
      value: 1_000,
      originalEndToEndId: pix.endToEndId,
    });
    expect(balanceOf(h())).toEqual({
      total: 1_000,
      blocked: 1_000,
      available: 0,
      blockedBySecurity: 1_000,
      blockedByWithdrawSafety: 0,
    });

    expect(outbox(h(), 'OPENPIX:DISPUTE')).toEqual([
      {
        name: 'OPENPIX:DISPUTE_CREATED',
        payload: {
          dispute: {
            status: 'IN_REVIEW',
            endToEndId: pix.endToEndId,
            name: 'Maria Pagadora',
            email: 'maria@example.com',
            phoneNumber: '+5511988887777',
            value: 1_000,
            disputeReason: 'Produto não entregue',
            id: opened.dispute.id,
          },
        },
      },
    ]);

    // Found by the end-to-end id of the disputed Pix (the API's id) and by the webhook's dispute.id.
    expect(await h().ok('getDispute', { params: { id: pix.endToEndId } })).toEqual({ dispute: opened.dispute });
    expect(await h().ok('getDispute', { params: { id: opened.dispute.id } })).toEqual({ dispute: opened.dispute });
    expect(await h().ok('listDisputes')).toEqual({
      pageInfo: { skip: 0, limit: 100, totalCount: 1, hasPreviousPage: false, hasNextPage: false },
      disputes: [opened.dispute],
    });
  });

  it('disputes only what refunds have not promised back, once per transaction, and only a Pix received', async () => {
    const pix = await receive(h(), 1_000);
    await h().ok('createRefund', { body: { transactionEndToEndId: pix.endToEndId, correlationID: 'r1', value: 300 } });
    const before = h().counts(...WRITTEN);
    expect(await open(h(), { endToEndId: pix.endToEndId, value: 701 })).toEqual({
      status: 400,
      body: { error: 'value 701 exceeds what is left of the transaction (700 of 1000 cents)' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
    const opened = await h().ok('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId } });
    expect(opened.dispute).toMatchObject({
      value: 700,
      name: 'Maria Pagadora',
      email: expect.any(String),
      phoneNumber: expect.any(String),
    });
    const again = h().counts(...WRITTEN);
    expect(await open(h(), { endToEndId: pix.endToEndId })).toEqual({
      status: 400,
      body: { error: `A dispute already exists for transaction ${pix.endToEndId}` },
    });
    // The refund settles; its REFUND transaction cannot be disputed: it is no Pix received.
    h().clock.advance(2_001);
    const refund = (await h().ok('listTransactions', { query: { type: 'REFUND' } })).transactions[0];
    expect(await open(h(), { endToEndId: refund.endToEndId })).toEqual({
      status: 400,
      body: { error: 'Only a Pix received (a PAYMENT transaction) can be disputed' },
    });
    const refundSettled = h().counts(...WRITTEN);
    expect(refundSettled.disputes).toBe(again.disputes);
    expect(refundSettled.dispute_evidence).toBe(again.dispute_evidence);
  });

  it('refuses a claim the account cannot block, unknown and other companies’ Pix, bad bodies, and outside the sandbox', async () => {
    const pix = await receive(h(), 1_000);
    const theirs = await receive(h(), 500, h().other.appId);
    await h().ok('sandboxBlockBalance', { body: { value: 600, reason: 'WITHDRAW_SAFETY' } });
    const before = h().counts(...WRITTEN);
    expect(await open(h(), { endToEndId: pix.endToEndId })).toEqual({
      status: 400,
      body: { error: 'Account does not have enough available balance to block the disputed value' },
    });
    expect(await open(h(), { endToEndId: 'E00000000202611221500abcdefghijk' })).toEqual({
      status: 404,
      body: { error: 'Transaction not found' },
    });
    // Another company's Pix is as unknown as a made-up one.
    expect(await open(h(), { endToEndId: theirs.endToEndId })).toEqual({
      status: 404,
      body: { error: 'Transaction not found' },
    });
    for (const body of [
      {},
      { endToEndId: '' },
      { endToEndId: 42 },
      { endToEndId: pix.endToEndId, value: 0 },
      { endToEndId: pix.endToEndId, value: 1.5 },
      { endToEndId: pix.endToEndId, email: 'nope' },
      { endToEndId: pix.endToEndId, phoneNumber: '12' },
      { endToEndId: pix.endToEndId, reason: '' },
    ]) {
      const reply = await open(h(), body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
    expect((await h().client.request('sandboxOpenDispute', { body: [] })).status).toBe(400);
    expect(
      (await h().client.request('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId } }, { appId: null }))
        .status,
    ).toBe(401);
    expect(h().counts(...WRITTEN)).toEqual(before);

    // A production company has no payer simulator.
    const prod = createSandboxCompany(h().engine.db, h().clock.now(), { tradeName: 'Produção' });
    h().engine.db.prepare("UPDATE companies SET environment = 'PRODUCTION' WHERE id = ?").run(prod.companyId);
    h().engine.tenancy.invalidate();
    expect((await open(h(), { endToEndId: pix.endToEndId }, prod.appId)).status).toBe(403);
    expect(h().counts(...WRITTEN)).toEqual(before);
  });

  it('evidence: stored for an open dispute, idempotent by correlationID, a changed document refused, all or nothing', async () => {
    const pix = await receive(h(), 800);
    const { dispute } = await h().ok('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId } });
    h().clock.advance(1_000);
    const documents = [
      { url: 'https://files.example.com/nota-fiscal.pdf', correlationID: 'nf-1', description: 'Nota fiscal' },
      { url: 'http://files.example.com/entrega.jpg', correlationID: 'entrega-1' },
    ];
    const sent = await h().ok('uploadDisputeEvidence', { params: { id: dispute.id }, body: { documents } });
    expect(sent).toEqual({ documents });
    expect(h().counts('dispute_evidence').dispute_evidence).toBe(2);
    // Sending evidence records the change of the dispute.
    expect((await h().ok('getDispute', { params: { id: pix.endToEndId } })).dispute.updatedAt).toBe(
      h().clock.now().toISOString(),
    );
    const evidenceEvents = outbox(h(), 'DISPUTE_EVIDENCE');
    expect(evidenceEvents).toHaveLength(1);
    expect(evidenceEvents[0]!.payload.documents).toEqual(documents);

    // The same documents again (a retry), by the end-to-end id this time: answered as stored, nothing written.
    const before = h().counts(...WRITTEN);
    expect(await h().ok('uploadDisputeEvidence', { params: { id: pix.endToEndId }, body: { documents } })).toEqual({
      documents,
    });
    expect(h().counts(...WRITTEN)).toEqual(before);

    // A new document beside a changed one: refused whole.
    const changed = await h().client.request('uploadDisputeEvidence', {
      params: { id: dispute.id },
      body: {
        documents: [
          { url: 'https://files.example.com/novo.pdf', correlationID: 'novo' },
          { ...documents[0], url: 'https://files.example.com/outra.pdf' },
        ],
      },
    });
    expect(changed).toEqual({
      status: 400,
      body: { error: 'documents.1.correlationID: nf-1 was already sent with another url or description' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);

    const bad: unknown[] = [
      {},
      { documents: [] },
      { documents: 'x' },
      { documents: [{ url: '', correlationID: 'a' }] },
      { documents: [{ url: 'ftp://files.example.com/a.pdf', correlationID: 'a' }] },
      { documents: [{ url: 'not a url', correlationID: 'a' }] },
      { documents: [{ url: 'https://files.example.com/a.pdf' }] },
      { documents: [{ url: 'https://files.example.com/a.pdf', correlationID: 'a', description: 7 }] },
      {
        documents: [
          { url: 'https://a.example.com/a', correlationID: 'a' },
          { url: 'https://a.example.com/b', correlationID: 'a' },
        ],
      },
      {
        documents: Array.from({ length: 11 }, (_, i) => ({
          url: `https://a.example.com/${i}`,
          correlationID: `c${i}`,
        })),
      },
    ];
    for (const body of bad) {
      const reply = (await h().client.request('uploadDisputeEvidence', { params: { id: dispute.id }, body })) as any;
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
    expect(h().counts(...WRITTEN)).toEqual(before);
  });

  it('an unknown dispute and another company’s are both 400 "Dispute not found" (the spec lists no 404 for disputes)', async () => {
    const pix = await receive(h(), 500);
    const { dispute } = await h().ok('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId } });
    const other = h().other.appId;
    const before = h().counts(...WRITTEN);
    for (const id of [pix.endToEndId, dispute.id]) {
      expect(await h().client.request('getDispute', { params: { id } }, { appId: other })).toEqual({
        status: 400,
        body: { error: 'Dispute not found' },
      });
      expect(
        await h().client.request(
          'uploadDisputeEvidence',
          { params: { id }, body: { documents: [{ url: 'https://x.example.com/a', correlationID: 'a' }] } },
          { appId: other },
        ),
      ).toEqual({ status: 400, body: { error: 'Dispute not found' } });
      expect(
        await h().client.request(
          'sandboxResolveDispute',
          { params: { id }, body: { status: 'REJECTED' } },
          { appId: other },
        ),
      ).toEqual({
        status: 404,
        body: { error: 'Dispute not found' },
      });
    }
    expect(await h().client.request('getDispute', { params: { id: 'E00000000202611221500abcdefghijk' } })).toEqual({
      status: 400,
      body: { error: 'Dispute not found' },
    });
    expect(await h().client.request('listDisputes', {}, { appId: other })).toMatchObject({
      status: 200,
      body: { disputes: [] },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
  });

  it('ACCEPTED returns the value to the payer as a confirmed MED refund; no more evidence, no second decision', async () => {
    const pix = await receive(h(), 1_000);
    await receive(h(), 250);
    const { dispute } = await h().ok('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId, value: 600 } });
    expect(balanceOf(h())).toMatchObject({ total: 1_250, blocked: 600, available: 650, blockedBySecurity: 600 });
    h().clock.advance(5_000);
    const accepted = await h().ok('sandboxResolveDispute', {
      params: { id: pix.endToEndId },
      body: { status: 'ACCEPTED' },
    });
    expect(accepted.dispute).toEqual({ ...dispute, status: 'ACCEPTED', updatedAt: h().clock.now().toISOString() });
    expect(accepted.transaction).toMatchObject({
      type: 'REFUND',
      value: 600,
      endToEndId: expect.stringMatching(/^D/),
      originalEndToEndId: pix.endToEndId,
    });
    expect(balanceOf(h())).toEqual({
      total: 650,
      blocked: 0,
      available: 650,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });

    // The devolução is a refund of the payment: listed, and what is left to refund shrinks.
    const refunds = (await h().ok('listRefunds')).refunds;
    expect(refunds).toHaveLength(1);
    // /api/v1/refund speaks REFUNDED for a confirmed devolução (remote-api-notes §6.8).
    expect(refunds[0]).toMatchObject({ value: 600, status: 'REFUNDED', comment: 'Devolução por disputa MED' });
    expect(
      await h().client.request('createRefund', {
        body: { transactionEndToEndId: pix.endToEndId, correlationID: 'late', value: 401 },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Refund value 401 exceeds what is left to refund of the transaction (400 of 1000 cents)' },
    });

    expect(outbox(h(), 'OPENPIX:DISPUTE').map((e) => e.name)).toEqual([
      'OPENPIX:DISPUTE_CREATED',
      'OPENPIX:DISPUTE_ACCEPTED',
    ]);
    expect(outbox(h(), 'OPENPIX:DISPUTE_ACCEPTED')[0]!.payload).toEqual({
      dispute: {
        status: 'ACCEPTED',
        endToEndId: pix.endToEndId,
        name: dispute.name,
        email: dispute.email,
        phoneNumber: dispute.phoneNumber,
        value: 600,
        disputeReason: dispute.disputeReason,
        id: dispute.id,
      },
    });
    expect(outbox(h(), 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED')[0]!.payload.refundTransaction).toMatchObject({
      value: 600,
      partial: true,
    });

    const before = h().counts(...WRITTEN);
    expect(
      await h().client.request('uploadDisputeEvidence', {
        params: { id: dispute.id },
        body: { documents: [{ url: 'https://x.example.com/a', correlationID: 'a' }] },
      }),
    ).toEqual({ status: 400, body: { error: 'You cannot send a evidence for a accepted dispute' } });
    expect(
      await h().client.request('sandboxResolveDispute', { params: { id: dispute.id }, body: { status: 'REJECTED' } }),
    ).toEqual({
      status: 400,
      body: { error: 'The dispute is already ACCEPTED' },
    });
    expect(h().counts(...WRITTEN)).toEqual(before);
  });

  it('ACCEPTED never returns more than the payment has unrefunded, nor than the account holds once the block is lifted', async () => {
    const pix = await receive(h(), 1_000);
    await h().ok('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId, value: 400 } });
    // Refunds made meanwhile from other money: 800 of the 1000 are promised back by them.
    await receive(h(), 2_000);
    await h().ok('createRefund', { body: { transactionEndToEndId: pix.endToEndId, correlationID: 'r1', value: 800 } });
    h().clock.advance(2_001);
    const accepted = await h().ok('sandboxResolveDispute', {
      params: { id: pix.endToEndId },
      body: { status: 'ACCEPTED' },
    });
    expect(accepted.transaction).toMatchObject({ type: 'REFUND', value: 200 });
    // 3000 in, 800 refunded, 200 returned by the dispute; its other 200 blocked are lifted.
    expect(balanceOf(h())).toEqual({
      total: 2_000,
      blocked: 0,
      available: 2_000,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });
  });

  it('REJECTED and CANCELED lift the block and keep the money, each with its event; evidence is refused after', async () => {
    const first = await receive(h(), 700);
    const second = await receive(h(), 300);
    await h().ok('sandboxOpenDispute', { body: { endToEndId: first.endToEndId } });
    await h().ok('sandboxOpenDispute', { body: { endToEndId: second.endToEndId } });
    expect(balanceOf(h())).toMatchObject({ total: 1_000, available: 0, blockedBySecurity: 1_000 });

    const rejected = await h().ok('sandboxResolveDispute', {
      params: { id: first.endToEndId },
      body: { status: 'REJECTED' },
    });
    expect(rejected.dispute.status).toBe('REJECTED');
    expect(rejected.transaction).toMatchObject({
      type: 'BALANCE_UNBLOCK',
      value: 700,
      originalEndToEndId: first.endToEndId,
    });
    expect(balanceOf(h())).toMatchObject({ total: 1_000, available: 700, blockedBySecurity: 300 });

    const canceled = await h().ok('sandboxResolveDispute', {
      params: { id: second.endToEndId },
      body: { status: 'CANCELED' },
    });
    expect(canceled.dispute.status).toBe('CANCELED');
    expect(balanceOf(h())).toEqual({
      total: 1_000,
      blocked: 0,
      available: 1_000,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });

    expect(
      outbox(h(), 'OPENPIX:DISPUTE').map((e) => [e.name, e.payload.dispute.status, e.payload.dispute.endToEndId]),
    ).toEqual([
      ['OPENPIX:DISPUTE_CREATED', 'IN_REVIEW', first.endToEndId],
      ['OPENPIX:DISPUTE_CREATED', 'IN_REVIEW', second.endToEndId],
      ['OPENPIX:DISPUTE_REJECTED', 'REJECTED', first.endToEndId],
      ['OPENPIX:DISPUTE_CANCELED', 'CANCELED', second.endToEndId],
    ]);
    for (const [id, status] of [
      [first.endToEndId, 'REJECTED'],
      [second.endToEndId, 'CANCELED'],
    ]) {
      expect(
        await h().client.request('uploadDisputeEvidence', {
          params: { id: id! },
          body: { documents: [{ url: 'https://x.example.com/a', correlationID: 'a' }] },
        }),
      ).toEqual({ status: 400, body: { error: `You cannot send evidence for a ${status} dispute: it is closed` } });
    }
    for (const body of [{}, { status: 'IN_REVIEW' }, { status: 'accepted' }]) {
      expect(
        (await h().client.request('sandboxResolveDispute', { params: { id: first.endToEndId }, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('a block lifted meanwhile by the sandbox is not lifted twice', async () => {
    const pix = await receive(h(), 500);
    await h().ok('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId } });
    await h().ok('sandboxUnblockBalance', { body: { value: 200, reason: 'SECURITY' } });
    const rejected = await h().ok('sandboxResolveDispute', {
      params: { id: pix.endToEndId },
      body: { status: 'REJECTED' },
    });
    expect(rejected.transaction).toMatchObject({ type: 'BALANCE_UNBLOCK', value: 300 });
    expect(balanceOf(h())).toEqual({
      total: 500,
      blocked: 0,
      available: 500,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });
  });

  it('lists disputes newest first between start and end, with pageInfo; bad dates are 400', async () => {
    const a = await receive(h(), 100);
    await h().ok('sandboxOpenDispute', { body: { endToEndId: a.endToEndId } });
    h().clock.advance(60 * 60_000);
    const b = await receive(h(), 200);
    await h().ok('sandboxOpenDispute', { body: { endToEndId: b.endToEndId } });
    const all = await h().ok('listDisputes');
    expect(all.disputes.map((d: any) => d.endToEndId)).toEqual([b.endToEndId, a.endToEndId]);
    const page = await h().ok('listDisputes', { query: { limit: '1' } });
    expect(page).toMatchObject({
      pageInfo: { skip: 0, limit: 1, totalCount: 2, hasNextPage: true, hasPreviousPage: false },
    });
    expect(page.disputes.map((d: any) => d.endToEndId)).toEqual([b.endToEndId]);
    const early = await h().ok('listDisputes', {
      query: { start: '2026-11-22T14:00:00Z', end: '2026-11-22T15:30:00Z' },
    });
    expect(early.disputes.map((d: any) => d.endToEndId)).toEqual([a.endToEndId]);
    const late = await h().ok('listDisputes', { query: { start: '2026-11-22T15:30:00-03:00' } });
    expect(late.disputes).toEqual([]);
    for (const query of [
      { start: 'yesterday' },
      { end: '2026-13-01T00:00:00Z' },
      { start: '2026-11-22' },
      { start: '2026-11-23T00:00:00Z', end: '2026-11-22T00:00:00Z' },
      { limit: '0' },
      { skip: '-1' },
    ]) {
      const reply = (await h().client.request('listDisputes', { query })) as any;
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
  });

  it('each dispute operation needs its scope (403) and an AppID (401)', async () => {
    const pix = await receive(h(), 100);
    await h().ok('sandboxOpenDispute', { body: { endToEndId: pix.endToEndId } });
    const limited = createSandboxCompany(h().engine.db, h().clock.now(), {
      tradeName: 'Sem escopos',
      scopes: ['CHARGE_GET'],
    });
    const documents = [{ url: 'https://x.example.com/a', correlationID: 'a' }];
    const calls = [
      ['getDispute', { params: { id: pix.endToEndId } }, 'DISPUTE_GET'],
      ['listDisputes', {}, 'DISPUTE_GET_LIST'],
      ['uploadDisputeEvidence', { params: { id: pix.endToEndId }, body: { documents } }, 'DISPUTE_POST'],
    ] as const;
    for (const [op, request, scope] of calls) {
      expect(await h().client.request(op, request, { appId: limited.appId })).toEqual({
        status: 403,
        body: { error: `Application does not have required scope: ${scope}` },
      });
      expect((await h().client.request(op, request, { appId: null })).status).toBe(401);
    }
    expect(h().counts('dispute_evidence').dispute_evidence).toBe(0);
  });
});
