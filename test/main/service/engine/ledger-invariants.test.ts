// Seeded property test of the ledger: random sequences of Pix in, refunds, Pix out (created,
// approved, auto-approved, failing, delivered inside the service), withdrawals, blocks, unblocks,
// reversals and the passing of time, through the engine as a client calls it. After every step:
// - each account's balance columns equal the sums of its ledger entries, bucket by bucket;
// - no bucket is negative, and `available` never is;
// - every transaction that moves money has its ledger entries, of its value and direction, and
//   every entry outside the holds names a transaction (no money moves without a record);
// - the hold bucket is exactly the refunds IN_PROCESSING plus the payments APPROVED.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import type { Engine } from '#service/engine/engine';
import { ledger } from '#service/engine/ledger/ledger';
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
  | { kind: 'wait'; ms: number };

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
  // Outside the holds (a hold books its transaction only when it settles), no entry lacks a transaction.
  const orphans = db
    .prepare(
      "SELECT COUNT(*) AS n FROM ledger_entries WHERE transaction_id IS NULL AND bucket <> 'hold' AND kind <> 'OPENING'",
    )
    .get() as { n: number };
  expect(orphans.n).toBe(0);
}

/** Successful calls per operation over all runs: the trial must reach every movement, not only refusals. */
const reached = new Map<string, number>();
/** Payment statuses seen at the end of the runs. */
const runsReached = new Set<string>();
const reachedTypes = new Set<string>();

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
});
