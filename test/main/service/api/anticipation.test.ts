// Anticipation (issue 37): beneficiaries registered by payout key (CPF/CNPJ), activated and
// deactivated, their balances synced in batch (absolute values: the same batch twice changes
// nothing); requests, made through the sandbox's own simulator (POST /openpix/testing/anticipation:
// the API has no create), listed and approved (PENDING → PROCESSING) or rejected (→ CANCELED),
// with the document's idempotent repeats and 409s. The money: an approval holds the netAmount on
// the company's account (refused, nothing written, without the balance), the payout settles
// paymentSettlementMs later (CONFIRMED, a WITHDRAW with its endToEndId, the balance debited by
// exactly the netAmount), and at the due date the advance is PAID or OVERDUE; the ledger's
// invariants hold throughout. Bad input, tenancy, and the answers against the published schema
// under --strict and the derived one by default.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import type { SandboxService } from '#service/index';
import { ledger, type Balance } from '#service/engine/ledger/ledger';
import { describeContract, type Harness } from '#test/support/harness';
import { useConformanceServers } from '#test/support/conformance-servers';

const CPF = '52998224725';
const CPF_MASKED = '529.982.247-25';
const CPF_2 = '12345678909';
const CPF_3 = '11144477735';
const CNPJ = '11222333000181';
/** A Pix end-to-end id (E + ISPB + yyyyMMddHHmm + 11 characters). */
const END_TO_END_ID = /^E\d{8}\d{12}[a-zA-Z0-9]{11}$/;
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

const beneficiary = (h: Harness, body: object, query: Record<string, string> = {}, appId = h.appId) =>
  h.client.request('createAnticipationBeneficiary', { body, query }, { appId });

async function registered(h: Harness, taxID = CPF, extra: object = {}) {
  const reply = await beneficiary(h, {
    name: 'João da Silva',
    taxID,
    availableAmount: 500_000,
    maxAdvanceableAmount: 350_000,
    ...extra,
  });
  expect(reply.status).toBe(200);
  return (reply as any).body.beneficiary;
}

const ask = (h: Harness, body: object, appId = h.appId) =>
  h.client.request('simulateAnticipationRequest', { body }, { appId });

async function requested(h: Harness, requestedAmount: number, taxID = CPF) {
  const reply = await ask(h, { taxID, requestedAmount });
  expect(reply.status, JSON.stringify(reply)).toBe(200);
  return (reply as any).body.anticipation;
}

const approve = (h: Harness, id: string, appId = h.appId) =>
  h.client.request('approveAnticipation', { params: { id } }, { appId });
const reject = (h: Harness, id: string, body: object = {}, appId = h.appId) =>
  h.client.request('rejectAnticipation', { params: { id }, body }, { appId });
const list = async (h: Harness, query: Record<string, string> = {}, appId = h.appId) =>
  h.client.request('listAnticipations', { query }, { appId });

/** Puts `cents` on the company's account through a static QR code paid from outside. */
async function fund(h: Harness, cents: number, appId = h.appId): Promise<void> {
  const qr = await h.client.request('createPixQrCode', { body: { name: 'Fundos', value: cents } }, { appId });
  const brCode = (qr as any).body.pixQrCode.brCode;
  expect((await h.client.request('sandboxPayBrCode', { body: { brCode } }, { appId })).status).toBe(200);
}

const accountOf = (h: Harness, appId = h.appId) => {
  const tenant = h.engine.tenancy.resolveTenant(appId)!;
  return { companyId: tenant.company.id, accountId: tenant.account.id };
};

/**
 * The ledger's invariants, checked on every account of the database, with the anticipations in
 * them: the balance columns equal the sums of the entries; the hold bucket is exactly the refunds
 * and Pix outs in flight plus the netAmount of every PROCESSING anticipation approved from the
 * account; and each anticipation's own entries are its hold while PROCESSING and its netAmount out
 * of the total once paid out, nothing otherwise. Returns the main account's balance.
 */
