// Seeded property test of the ledger: random sequences of Pix in, refunds, Pix out (created,
// approved, auto-approved, failing, delivered inside the service), withdrawals, blocks, unblocks,
// reversals and the passing of time, through the engine as a client calls it. After every step:
// - each account's balance columns equal the sums of its ledger entries, bucket by bucket;
// - no bucket is negative, and `available` never is;
// - every transaction that moves money has its ledger entries, of its value and direction, and
//   every entry outside the holds names a transaction (no money moves without a record), or, for
//   money to and from subaccounts, the subaccount move it belongs to;
// - the hold bucket is exactly the refunds IN_PROCESSING plus the payments APPROVED;
// - subaccounts (issue 37: charges split to them, credits, debits, transfers, withdrawals): each
//   balance equals the sum of its entries and is never negative, every move has its entries, and
//   the money between the main account and its subaccounts sums to zero (auditSubaccounts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import type { Engine } from '#service/engine/engine';
import { ledger } from '#service/engine/ledger/ledger';
import { auditSubaccounts } from '#service/engine/subaccounts/subaccount-audit';
import type { OperationName } from '#service/engine/operations';
import { createSandboxCompany } from '#service/engine/tenancy/sandbox-bootstrap';
import { createSandboxService } from '#service/index';
import type { ServiceRequest } from '#shared/service/service-api';

const SEED = 20261124;

type Action =
  | { kind: 'payIn'; value: number }
  | { kind: 'refund'; pick: number; value: number | null }
  | {
      kind: 'payOut';
      value: number;
      to: 'other' | 'manual' | 'failing' | 'missingKey' | 'ownAccount';
      autoApprove: boolean;
    }
  | { kind: 'approve'; pick: number }
  | { kind: 'withdraw'; value: number }
  | { kind: 'block'; value: number; reason: 'SECURITY' | 'WITHDRAW_SAFETY'; lift: boolean }
  | { kind: 'reverse'; pick: number; value: number | null }
  | { kind: 'wait'; ms: number }
  | { kind: 'splitCharge'; value: number; split: number; pick: number }
  | { kind: 'subCredit'; value: number; pick: number }
  | { kind: 'subDebit'; value: number; pick: number }
  | { kind: 'subTransfer'; value: number; pick: number }
  | { kind: 'subWithdraw'; value: number | null; pick: number };

/** The main company's subaccounts in every run, by Pix key. */
const SUBACCOUNT_KEYS = ['vendedor-1@example.com', 'vendedor-2@example.com'] as const;

const cents = fc.integer({ min: 1, max: 50_000 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('payIn' as const), value: cents }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), value: fc.option(cents, { nil: null }) }),
  fc.record({
    kind: fc.constant('payOut' as const),
    value: cents,
    to: fc.constantFrom(
      'other' as const,
      'manual' as const,
      'failing' as const,
      'missingKey' as const,
      'ownAccount' as const,
    ),
    autoApprove: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('approve' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('withdraw' as const), value: cents }),
  fc.record({
    kind: fc.constant('block' as const),
    value: cents,
    reason: fc.constantFrom('SECURITY' as const, 'WITHDRAW_SAFETY' as const),
    lift: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), value: fc.option(cents, { nil: null }) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 100, max: 5_000 }) }),
);

/** Money to, from and between the main company's subaccounts (issue 37). */
const subaccountAction: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('splitCharge' as const), value: cents, split: cents, pick: fc.nat() }),
  fc.record({ kind: fc.constant('subCredit' as const), value: cents, pick: fc.nat() }),
  fc.record({ kind: fc.constant('subDebit' as const), value: cents, pick: fc.nat() }),
  fc.record({ kind: fc.constant('subTransfer' as const), value: cents, pick: fc.nat() }),
  fc.record({ kind: fc.constant('subWithdraw' as const), value: fc.option(cents, { nil: null }), pick: fc.nat() }),
);

/** The account's movements and the subaccounts' together: the trial of issue 37's moves. */
const mixedAction: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: action, weight: 2 },
  { arbitrary: subaccountAction, weight: 1 },
);

/** Signed effect of a transaction type on the account's total. */
const DIRECTION: Record<string, 1 | -1 | 0> = {
  PAYMENT: 1,
  REVERSAL: 1,
  REFUND: -1,
  WITHDRAW: -1,
  FEE: -1,
  BALANCE_BLOCK: 0,
  BALANCE_UNBLOCK: 0,
};

