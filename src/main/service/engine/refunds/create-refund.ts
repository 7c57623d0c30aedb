import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import { newObjectId, newTransactionId } from '../ids';
import { newReturnId } from '#lib/pix';
import { ledger } from '../ledger/ledger';
import type { TransactionView } from '../transactions/transaction-repo';
import { serializeTransaction } from '../transactions/transaction-serializer';
import { refundRepo, type RefundRow, type RefundView } from './refund-repo';
import { repeatedRefund, type RefundRequest, type RefundTarget } from './refund-replay';
import { serializePixTransactionRefund } from './refund-serializer';

export type { RefundRequest, RefundTarget } from './refund-replay';

export const REFUND_EVENTS = {
  created: 'PIX_TRANSACTION_REFUND_SENT_REQUESTED',
  confirmed: 'PIX_TRANSACTION_REFUND_SENT_CONFIRMED',
  /** The receiver's PSP refused the return (its account is closed): the held money is released. */
  rejected: 'PIX_TRANSACTION_REFUND_SENT_REJECTED',
  /** For the payer inside this service: a refund of its Pix out came back to its account. */
  received: 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED',
  /** For the payer inside this service: a refund of its Pix out could not be credited (account closed). */
  receivedRejected: 'PIX_TRANSACTION_REFUND_RECEIVED_REJECTED',
} as const;

/** A Pix can be returned within 90 days of its settlement (BCB, pix-domain §6.2). */
export const REFUND_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Starts returning (part of) a received payment, or answers a repeated request with the refund
 * it already made (see refund-replay.ts). The money is held at once (a ledger hold) and leaves the account when the refund settles, so the
 * available balance never promises the same cents twice. Every check that depends on other
 * refunds or on the balance runs inside the write transaction that inserts the refund.
 */
export function createRefund(
  ctx: OperationContext,
  payment: TransactionView,
  request: RefundRequest,
  target: RefundTarget,
): RefundView {
  const companyId = ctx.tenant.company.id;
  if (payment.company_id !== companyId) throw badRequest('Transaction not found');
  const refunds = refundRepo(ctx.db);
  const at = ctx.now.toISOString();

  const run = ctx.db.transaction((): RefundView => {
    // First, and under the write lock: a repeat is answered even after the 90 days, and two
    // copies of one request in flight make one refund.
    const earlier = refunds.findByCorrelationId(companyId, request.correlationID);
    if (earlier) return repeatedRefund(earlier, target, request);
    if (payment.type !== 'PAYMENT') throw badRequest('Only PAYMENT transactions (Pix received) can be refunded');
    if (ctx.now.getTime() - Date.parse(payment.time) > REFUND_WINDOW_MS) {
      throw badRequest('The refund window has closed: a Pix can only be refunded within 90 days of its settlement');
    }
    const remaining = payment.value - refunds.committedTotal(payment.id);
    if (remaining <= 0) throw badRequest('The transaction has already been fully refunded');
    const value = request.value ?? remaining;
    if (value > remaining) {
      throw badRequest(
        `Refund value ${value} exceeds what is left to refund of the transaction (${remaining} of ${payment.value} cents)`,
      );
    }
    const id = newObjectId();
    if (
      !ledger(ctx.db).hold({ companyId, accountId: payment.account_id }, value, { kind: 'REFUND', causeId: id, at })
    ) {
      throw badRequest('Account does not have enough balance to complete the operation');
    }
    const account = ctx.tenancy.account(payment.account_id)!;
    const row: RefundRow = {
      id,
      company_id: companyId,
      account_id: payment.account_id,
      transaction_id: payment.id,
      charge_id: payment.charge_id,
      correlation_id: request.correlationID,
      refund_id: newTransactionId(),
      // We send the devolução, so our institution signs its return id.
      return_identification: newReturnId(account.ispb, ctx.now),
      value,
      value_given: request.value === undefined ? 0 : 1,
      status: 'IN_PROCESSING',
      comment: request.comment ?? null,
      settles_at: new Date(ctx.now.getTime() + ctx.config.refundSettlementMs).toISOString(),
      settled_at: null,
      created_at: at,
    };
    refunds.insert(row);
    const view: RefundView = { ...row, original_end_to_end_id: payment.end_to_end_id };
    ctx.emit(REFUND_EVENTS.created, {
      refund: serializePixTransactionRefund(view),
      originalTransaction: serializeTransaction(payment),
    });
    return view;
  });
  // IMMEDIATE: the sum of refunds and the balance are read under the write lock they are checked for.
  return run.immediate();
}