function balanceChecked(h: Harness): Balance {
  const db = h.engine.db;
  const accounts = db.prepare('SELECT company_id AS companyId, id AS accountId FROM bank_accounts').all() as {
    companyId: string;
    accountId: string;
  }[];
  for (const ref of accounts) {
    const projected = ledger(db).balance(ref);
    expect(ledger(db).balanceFromEntries(ref)).toEqual(projected);
    const { held } = db
      .prepare(
        `SELECT (SELECT COALESCE(SUM(value), 0) FROM refunds WHERE account_id = @id AND status = 'IN_PROCESSING')
              + (SELECT COALESCE(SUM(value), 0) FROM payments WHERE account_id = @id AND status = 'APPROVED')
              + (SELECT COALESCE(SUM(net_amount), 0) FROM anticipation_requests
                 WHERE account_id = @id AND status = 'PROCESSING') AS held`,
      )
      .get({ id: ref.accountId }) as { held: number };
    expect(projected.blocked - projected.blockedBySecurity - projected.blockedByWithdrawSafety).toBe(held);
  }
  const requests = db
    .prepare(
      `SELECT r.status, r.net_amount, r.end_to_end_id,
              COALESCE(SUM(CASE e.bucket WHEN 'hold' THEN e.amount END), 0) AS hold,
              COALESCE(SUM(CASE e.bucket WHEN 'total' THEN e.amount END), 0) AS total,
              (SELECT t.value FROM transactions t WHERE t.id = r.transaction_id AND t.type = 'WITHDRAW'
                 AND t.end_to_end_id = r.end_to_end_id AND t.account_id = r.account_id) AS paid_out
       FROM anticipation_requests r
       LEFT JOIN ledger_entries e ON e.cause_id = r.id AND e.kind = 'PIX_OUT'
       GROUP BY r.id`,
    )
    .all() as {
    status: string;
    net_amount: number;
    end_to_end_id: string | null;
    hold: number;
    total: number;
    paid_out: number | null;
  }[];
  for (const r of requests) {
    const paidOut = ['CONFIRMED', 'PAID', 'OVERDUE'].includes(r.status);
    expect(r, JSON.stringify(r)).toMatchObject({
      hold: r.status === 'PROCESSING' ? r.net_amount : 0,
      total: paidOut ? -r.net_amount : 0,
      paid_out: paidOut ? r.net_amount : null,
    });
  }
  return ledger(db).balance(accountOf(h));
}