/** Types whose direction depends on the side: an internal transfer leaves one account and reaches another. */
const EITHER_WAY = new Set(['INTERNAL_TRANSFER']);

function checkInvariants(engine: Engine): void {
  const db = engine.db;
  const accounts = db.prepare('SELECT id, company_id FROM bank_accounts').all() as { id: string; company_id: string }[];
  for (const account of accounts) {
    const ref = { companyId: account.company_id, accountId: account.id };
    const projected = ledger(db).balance(ref);
    expect(projected).toEqual(ledger(db).balanceFromEntries(ref));
    for (const value of Object.values(projected)) expect(value).toBeGreaterThanOrEqual(0);
    const holds = db
      .prepare(
        `SELECT (SELECT COALESCE(SUM(value), 0) FROM refunds WHERE account_id = @id AND status = 'IN_PROCESSING')
              + (SELECT COALESCE(SUM(value), 0) FROM payments WHERE account_id = @id AND status = 'APPROVED') AS held`,
      )
      .get({ id: account.id }) as { held: number };
    expect(projected.blocked - projected.blockedBySecurity - projected.blockedByWithdrawSafety).toBe(holds.held);
  }
  // Every money-moving transaction has its total-bucket entries, summing to its signed value.
  const rows = db
    .prepare(
      `SELECT t.id, t.type, t.value, COALESCE(SUM(CASE WHEN e.bucket = 'total' THEN e.amount END), 0) AS moved,
              COUNT(e.seq) AS entries
       FROM transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id GROUP BY t.id`,
    )
    .all() as { id: string; type: string; value: number; moved: number; entries: number }[];
  for (const row of rows) {
    if (EITHER_WAY.has(row.type)) {
      expect(Math.abs(row.moved), `${row.type} ${row.id}`).toBe(row.value);
    } else {
      expect(row.type in DIRECTION, row.type).toBe(true);
      expect(row.moved, `${row.type} ${row.id}`).toBe(DIRECTION[row.type]! * row.value);
    }
    expect(row.entries, `${row.type} ${row.id} has no ledger entry`).toBeGreaterThan(0);
  }
  // Outside the holds (a hold books its transaction only when it settles), no entry lacks a
  // transaction, except a move to or from a subaccount, which names its move (checked below).
  const orphans = db
    .prepare(
      `SELECT COUNT(*) AS n FROM ledger_entries
       WHERE transaction_id IS NULL AND bucket <> 'hold' AND kind NOT IN ('OPENING', 'SUBACCOUNT')`,
    )
    .get() as { n: number };
  expect(orphans.n).toBe(0);
  expect(auditSubaccounts(db)).toEqual([]);
}

/** Successful calls per operation over all runs: the trial must reach every movement, not only refusals. */
const reached = new Map<string, number>();
/** Payment statuses seen at the end of the runs. */
const runsReached = new Set<string>();
const reachedTypes = new Set<string>();
/** Subaccount move kinds stored at the end of the runs. */
const reachedMoves = new Set<string>();

