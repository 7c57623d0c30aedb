import type { Db } from '#lib/store/database';
import type { Sweeper } from '../context';
import { newObjectId } from '../ids';
import { ledger } from '../ledger/ledger';
import { transactionRepo, type TransactionRow, type TransactionView } from '../transactions/transaction-repo';
import { parseParty, serializeTransaction } from '../transactions/transaction-serializer';
import { REFUND_EVENTS } from './create-refund';
import { refundRepo, type RefundRow } from './refund-repo';
import {
  creditRefundReceived,
  payerInsideService,
  RECEIVER_ACCOUNT_CLOSED,
  rejectedRefundTransaction,
  type PayerInside,
} from './refund-return-to-payer';

type Emit = Parameters<Sweeper['run']>[2];
type Receiver = Parameters<Sweeper['run']>[4];

/** The refunding side: the reserved money leaves, a REFUND transaction (its end-to-end id is the D… return id) is booked. */
function sendRefund(db: Db, refund: RefundRow, original: TransactionView, at: string, emit: Emit): void {
  const transactions = transactionRepo(db);
  // The money now flows back: our account pays, the original payer receives.
  const row: TransactionRow = {
    id: newObjectId(),
    company_id: refund.company_id,
    account_id: refund.account_id,
    type: 'REFUND',
    status: 'CONFIRMED',
    value: refund.value,
    end_to_end_id: refund.return_identification,
    transaction_id: refund.refund_id,
    charge_id: refund.charge_id,
    pix_qr_code_id: original.pix_qr_code_id,
    refund_id: refund.id,
    original_transaction_id: original.id,
    withdrawal_id: null,
    payment_id: null,
    // A refund follows its payment's QR code, the one linked by txid too (see transaction-repo).
    txid: original.txid,
    info_pagador: refund.comment,
    payer: original.payee,
    payee: original.payer,
    time: at,
    webhook_sent: 0,
    created_at: at,
  };
  transactions.insert(row);
  ledger(db).settleHold({ companyId: refund.company_id, accountId: refund.account_id }, refund.value, {
    kind: 'REFUND',
    transactionId: row.id,
    causeId: refund.id,
    at,
  });
  const refundTransaction = serializeTransaction(transactions.findById(refund.company_id, row.id)!);
  const payer = parseParty(original.payee);
  emit(refund.company_id, REFUND_EVENTS.confirmed, {
    refundTransaction: { ...refundTransaction, partial: refund.value < original.value },
    originalTransaction: serializeTransaction(original),
    company: { id: refund.company_id, name: payer?.name ?? '', taxID: payer?.taxID ?? null },
  });
}

/**
 * The payer's account inside this service is closed: its PSP (this service) refuses the return.
 * The held money is available again, nothing is credited anywhere, and both sides hear it.
 */
function rejectRefund(
  db: Db,
  refund: RefundRow,
  original: TransactionView,
  payer: PayerInside,
  at: string,
  emit: Emit,
): void {
  ledger(db).releaseHold({ companyId: refund.company_id, accountId: refund.account_id }, refund.value, {
    kind: 'REFUND',
    causeId: refund.id,
    at,
  });
  emit(refund.company_id, REFUND_EVENTS.rejected, {
    refundTransaction: { ...rejectedRefundTransaction(refund, original, at), transactionID: refund.refund_id },
    originalTransaction: serializeTransaction(original),
    error: RECEIVER_ACCOUNT_CLOSED,
  });
  emit(payer.payment.company_id, REFUND_EVENTS.receivedRejected, {
    refundTransaction: rejectedRefundTransaction(refund, payer.pixOut, at),
    originalTransaction: serializeTransaction(payer.pixOut),
    error: RECEIVER_ACCOUNT_CLOSED,
  });
}

/**
 * The sandbox's SPI: an IN_PROCESSING refund settles once its settlement time has come, all in
 * the sweep's transaction.
 * - A Pix from outside the service (a sandbox simulated payer): the money leaves (CONFIRMED,
 *   PIX_TRANSACTION_REFUND_SENT_CONFIRMED).
 * - A Pix another company of this service sent (a Pix out delivered inside): the money also
 *   comes back to the paying account, booked as that company (refund-return-to-payer.ts,
 *   PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED for it), so no money leaves the service; or, when
 *   that account is closed, the refund is REJECTED and the held money released
 *   (PIX_TRANSACTION_REFUND_SENT_REJECTED and _RECEIVED_REJECTED).
 */
export const refundSettlementSweeper: Sweeper = {
  nextDeadline: (db) => refundRepo(db).earliestPendingSettlement(),
  run(db, now, emit, _config, asReceiver: Receiver) {
    const at = now.toISOString();
    const refunds = refundRepo(db);
    const transactions = transactionRepo(db);
    for (const refund of refunds.dueForSettlement(at)) {
      const original = transactions.findById(refund.company_id, refund.transaction_id)!;
      const payer = payerInsideService(db, original);
      // A probe first: asReceiver runs nothing and answers false for a closed (or vanished) account.
      if (payer && !asReceiver(payer.payment.company_id, payer.payment.account_id, () => {})) {
        if (refunds.reject(refund.id, at)) rejectRefund(db, refund, original, payer, at, emit);
        continue;
      }
      if (!refunds.confirm(refund.id, at)) continue;
      sendRefund(db, refund, original, at, emit);
      if (
        payer &&
        !asReceiver(
          payer.payment.company_id,
          payer.payment.account_id,
          (ctx) => void creditRefundReceived(ctx, refund, payer),
        )
      ) {
        // Nothing else writes between the probe and here (one sweep, one transaction): a bug, and
        // throwing rolls the whole sweep back rather than lose the money.
        throw new Error(`refund ${refund.id}: the paying account could take the refund a moment ago and no longer can`);
      }
    }
  },
};