describeContract('anticipation', (h) => {
  it('registers a beneficiary (200), refuses the same key again (409) unless return_existing=true', async () => {
    const created = await beneficiary(h(), {
      name: 'João da Silva',
      taxID: CPF_MASKED,
      notifyEmail: 'joao@empresa.com',
      notifyPhone: '+5511999999999',
      availableAmount: 500_000,
      maxAdvanceableAmount: 350_000,
      correlationID: 'erp-benef-42',
    });
    expect(created).toEqual({
      status: 200,
      body: {
        beneficiary: {
          name: 'João da Silva',
          taxID: { taxID: CPF, type: 'BR:CPF' },
          isActive: true,
          availableAmount: 500_000,
          maxAdvanceableAmount: 350_000,
          notifyEmail: 'joao@empresa.com',
          notifyPhone: '+5511999999999',
          verified: false,
          createdAt: '2026-11-22T15:00:00.000Z',
        },
        correlationID: 'erp-benef-42',
      },
    });
    const before = h().counts('anticipation_beneficiaries');
    expect(await beneficiary(h(), { name: 'Outro Nome', taxID: CPF })).toEqual({
      status: 409,
      body: { error: `A beneficiary with taxID ${CPF} already exists` },
    });
    const existing = await beneficiary(h(), { name: 'Outro Nome', taxID: CPF }, { return_existing: 'true' });
    expect(existing).toEqual({
      status: 200,
      body: { beneficiary: (created as any).body.beneficiary, correlationID: null },
    });
    // The ERP's retry of the same registration (same correlationID) registers it once.
    const retry = await beneficiary(
      h(),
      { name: 'João da Silva', taxID: CPF, availableAmount: 1, correlationID: 'erp-benef-42' },
      { return_existing: '1' },
    );
    expect(retry).toEqual(created);
    expect(h().counts('anticipation_beneficiaries')).toEqual(before);
    // A CNPJ key needs the person's CPF.
    expect(await beneficiary(h(), { name: 'Empresa', taxID: CNPJ })).toMatchObject({
      status: 400,
      body: { error: 'cpf: cpf is required when taxID is a CNPJ' },
    });
    const company = await registered(h(), CNPJ, { cpf: CPF_2, availableAmount: null, maxAdvanceableAmount: null });
    expect(company).toMatchObject({
      taxID: { taxID: CNPJ, type: 'BR:CNPJ' },
      availableAmount: null,
      maxAdvanceableAmount: 0,
    });
  });

  it('refuses bad beneficiaries with 400, writing nothing', async () => {
    const before = h().counts('anticipation_beneficiaries');
    const cases: [object, string][] = [
      [{ taxID: CPF }, 'name is required'],
      [{ name: 'J', taxID: CPF }, 'at least 2'],
      [{ name: 'João', taxID: '52998224700' }, 'taxID is not a valid CPF or CNPJ'],
      [{ name: 'João' }, 'taxID is required'],
      [{ name: 'João', taxID: CPF, availableAmount: -1 }, 'availableAmount must not be negative'],
      [{ name: 'João', taxID: CPF, maxAdvanceableAmount: 10.5 }, 'maxAdvanceableAmount must be an integer'],
      [{ name: 'João', taxID: CPF, availableAmount: 100, maxAdvanceableAmount: 200 }, 'cannot exceed availableAmount'],
      [{ name: 'João', taxID: CPF, notifyEmail: 'nope' }, 'e-mail'],
      [{ name: 'João', taxID: CPF, paymentDaysOverride: [0] }, 'paymentDaysOverride'],
      [{ name: 'João', taxID: CPF, frequencyOverride: { maxAdvances: 0 } }, 'maxAdvances'],
      [{ name: 'João', taxID: CPF, autoApprove: 'sim' }, 'autoApprove'],
      [{ name: 'João', taxID: CNPJ, cpf: CNPJ }, 'cpf is not a valid CPF'],
      [{ name: 'João', taxID: CPF, feeDestinationAccountId: 'nao-existe' }, 'feeDestinationAccountId'],
    ];
    for (const [body, message] of cases) {
      const reply = await beneficiary(h(), body);
      expect(reply, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining(message) },
      });
    }
    expect(await beneficiary(h(), { name: 'João', taxID: CPF }, { return_existing: 'talvez' })).toMatchObject({
      status: 400,
    });
    // Another company's account is no fee destination of this one.
    const otherAccount = h().engine.tenancy.resolveTenant(h().other.appId)!.account.id;
    expect(await beneficiary(h(), { name: 'João', taxID: CPF, feeDestinationAccountId: otherAccount })).toMatchObject({
      status: 400,
      body: { error: 'feeDestinationAccountId is not an account of this company' },
    });
    expect(h().counts('anticipation_beneficiaries')).toEqual(before);
  });

  it('deactivates and activates by taxID (masked or not), idempotently; a deactivated one cannot ask', async () => {
    await registered(h());
    const off = await h().client.request('deactivateAnticipationBeneficiary', { params: { taxID: CPF_MASKED } });
    expect(off).toMatchObject({ status: 200, body: { beneficiary: { isActive: false, taxID: { taxID: CPF } } } });
    expect(await h().client.request('deactivateAnticipationBeneficiary', { params: { taxID: CPF } })).toEqual(off);
    expect(await ask(h(), { taxID: CPF, requestedAmount: 1_000 })).toEqual({
      status: 422,
      body: { error: 'The beneficiary is deactivated and cannot request anticipations' },
    });
    const on = await h().client.request('activateAnticipationBeneficiary', { params: { taxID: CPF } });
    expect(on).toMatchObject({ status: 200, body: { beneficiary: { isActive: true } } });
    expect((await ask(h(), { taxID: CPF, requestedAmount: 1_000 })).status).toBe(200);

    for (const op of ['activateAnticipationBeneficiary', 'deactivateAnticipationBeneficiary'] as const) {
      expect(await h().client.request(op, { params: { taxID: CPF_2 } })).toEqual({
        status: 404,
        body: { error: 'Beneficiary not found' },
      });
      expect(await h().client.request(op, { params: { taxID: '123' } })).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining('taxID is not a valid CPF or CNPJ') },
      });
      // Another company's beneficiary is an unknown one.
      expect(await h().client.request(op, { params: { taxID: CPF } }, { appId: h().other.appId })).toEqual({
        status: 404,
        body: { error: 'Beneficiary not found' },
      });
    }
    expect((await registered(h(), CPF_2)).isActive).toBe(true);
  });

  it('the balance batch sets absolute balances with a per-item report; the same batch twice changes nothing', async () => {
    await registered(h(), CPF);
    await registered(h(), CPF_2);
    const batch = {
      items: [
        { taxID: CPF_MASKED, availableAmount: 120_000, maxAdvanceableAmount: 100_000 },
        { taxID: CPF_2, availableAmount: 10, maxAdvanceableAmount: 20 },
        { taxID: '98765432100', availableAmount: 1, maxAdvanceableAmount: 1 },
        { taxID: 'xyz', availableAmount: 1, maxAdvanceableAmount: 1 },
      ],
    };
    const expected = {
      processed: 4,
      succeeded: 1,
      failed: 3,
      results: [
        { taxID: CPF_MASKED, ok: true },
        { taxID: CPF_2, ok: false, error: 'maxAdvanceableAmount cannot exceed availableAmount' },
        { taxID: '98765432100', ok: false, error: 'Beneficiary not found' },
        { taxID: 'xyz', ok: false, error: 'taxID is not a valid CPF or CNPJ' },
      ],
    };
    expect(await h().client.request('syncAnticipationBalances', { body: batch })).toEqual({
      status: 200,
      body: expected,
    });
    expect(await h().client.request('syncAnticipationBalances', { body: batch })).toEqual({
      status: 200,
      body: expected,
    });
    const shown = await beneficiary(h(), { name: 'x y', taxID: CPF }, { return_existing: 'true' });
    expect((shown as any).body.beneficiary).toMatchObject({ availableAmount: 120_000, maxAdvanceableAmount: 100_000 });
    const untouched = await beneficiary(h(), { name: 'x y', taxID: CPF_2 }, { return_existing: 'true' });
    expect((untouched as any).body.beneficiary).toMatchObject({
      availableAmount: 500_000,
      maxAdvanceableAmount: 350_000,
    });
    // The new limit holds: 100000 may be advanced, not more.
    expect(await ask(h(), { taxID: CPF, requestedAmount: 100_001 })).toMatchObject({ status: 422 });

    // Another company's batch does not reach this company's beneficiary.
    const theirs = await h().client.request(
      'syncAnticipationBalances',
      { body: { items: [{ taxID: CPF, availableAmount: 0, maxAdvanceableAmount: 0 }] } },
      { appId: h().other.appId },
    );
    expect(theirs).toEqual({
      status: 200,
      body: {
        processed: 1,
        succeeded: 0,
        failed: 1,
        results: [{ taxID: CPF, ok: false, error: 'Beneficiary not found' }],
      },
    });

    for (const body of [
      {},
      { items: [] },
      { items: Array.from({ length: 1001 }, () => ({ taxID: CPF, availableAmount: 1, maxAdvanceableAmount: 1 })) },
      { items: [{ taxID: CPF, availableAmount: -1, maxAdvanceableAmount: 0 }] },
      { items: [{ taxID: CPF, availableAmount: 1 }] },
      { items: 'tudo' },
    ]) {
      expect(
        (await h().client.request('syncAnticipationBalances', { body })).status,
        JSON.stringify(body).slice(0, 80),
      ).toBe(400);
    }
    expect((shown as any).body.beneficiary.maxAdvanceableAmount).toBe(100_000);
  });

  it('a request is PENDING until approved (PROCESSING, and 200 again) or rejected (CANCELED, and 200 again); the other is 409', async () => {
    await registered(h());
    await fund(h(), 100_000);
    const first = await requested(h(), 100_000);
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'PENDING',
      beneficiaryTaxID: CPF,
      requestedAmount: 100_000,
      feeAmount: 7_000,
      netAmount: 93_000,
      feeMode: 'PERCENTAGE',
      monthlyFeePercentage: 7,
      daysUntilDue: 7,
      dueDate: '2026-11-29T03:00:00.000Z',
      approvedAt: null,
      cancelledAt: null,
      cancelReason: null,
      endToEndId: null,
      failureCode: null,
      failureReason: null,
      createdAt: '2026-11-22T15:00:00.000Z',
    });
    h().clock.advance(60_000);
    const second = await requested(h(), 50_000);

    expect(await list(h(), { status: 'PENDING' })).toEqual({
      status: 200,
      body: { anticipations: [second, first], count: 2 },
    });

    const approved = await approve(h(), first.id.toUpperCase());
    expect(approved).toEqual({
      status: 200,
      body: { anticipation: { ...first, status: 'PROCESSING', approvedAt: '2026-11-22T15:01:00.000Z' } },
    });
    h().clock.advance(60_000);
    // Meanwhile its payout settled (anticipation-payout.ts); approving it again answers it as it is.
    const paidOut = {
      ...(approved as any).body.anticipation,
      status: 'CONFIRMED',
      endToEndId: expect.stringMatching(END_TO_END_ID),
    };
    expect(await approve(h(), first.id)).toEqual({ status: 200, body: { anticipation: paidOut } });
    expect(await reject(h(), first.id)).toEqual({
      status: 409,
      body: { error: 'Cannot reject an anticipation in status CONFIRMED' },
    });

    const rejected = await reject(h(), second.id, { reason: 'acima do limite' });
    expect(rejected).toEqual({
      status: 200,
      body: {
        anticipation: {
          ...second,
          status: 'CANCELED',
          cancelledAt: '2026-11-22T15:02:00.000Z',
          cancelReason: 'acima do limite',
        },
      },
    });
    expect(await reject(h(), second.id, { reason: 'outra' })).toEqual(rejected);
    expect(await approve(h(), second.id)).toEqual({
      status: 409,
      body: { error: 'Cannot approve an anticipation in status CANCELED' },
    });

    expect(await list(h(), { status: 'PENDING' })).toEqual({ status: 200, body: { anticipations: [], count: 0 } });
    const all = (await list(h())) as any;
    expect(all.body.anticipations.map((a: any) => a.status)).toEqual(['CANCELED', 'CONFIRMED']);
    expect(all.body.count).toBe(2);
    const page = (await list(h(), { limit: '1', skip: '1' })) as any;
    expect(page.body).toEqual({ anticipations: [all.body.anticipations[1]], count: 2 });
  });

  it('a request holds its amount of the advanceable limit until rejected; auto-approval and the frequency window apply', async () => {
    await registered(h(), CPF, { maxAdvanceableAmount: 10_000, availableAmount: 10_000 });
    const held = await requested(h(), 8_000);
    expect(await ask(h(), { taxID: CPF, requestedAmount: 2_001 })).toEqual({
      status: 422,
      body: { error: 'requestedAmount 2001 exceeds what the beneficiary may still advance (2000 cents)' },
    });
    await reject(h(), held.id);
    expect((await requested(h(), 10_000)).status).toBe('PENDING');

    // Auto-approval holds the netAmount as an approval does: without the balance, the request
    // waits PENDING for the company.
    await registered(h(), CPF_3, { autoApprove: true });
    const unfunded = await requested(h(), 1_000, CPF_3);
    expect(unfunded).toMatchObject({ status: 'PENDING', approvedAt: null });
    expect(balanceChecked(h())).toMatchObject({ total: 0, blocked: 0 });
    await fund(h(), 930);
    await registered(h(), CPF_2, {
      autoApprove: true,
      paymentDaysOverride: [5, 20],
      frequencyOverride: { maxAdvances: 1, periodDays: 30 },
    });
    const auto = await requested(h(), 1_000, CPF_2);
    // Auto-approved; due on the next payment day (Nov 22 → Dec 5, 13 days).
    expect(auto).toMatchObject({
      status: 'PROCESSING',
      approvedAt: '2026-11-22T15:00:00.000Z',
      daysUntilDue: 13,
      dueDate: '2026-12-05T03:00:00.000Z',
      feeAmount: 70,
      netAmount: 930,
    });
    expect(balanceChecked(h())).toMatchObject({ total: 930, blocked: 930, available: 0 });
    expect(await ask(h(), { taxID: CPF_2, requestedAmount: 1_000 })).toEqual({
      status: 422,
      body: { error: 'The beneficiary already made 1 requests in 30 days' },
    });
  });

  it('approval holds the netAmount; paymentSettlementMs later the payout leaves (CONFIRMED, its endToEndId); at the due date PAID', async () => {
    await registered(h());
    await fund(h(), 100_000);
    const first = await requested(h(), 100_000);
    expect(balanceChecked(h())).toMatchObject({ total: 100_000, blocked: 0, available: 100_000 });

    const approved = (await approve(h(), first.id)) as any;
    expect(approved.body.anticipation).toMatchObject({ status: 'PROCESSING', endToEndId: null, netAmount: 93_000 });
    expect(balanceChecked(h())).toEqual({
      total: 100_000,
      blocked: 93_000,
      available: 7_000,
      blockedBySecurity: 0,
      blockedByWithdrawSafety: 0,
    });
    // The API's own view of the account says the same.
    const shown = await h().ok('getAccount', { params: { accountId: accountOf(h()).accountId } });
    expect(shown.account.balance).toMatchObject({ total: 100_000, blocked: 93_000, available: 7_000 });
    // A repeated approval holds nothing more.
    const entries = h().counts('ledger_entries', 'transactions');
    expect(await approve(h(), first.id)).toEqual(approved);
    expect(h().counts('ledger_entries', 'transactions')).toEqual(entries);

    // Not yet: the payout settles 2 s (paymentSettlementMs) after the approval.
    h().clock.advance(1_999);
    expect(await list(h())).toMatchObject({ body: { anticipations: [{ status: 'PROCESSING', endToEndId: null }] } });
    expect(h().counts('transactions')).toEqual({ transactions: entries.transactions });
    h().clock.advance(1);
    const confirmed = ((await list(h())) as any).body.anticipations[0];
    expect(confirmed).toEqual({
      ...approved.body.anticipation,
      status: 'CONFIRMED',
      endToEndId: expect.stringMatching(END_TO_END_ID),
    });
    // The balance is debited by exactly the netAmount: the fee was never the company's to pay.
    expect(balanceChecked(h())).toMatchObject({ total: 7_000, blocked: 0, available: 7_000 });
    const { transactions } = await h().ok('listTransactions');
    const payout = transactions.find((t: any) => t.endToEndId === confirmed.endToEndId);
    expect(payout).toMatchObject({ type: 'WITHDRAW', value: 93_000, time: '2026-11-22T15:00:02.000Z' });
    // The Pix out's receipt names the beneficiary as its receiver.
    const receipt = await h().client.request('getReceipt', {
      params: { receiptType: 'pix-out', endToEndId: confirmed.endToEndId },
    });
    expect(receipt.status).toBe(200);
    // Approving a paid-out request again answers it as it is, moving nothing.
    expect(await approve(h(), first.id)).toEqual({ status: 200, body: { anticipation: confirmed } });
    expect(await reject(h(), first.id)).toEqual({
      status: 409,
      body: { error: 'Cannot reject an anticipation in status CONFIRMED' },
    });

    // Due 2026-11-29T03:00Z: the beneficiary's receivables (availableAmount 500000) repay it. No
    // money moves: the company keeps it from what it owes the beneficiary.
    h().clock.set('2026-11-29T02:59:59.999Z');
    expect(await list(h())).toMatchObject({ body: { anticipations: [{ status: 'CONFIRMED' }] } });
    h().clock.advance(1);
    expect(await list(h())).toEqual({
      status: 200,
      body: { anticipations: [{ ...confirmed, status: 'PAID' }], count: 1 },
    });
    expect(balanceChecked(h())).toMatchObject({ total: 7_000, blocked: 0 });
    // A repaid advance no longer holds the beneficiary's limit: all 350000 may be asked again.
    expect((await requested(h(), 350_000)).status).toBe('PENDING');
  });

  it('an advance its beneficiary’s receivables do not cover falls OVERDUE, and is PAID once a balance sync covers it', async () => {
    await registered(h(), CPF, { availableAmount: 50_000, maxAdvanceableAmount: 50_000 });
    await fund(h(), 50_000);
    const advance = await requested(h(), 50_000, CPF);
    await approve(h(), advance.id);
    h().clock.advance(2_000);
    await list(h());
    const batch = (availableAmount: number, maxAdvanceableAmount: number) =>
      h().ok('syncAnticipationBalances', { body: { items: [{ taxID: CPF, availableAmount, maxAdvanceableAmount }] } });
    await batch(10_000, 10_000);
    // The due date passes with 10000 of receivables for an advance of 50000.
    h().clock.set(advance.dueDate);
    const overdue = ((await list(h())) as any).body.anticipations[0];
    expect(overdue).toMatchObject({ status: 'OVERDUE', endToEndId: expect.stringMatching(END_TO_END_ID) });
    expect(await approve(h(), advance.id)).toEqual({ status: 200, body: { anticipation: overdue } });
    // Still holding the limit: nothing more may be asked.
    expect((await ask(h(), { taxID: CPF, requestedAmount: 1 })).status).toBe(422);
    await batch(60_000, 50_000);
    expect(await list(h())).toEqual({
      status: 200,
      body: { anticipations: [{ ...overdue, status: 'PAID' }], count: 1 },
    });
    // The same sync again changes nothing.
    await batch(60_000, 50_000);
    expect(await list(h())).toMatchObject({ body: { anticipations: [{ status: 'PAID' }] } });
    expect(balanceChecked(h())).toMatchObject({ total: 50_000 - 46_500, blocked: 0 });
  });

  it('an approval the balance does not cover is refused (400) with nothing written; a rejection releases nothing, as nothing was held', async () => {
    await registered(h());
    await fund(h(), 5_000);
    const big = await requested(h(), 10_000);
    const small = await requested(h(), 2_000);
    const tables = ['ledger_entries', 'transactions', 'events', 'anticipation_requests'] as const;
    const before = h().counts(...tables);
    const balanceBefore = balanceChecked(h());
    expect(await approve(h(), big.id)).toEqual({
      status: 400,
      body: {
        error: 'You do not have enough balance to approve this anticipation: netAmount 9300, available 5000 (cents)',
      },
    });
    expect(h().counts(...tables)).toEqual(before);
    expect(balanceChecked(h())).toEqual(balanceBefore);
    expect(await list(h(), { status: 'PENDING' })).toMatchObject({ body: { count: 2 } });

    // Rejecting a PENDING request moves no money.
    expect(await reject(h(), small.id)).toMatchObject({ status: 200, body: { anticipation: { status: 'CANCELED' } } });
    expect(h().counts('ledger_entries', 'transactions')).toEqual({
      ledger_entries: before.ledger_entries,
      transactions: before.transactions,
    });
    expect(balanceChecked(h())).toEqual(balanceBefore);

    // Funded, the same approval goes through.
    await fund(h(), 4_300);
    expect(await approve(h(), big.id)).toMatchObject({ status: 200, body: { anticipation: { status: 'PROCESSING' } } });
    expect(balanceChecked(h())).toMatchObject({ total: 9_300, blocked: 9_300, available: 0 });
  });

  it('another company neither approves, rejects, sees nor pays another’s requests', async () => {
    await registered(h());
    await fund(h(), 10_000);
    await fund(h(), 50_000, h().other.appId);
    const mine = await requested(h(), 10_000);
    const otherBefore = ledger(h().engine.db).balance(accountOf(h(), h().other.appId));
    expect(await approve(h(), mine.id, h().other.appId)).toEqual({
      status: 404,
      body: { error: 'Anticipation not found' },
    });
    expect(await reject(h(), mine.id, {}, h().other.appId)).toEqual({
      status: 404,
      body: { error: 'Anticipation not found' },
    });
    await approve(h(), mine.id);
    h().clock.advance(2_000);
    const paid = ((await list(h())) as any).body.anticipations[0];
    expect(paid.status).toBe('CONFIRMED');
    // The payout left the approving company's account only.
    expect(balanceChecked(h())).toMatchObject({ total: 700 });
    expect(ledger(h().engine.db).balance(accountOf(h(), h().other.appId))).toEqual(otherBefore);
    expect(await list(h(), {}, h().other.appId)).toEqual({ status: 200, body: { anticipations: [], count: 0 } });
    const theirs = await h().client.request('listTransactions', {}, { appId: h().other.appId });
    expect((theirs as any).body.transactions.map((t: any) => t.endToEndId)).not.toContain(paid.endToEndId);
  });

  it('refuses bad ids (400), unknown and other companies’ ids (404), bad list filters (400), nothing written', async () => {
    await registered(h());
    const mine = await requested(h(), 1_000);
    const before = h().counts('anticipation_requests', 'anticipation_beneficiaries');
    for (const call of [approve, reject]) {
      expect(await call(h(), 'not-an-id')).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining('Invalid id') },
      });
      expect(await call(h(), UNKNOWN_ID)).toEqual({ status: 404, body: { error: 'Anticipation not found' } });
    }
    // Another company's id answers exactly like an unknown one.
    for (const reply of [
      await approve(h(), mine.id, h().other.appId),
      await reject(h(), mine.id, {}, h().other.appId),
    ]) {
      expect(reply).toEqual({ status: 404, body: { error: 'Anticipation not found' } });
    }
    expect(await reject(h(), mine.id, { reason: 42 })).toMatchObject({ status: 400 });
    expect(await reject(h(), mine.id, { reason: 'x'.repeat(501) })).toMatchObject({ status: 400 });
    expect((await list(h(), {}, h().other.appId)) as any).toEqual({
      status: 200,
      body: { anticipations: [], count: 0 },
    });
    const badQueries: Record<string, string>[] = [
      { status: 'APPROVED' },
      { limit: '0' },
      { limit: '1001' },
      { limit: 'dez' },
      { skip: '-1' },
    ];
    for (const query of badQueries) {
      expect(await list(h(), query), JSON.stringify(query)).toMatchObject({ status: 400 });
    }
    expect(((await list(h(), { limit: '1000' })) as any).body.count).toBe(1);
    // The simulator: bad input 400, unknown beneficiary (or another company's) 404.
    for (const body of [
      { taxID: CPF },
      { taxID: CPF, requestedAmount: 0 },
      { taxID: 'x', requestedAmount: 1 },
      { taxID: CPF, requestedAmount: 1, daysUntilDue: 0 },
    ]) {
      expect((await ask(h(), body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await ask(h(), { taxID: CPF, requestedAmount: 1 }, h().other.appId)).toEqual({
      status: 404,
      body: { error: 'Beneficiary not found' },
    });
    expect(h().counts('anticipation_requests', 'anticipation_beneficiaries')).toEqual(before);
    expect((await list(h())) as any).toMatchObject({ body: { anticipations: [{ id: mine.id, status: 'PENDING' }] } });
  });
});