async function run(actions: Action[]): Promise<void> {
  const clock = new ManualClock('2026-11-24T15:00:00.000Z');
  const service = createSandboxService({ dbPath: ':memory:', clock, checkResponses: true });
  const other = createSandboxCompany(service.engine.db, clock.now(), { tradeName: 'Outra' });
  // A second account of the main company, to move money between its own accounts.
  const main = service.engine.tenancy.resolveTenant(service.appId)!;
  const second = { id: 'second-account', account: '2345678' };
  service.engine.db
    .prepare(
      `INSERT INTO bank_accounts (id, company_id, is_default, ispb, bank_name, branch, account, account_name, created_at)
       VALUES (?, ?, 0, ?, ?, '0001', ?, 'Segunda', ?)`,
    )
    .run(
      second.id,
      main.company.id,
      main.account.ispb,
      main.account.bank_name,
      second.account,
      clock.now().toISOString(),
    );
  let n = 0;
  const call = (op: OperationName, request: ServiceRequest = {}) => service.engine.handle(service.appId, op, request);
  const ok = async (op: OperationName, request: ServiceRequest = {}) => {
    const reply = await call(op, request);
    // Refusals are part of the game (no balance, nothing left to refund); a 500 never is.
    expect(reply.status, `${op} ${JSON.stringify('body' in reply ? reply.body : '')}`).toBeLessThan(500);
    if (reply.status === 200) reached.set(op, (reached.get(op) ?? 0) + 1);
    return reply.status === 200 && 'body' in reply ? (reply.body as any) : null;
  };
  try {
    for (const [index, key] of SUBACCOUNT_KEYS.entries())
      await ok('createSubaccount', { body: { pixKey: key, name: `Vendedor ${index + 1}` } });
    const subKey = (pick: number) => SUBACCOUNT_KEYS[pick % SUBACCOUNT_KEYS.length]!;
    for (const step of actions) {
      n += 1;
      switch (step.kind) {
        case 'payIn': {
          const qr = await ok('createPixQrCode', { body: { name: `in${n}`, value: step.value } });
          await ok('sandboxPayBrCode', { body: { brCode: qr.pixQrCode.brCode } });
          break;
        }
        case 'refund': {
          const list = await ok('listTransactions', { query: { type: 'PAYMENT' } });
          const payments = list.transactions;
          if (payments.length === 0) break;
          const target = payments[step.pick % payments.length];
          const body: Record<string, unknown> = { correlationID: `r${n}`, transactionEndToEndId: target.endToEndId };
          if (step.value !== null) body.value = step.value;
          await ok('createRefund', { body });
          break;
        }
        case 'payOut': {
          const base = { correlationID: `p${n}`, value: step.value, autoApprove: step.autoApprove };
          const body =
            step.to === 'other'
              ? { ...base, type: 'PIX_KEY', destinationAlias: other.pixKey, destinationAliasType: 'RANDOM' }
              : step.to === 'ownAccount'
                ? {
                    ...base,
                    type: 'MANUAL',
                    psp: main.account.ispb,
                    holder: {
                      name: main.company.official_name,
                      taxID: { taxID: main.company.tax_id, type: 'BR:CNPJ' },
                    },
                    account: { account: second.account, branch: '0001', accountType: 'TRAN' },
                  }
                : step.to === 'missingKey'
                  ? {
                      ...base,
                      type: 'PIX_KEY',
                      destinationAlias: 'pix-key-not-found@woovi.com',
                      destinationAliasType: 'EMAIL',
                    }
                  : {
                      ...base,
                      type: 'MANUAL',
                      psp: '00000000',
                      holder: { name: 'Fornecedor', taxID: { taxID: '11144477735', type: 'BR:CPF' } },
                      account: {
                        account: step.to === 'failing' ? '2222222' : '1234567',
                        branch: '0001',
                        accountType: 'TRAN',
                      },
                    };
          await ok('createPayment', { body });
          break;
        }
        case 'approve': {
          const list = await ok('listPayments');
          const created = list.payments.filter((p: any) => p.payment.status === 'CREATED');
          if (created.length === 0) break;
          await ok('approvePayment', {
            body: { correlationID: created[step.pick % created.length].payment.correlationID },
          });
          break;
        }
        case 'withdraw': {
          const tenant = service.engine.tenancy.resolveTenant(service.appId)!;
          await ok('withdraw', { params: { accountId: tenant.account.id }, body: { value: step.value } });
          break;
        }
        case 'block': {
          if (!step.lift) {
            await ok('sandboxBlockBalance', { body: { value: step.value, reason: step.reason } });
            break;
          }
          // Lift at most what is blocked for that reason, so lifts happen; an over-lift is tried too (refused).
          const tenant = service.engine.tenancy.resolveTenant(service.appId)!;
          const { account } = await ok('getAccount', { params: { accountId: tenant.account.id } });
          const blocked =
            step.reason === 'SECURITY' ? account.balance.blockedBySecurity : account.balance.blockedByWithdrawSafety;
          await ok('sandboxUnblockBalance', {
            body: { value: blocked > 0 ? Math.min(step.value, blocked) : step.value, reason: step.reason },
          });
          break;
        }
        case 'reverse': {
          const list = await ok('listPayments');
          const confirmed = list.payments.filter(
            (p: any) => p.payment.status === 'CONFIRMED' && p.payment.type === 'MANUAL',
          );
          if (confirmed.length === 0) break;
          const body: Record<string, unknown> = {
            correlationID: confirmed[step.pick % confirmed.length].payment.correlationID,
          };
          if (step.value !== null) body.value = step.value;
          await ok('sandboxReversePayment', { body });
          break;
        }
        case 'splitCharge': {
          // A split worth more than the charge is refused at creation (400), like any bad charge.
          const created = await ok('createCharge', {
            body: {
              correlationID: `s${n}`,
              value: step.value,
              splits: [{ value: step.split, pixKey: subKey(step.pick), splitType: 'SPLIT_SUB_ACCOUNT' }],
            },
          });
          if (created) await ok('sandboxPay', { query: { transactionID: created.charge.transactionID } });
          break;
        }
        case 'subCredit':
          await ok('creditSubaccount', { params: { id: subKey(step.pick) }, body: { value: step.value } });
          break;
        case 'subDebit':
          await ok('debitSubaccount', { params: { id: subKey(step.pick) }, body: { value: step.value } });
          break;
        case 'subTransfer':
          await ok('transferBetweenSubaccounts', {
            body: {
              value: step.value,
              fromPixKey: subKey(step.pick),
              fromPixKeyType: 'EMAIL',
              toPixKey: subKey(step.pick + 1),
              toPixKeyType: 'EMAIL',
              // Every other transfer is sent twice with one correlationID: it must move once.
              correlationID: step.pick % 2 === 0 ? `t${n}` : undefined,
            },
          });
          if (step.pick % 2 === 0) {
            const before = service.engine.db.prepare('SELECT COUNT(*) AS n FROM subaccount_entries').get();
            await ok('transferBetweenSubaccounts', {
              body: {
                value: step.value,
                fromPixKey: subKey(step.pick),
                fromPixKeyType: 'EMAIL',
                toPixKey: subKey(step.pick + 1),
                toPixKeyType: 'EMAIL',
                correlationID: `t${n}`,
              },
            });
            expect(service.engine.db.prepare('SELECT COUNT(*) AS n FROM subaccount_entries').get()).toEqual(before);
          }
          break;
        case 'subWithdraw': {
          const body: Record<string, unknown> = { correlationID: `w${n}` };
          if (step.value !== null) body.value = step.value;
          await ok('withdrawSubaccount', { params: { id: subKey(step.pick) }, body });
          break;
        }
        case 'wait':
          clock.advance(step.ms);
          // Any request runs the sweep: refunds and Pix out settle as their time comes.
          await ok('getCompany');
          break;
      }
      checkInvariants(service.engine);
    }
    for (const row of service.engine.db.prepare('SELECT DISTINCT status FROM payments').all() as { status: string }[])
      runsReached.add(row.status);
    for (const row of service.engine.db.prepare('SELECT DISTINCT type FROM transactions').all() as { type: string }[])
      reachedTypes.add(row.type);
    for (const row of service.engine.db.prepare('SELECT DISTINCT kind FROM subaccount_moves').all() as {
      kind: string;
    }[])
      reachedMoves.add(row.kind);
  } finally {
    await service.close();
  }
}

