import type { TaxId } from '#shared/service/resources';
import type { Db } from '#lib/store/database';
import { newReturnId } from '#lib/pix';
import type { OperationContext } from '../context';
import { ledger } from '../ledger/ledger';
import { paymentRepo, type PaymentRow } from '../payments/payment-repo';
import { bookTransaction } from '../transactions/book-transaction';
import { transactionRepo, type TransactionView } from '../transactions/transaction-repo';
import { parseParty, serializeTransaction } from '../transactions/transaction-serializer';
import { REFUND_EVENTS } from './create-refund';
import type { RefundRow } from './refund-repo';

/**
 * The SPI reject reason when the account a refund returns to is closed (Catálogo de Mensagens
 * do SPI: AC07, "número da conta transacional encerrada"). The payer's PSP is this service,
 * which knows the account was closed, not merely unknown (AC03).
 */
export const RECEIVER_ACCOUNT_CLOSED = 'AC07 - Conta do recebedor encerrada';

/** Where a Pix received from inside this service came from: the payer's payment and its WITHDRAW transaction. */
export interface PayerInside {
  payment: PaymentRow;
  pixOut: TransactionView;
}

/**
 * The payer inside this service of a received Pix (payment-settlement-sweeper delivers a Pix out
 * to another company as a PAYMENT naming the payments row that sent it); null for a Pix from
 * outside (a sandbox simulated payer), whose refund leaves the service.
 */
export function payerInsideService(db: Db, received: TransactionView): PayerInside | null {
  if (received.type !== 'PAYMENT' || received.payment_id === null) return null;
  const payment = paymentRepo(db).findServiceWide(received.payment_id);
  // The PAYMENT is booked in the same transaction that confirms the payment: anything else is not ours to credit.
  if (!payment || payment.status !== 'CONFIRMED' || payment.transaction_id === null) return null;
  const pixOut = transactionRepo(db).findById(payment.company_id, payment.transaction_id);
  return pixOut ? { payment, pixOut } : null;
}

const payerCompanyBlock = (ctx: OperationContext) => ({
  id: ctx.tenant.company.id,
  name: ctx.tenant.company.official_name,
  taxID: { taxID: ctx.tenant.company.tax_id, type: ctx.tenant.company.tax_id_type } as TaxId,
});

/**
 * Books, as the payer (`ctx` is the payer's, from the sweeper's asReceiver), a refund of its Pix
 * out coming back: a REFUND transaction crediting the paying account, linked to the payment and
 * its WITHDRAW (originalEndToEndId), and PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED. The payment
 * itself stays CONFIRMED: the API's payment statuses have no refunded state, and the Pix out did
 * happen; the money that came back is this REFUND transaction.
 *
 * End-to-end ids are unique across the service's transactions, and the refunding side's REFUND
 * row already holds the return id, so this side's row gets a return id of its own, signed by the
 * same returning institution, as the Pix itself has one id per side (payment-settlement-sweeper).
 */
export function creditRefundReceived(ctx: OperationContext, refund: RefundRow, payer: PayerInside): TransactionView {
  const { payment, pixOut } = payer;
  const companyId = ctx.tenant.company.id;
  const at = ctx.now.toISOString();
  const row = bookTransaction(ctx.db, {
    company_id: companyId,
    account_id: payment.account_id,
    type: 'REFUND',
    value: refund.value,
    // Characters 1–8 of a return id are the ISPB of the institution that sent the return.
    end_to_end_id: newReturnId(refund.return_identification.slice(1, 9), ctx.now),
    original_transaction_id: pixOut.id,
    payment_id: payment.id,
    time: at,
    info_pagador: refund.comment,
    // The money flows back: the receiver of the Pix out pays, this account receives.
    payer: parseParty(pixOut.payee),
    payee: parseParty(pixOut.payer),
  });
  ledger(ctx.db).credit({ companyId, accountId: payment.account_id }, refund.value, {
    kind: 'REFUND',
    transactionId: row.id,
    causeId: payment.id,
    at,
  });
  const view = transactionRepo(ctx.db).findById(companyId, row.id)!;
  ctx.emit(REFUND_EVENTS.received, {
    refundTransaction: { ...serializeTransaction(view), partial: refund.value < pixOut.value },
    originalTransaction: serializeTransaction(pixOut),
    company: payerCompanyBlock(ctx),
  });
  return view;
}

/**
 * A refund that moved no money, as the REJECTED events carry it: no transaction exists, so no
 * globalID; the return id it was sent with and why it was refused.
 */
export function rejectedRefundTransaction(
  refund: RefundRow,
  original: { end_to_end_id: string; value: number },
  at: string,
) {
  return {
    value: refund.value,
    time: at,
    endToEndId: refund.return_identification,
    endToEndID: refund.return_identification,
    status: 'REJECTED' as const,
    type: 'REFUND' as const,
    originalEndToEndId: original.end_to_end_id,
    ...(refund.comment !== null ? { infoPagador: refund.comment } : {}),
    createdAt: refund.created_at,
    partial: refund.value < original.value,
  };
}