describe('anticipation answers conform: published schema under --strict, derived by default', () => {
  const clocks = {
    strict: new ManualClock('2026-11-22T15:00:00.000Z'),
    plain: new ManualClock('2026-11-22T15:00:00.000Z'),
  };
  const servers = useConformanceServers({ clocks, strict: {} });
  const { call } = servers;

  /** Every operation, its success and its documented refusals, on one server. */
  async function answers(service: SandboxService) {
    const replies: { method: string; path: string; status: number; body: unknown }[] = [];
    const at = async (path: string, method: string, url: string, body?: unknown) => {
      const reply = await call(service, method, url, body);
      replies.push({ ...reply, method, path });
      return reply;
    };
    const B = '/api/v1/anticipation/beneficiary';
    await at(B, 'POST', B, { name: 'João da Silva', taxID: CPF, availableAmount: 1_000, maxAdvanceableAmount: 900 });
    await at(B, 'POST', B, { name: 'Sem Saldo', taxID: CPF_2, correlationID: 'c2' });
    await at(B, 'POST', `${B}?return_existing=true`, { name: 'João da Silva', taxID: CPF });
    await at(B, 'POST', B, { name: 'João da Silva', taxID: CPF });
    await at(B, 'POST', B, { name: 'J', taxID: CPF });
    for (const action of ['deactivate', 'activate']) {
      const path = `${B}/{taxID}/${action}`;
      await at(path, 'POST', `${B}/${CPF}/${action}`);
      await at(path, 'POST', `${B}/98765432100/${action}`);
      await at(path, 'POST', `${B}/123/${action}`);
    }
    const batch = '/api/v1/anticipation/balance/batch';
    await at(batch, 'POST', batch, {
      items: [
        { taxID: CPF, availableAmount: 5_000, maxAdvanceableAmount: 4_000 },
        { taxID: 'nope', availableAmount: 1, maxAdvanceableAmount: 1 },
      ],
    });
    await at(batch, 'POST', batch, { items: [] });
    // The simulator is ours and not published: called on the engine, as the beneficiary's app.
    const ids: string[] = [];
    for (const amount of [1_000, 2_000, 1_000]) {
      const made = await service.engine.handle(service.appId, 'simulateAnticipationRequest', {
        body: { taxID: CPF, requestedAmount: amount },
      });
      ids.push((made as any).body.anticipation.id);
    }
    // Enough for the first approval's netAmount (930), not for the third's too.
    const qr = await service.engine.handle(service.appId, 'createPixQrCode', {
      body: { name: 'Fundos', value: 1_000 },
    });
    const brCode = (qr as any).body.pixQrCode.brCode;
    expect((await service.engine.handle(service.appId, 'sandboxPayBrCode', { body: { brCode } })).status).toBe(200);
    const L = '/api/v1/anticipation';
    await at(L, 'GET', L);
    await at(L, 'GET', `${L}?status=PENDING&limit=1`);
    await at(L, 'GET', `${L}?status=NOPE`);
    const approvePath = `${L}/{id}/approve`;
    const rejectPath = `${L}/{id}/reject`;
    await at(approvePath, 'POST', `${L}/${ids[0]}/approve`);
    await at(approvePath, 'POST', `${L}/${ids[0]}/approve`);
    await at(rejectPath, 'POST', `${L}/${ids[0]}/reject`, {});
    await at(rejectPath, 'POST', `${L}/${ids[1]}/reject`, { reason: 'não' });
    await at(rejectPath, 'POST', `${L}/${ids[1]}/reject`);
    await at(approvePath, 'POST', `${L}/${ids[1]}/approve`);
    await at(approvePath, 'POST', `${L}/${UNKNOWN_ID}/approve`);
    await at(approvePath, 'POST', `${L}/zzz/approve`);
    await at(approvePath, 'POST', `${L}/${ids[2]}/approve`);
    // The first approval's payout settles: CONFIRMED, with its endToEndId.
    clocks[servers.kindOf(service)].advance(2_000);
    const settled = await at(L, 'GET', `${L}?status=CONFIRMED`);
    expect(settled.body).toMatchObject({ count: 1, anticipations: [{ id: ids[0], endToEndId: expect.any(String) }] });
    await at(L, 'GET', L);
    expect(replies.map((r) => r.status)).toEqual([
      200, 200, 200, 409, 400, 200, 404, 400, 200, 404, 400, 200, 400, 200, 200, 400, 200, 200, 409, 200, 200, 409, 404,
      400, 400, 200, 200,
    ]);
    // The strict server answers its generic Portuguese text (strict-errors.ts).
    expect(replies.at(-3)!.body).toEqual({
      error:
        service === servers.strict
          ? 'Requisição inválida'
          : 'You do not have enough balance to approve this anticipation: netAmount 930, available 70 (cents)',
    });
    return replies;
  }

  it('every answer validates against the published document under --strict', async () => {
    for (const reply of await answers(servers.strict)) {
      const verdict = servers.conforms('strict', reply.method, reply.path, reply.status, reply.body);
      expect(verdict, `${reply.method} ${reply.path} ${reply.status} ${JSON.stringify(reply.body)}`).toEqual({
        kind: 'valid',
      });
    }
  });

  it('every answer validates against the derived document (GET /openapi.json) by default', async () => {
    for (const reply of await answers(servers.plain)) {
      const verdict = servers.conforms('plain', reply.method, reply.path, reply.status, reply.body);
      expect(verdict, `${reply.method} ${reply.path} ${reply.status} ${JSON.stringify(reply.body)}`).toEqual({
        kind: 'valid',
      });
    }
  });
});