describe('ledger invariants (seeded property test)', () => {
  it(`hold over random sequences of money movements (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 50 }), (actions) => run(actions)),
      { seed: SEED, numRuns: 100 },
    );
    const statuses = runsReached;
    expect(statuses.has('CONFIRMED') && statuses.has('FAILED'), [...statuses].join()).toBe(true);
    // Every transaction type of the API came from the ledger at least once.
    expect([...reachedTypes].sort()).toEqual([
      'BALANCE_BLOCK',
      'BALANCE_UNBLOCK',
      'FEE',
      'INTERNAL_TRANSFER',
      'PAYMENT',
      'REFUND',
      'REVERSAL',
      'WITHDRAW',
    ]);
    for (const op of [
      'sandboxPayBrCode',
      'createRefund',
      'createPayment',
      'approvePayment',
      'withdraw',
      'sandboxBlockBalance',
      'sandboxUnblockBalance',
      'sandboxReversePayment',
    ]) {
      expect(reached.get(op) ?? 0, op).toBeGreaterThan(0);
    }
  }, 120_000);

  it(`hold with subaccount moves among them (seed ${SEED + 37})`, async () => {
    reached.clear();
    await fc.assert(
      fc.asyncProperty(fc.array(mixedAction, { minLength: 5, maxLength: 50 }), (actions) => run(actions)),
      { seed: SEED + 37, numRuns: 60 },
    );
    const moves = reachedMoves;
    for (const op of [
      'sandboxPay',
      'creditSubaccount',
      'debitSubaccount',
      'transferBetweenSubaccounts',
      'withdrawSubaccount',
    ]) {
      expect(reached.get(op) ?? 0, op).toBeGreaterThan(0);
    }
    // A charge's split was credited, and money reached the subaccounts every way.
    expect([...moves].sort()).toEqual(['CREDIT', 'DEBIT', 'SPLIT', 'TRANSFER', 'WITHDRAWAL']);
  }, 120_000);
});
