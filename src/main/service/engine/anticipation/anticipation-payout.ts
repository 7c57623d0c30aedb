import type { Db } from '#lib/store/database';
import { newEndToEndId } from '#lib/pix';
import type { OperationContext, Sweeper } from '../context';
import { ledger } from '../ledger/ledger';
import { sourceParty, sourceTaxId } from '../payments/payment-source';
import { bookTransaction } from '../transactions/book-transaction';
import { anticipationRepo, type AnticipationRow, type BeneficiaryRow } from './anticipation-repo';

// The money of an anticipation. The document says approval "triggers the Pix Out to the
// beneficiary", so the company's account pays the advance, net of the beneficiary's fee, as the
// Pix outs of POST /api/v1/payment do (approve-payment.ts, payment-settlement-sweeper.ts):
//
//   approve     PENDING → PROCESSING: netAmount held on the approving account, refused with
//               nothing written when its available balance does not cover it;
//   settlement  PROCESSING → CONFIRMED, paymentSettlementMs later: the hold leaves the balance as
//               a WITHDRAW transaction (ledger kind PIX_OUT) to the beneficiary, whose
//               end-to-end id the request then shows ("Pix end-to-end id of the settled payout");
//   due date    CONFIRMED → PAID when the beneficiary's receivables cover the advance, else
//               OVERDUE; an OVERDUE one is PAID once the company reports receivables that do.
//
// The advance is repaid outside the account (the company keeps it from what it owes the
// beneficiary, its payroll), so the due date moves no money: it reads the beneficiary's
// availableAmount, the receivables the company last reported (create, balance batch), and never
// writes it (the company's values are absolute: the same batch twice must change nothing). The
// document names no anticipation webhook event, so none is emitted; it lists FAILED but no cause
// the sandbox can meet (the payout goes to a key outside this service), so no request reaches it.

/**
 * Approves a PENDING request inside the caller's write transaction: holds its netAmount on the
 * caller's account and marks it PROCESSING until the payout settles. False, with nothing written,
 * when the account's available balance does not cover the netAmount.
 */
export function approveRequest(ctx: OperationContext, row: AnticipationRow): boolean {
  if (!ctx.db.inTransaction) throw new Error('approveRequest runs inside its caller’s transaction');
  const at = ctx.now.toISOString();
  const accountId = ctx.tenant.account.id;
  const ref = { companyId: row.company_id, accountId };
  if (!ledger(ctx.db).hold(ref, row.net_amount, { kind: 'PIX_OUT', causeId: row.id, at })) return false;
  const settlesAt = new Date(ctx.now.getTime() + ctx.config.paymentSettlementMs).toISOString();
  // The caller read it PENDING in this transaction; a throw here rolls the hold back with it.
  if (!anticipationRepo(ctx.db).approve(row.company_id, row.id, accountId, at, settlesAt))
    throw new Error(`anticipation ${row.id} is no longer PENDING`);
  return true;
}

/** Whether the beneficiary's receivables, as the company last reported them, repay the advance. */
const repaidBy = (beneficiary: BeneficiaryRow | undefined, row: AnticipationRow) =>
  (beneficiary?.available_amount ?? 0) >= row.requested_amount;

/**
 * After the company reported a beneficiary's receivables (balance batch): the OVERDUE advances
 * they now cover are PAID. Inside the caller's transaction.
 */
export function repayOverdue(db: Db, companyId: string, beneficiaryId: string, at: string): void {
  const repo = anticipationRepo(db);
  const beneficiary = repo.beneficiaryById(companyId, beneficiaryId);
  for (const row of repo.overdueOf(companyId, beneficiaryId)) {
    if (repaidBy(beneficiary, row)) repo.close(row, 'OVERDUE', 'PAID', at);
  }
}

/** The payout leaves: a WITHDRAW to the beneficiary is booked and the hold settles out of the balance. */
function payOut(db: Db, row: AnticipationRow, now: Date): void {
  const at = now.toISOString();
  const repo = anticipationRepo(db);
  const accountId = row.account_id!;
  const source = sourceParty(db, row.company_id, accountId);
  const beneficiary = repo.beneficiaryById(row.company_id, row.beneficiary_id)!;
  const endToEndId = newEndToEndId(source.bank.ispb, now);
  const transaction = bookTransaction(db, {
    company_id: row.company_id,
    account_id: accountId,
    type: 'WITHDRAW',
    value: row.net_amount,
    end_to_end_id: endToEndId,
    // A Pix out is found by the transaction list's `withdrawal` filter by its own id.
    withdrawal_id: 'self',
    time: at,
    payer: {
      name: source.name,
      taxID: sourceTaxId(source),
      bank: source.bank,
      branch: source.branch,
      account: source.account,
    },
    payee: { name: beneficiary.name, taxID: { taxID: beneficiary.tax_id, type: beneficiary.tax_id_type } },
  });
  if (!repo.confirm(row, endToEndId, transaction.id, at)) throw new Error(`anticipation ${row.id} left PROCESSING`);
  ledger(db).settleHold({ companyId: row.company_id, accountId }, row.net_amount, {
    kind: 'PIX_OUT',
    transactionId: transaction.id,
    causeId: row.id,
    at,
  });
}

/** Settles approved payouts once their time has come, then closes the paid-out advances that fell due. */
export const anticipationSweeper: Sweeper = {
  nextDeadline: (db) => anticipationRepo(db).earliestDeadline(),
  run(db, now) {
    const at = now.toISOString();
    const repo = anticipationRepo(db);
    for (const row of repo.dueForPayout(at)) payOut(db, row, now);
    for (const row of repo.fallingDue(at)) {
      const beneficiary = repo.beneficiaryById(row.company_id, row.beneficiary_id);
      repo.close(row, 'CONFIRMED', repaidBy(beneficiary, row) ? 'PAID' : 'OVERDUE', at);
    }
  },
};
