import type { OperationContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { paymentRepo } from '../payments/payment-repo';
import { transactionRepo, type TransactionView } from '../transactions/transaction-repo';

/**
 * The Pix out a funds recovery may be opened for (service-spec rule 5): one SENT from the caller's
 * account to someone else (a payment that settled as a WITHDRAW transaction) and not rejected.
 * An end-to-end id no record of the caller's company carries is 404, another company's included;
 * one the company knows but that is not such a Pix is 422 with the reason:
 * - a payment rejected at settlement (FAILED) or denied, or one still in flight (APPROVED);
 * - a payment made from another account of the company;
 * - a transfer between the company's own accounts (INTERNAL_TRANSFER): nobody to recover from;
 * - anything else: a Pix received, a refund, a withdrawal to the company's own bank account, a block.
 */
export function recoverableTransaction(ctx: OperationContext, endToEndId: string): TransactionView {
  const companyId = ctx.tenant.company.id;
  const payment = paymentRepo(ctx.db).findByEndToEndId(companyId, endToEndId);
  const transaction = transactionRepo(ctx.db).findByEndToEndId(companyId, endToEndId);
  if (!payment && !transaction) throw notFound('Transaction not found');
  if (!payment) throw unprocessable('Only a Pix sent from your account (a confirmed payment) can be recovered');
  if (payment.account_id !== ctx.tenant.account.id)
    throw unprocessable('The transaction was not sent from your account');
  if (payment.status === 'FAILED' || payment.status === 'DENIED') {
    throw unprocessable(`The transaction was rejected (payment ${payment.status}): there is nothing to recover`);
  }
  if (payment.status !== 'CONFIRMED' || payment.transaction_id === null) {
    throw unprocessable('The transaction has not settled yet: a funds recovery needs a confirmed Pix');
  }
  const sent = transactionRepo(ctx.db).findById(companyId, payment.transaction_id)!;
  if (sent.type !== 'WITHDRAW') throw unprocessable('A transfer between your own accounts cannot be recovered');
  return sent;
}
