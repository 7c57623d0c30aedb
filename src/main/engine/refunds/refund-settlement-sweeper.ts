import type { TaxId } from '../../../shared/resources';
import type { Sweeper } from '../context';
import { newObjectId } from '../ids';
import { ledger } from '../ledger/ledger';
import { transactionRepo, type TransactionRow } from '../transactions/transaction-repo';
import { parseParty, serializeTransaction } from '../transactions/transaction-serializer';
import { REFUND_EVENTS } from './create-refund';
import { refundRepo } from './refund-repo';

/**
 * The sandbox's SPI: an IN_PROCESSING refund settles once its settlement time has come. The
 * reserved money leaves the account, a REFUND transaction (its end-to-end id is the D… return
 * id) is booked, and PIX_TRANSACTION_REFUND_SENT_CONFIRMED is emitted, all in the sweep's
 * transaction.
 */
export const refundSettlementSweeper: Sweeper = {
  nextDeadline: (db) => refundRepo(db).earliestPendingSettlement(),
  run(db, now, emit) {
    const at = now.toISOString();
    const refunds = refundRepo(db);
    const transactions = transactionRepo(db);
    for (const refund of refunds.dueForSettlement(at)) {
      if (!refunds.confirm(refund.id, at)) continue;
      const original = transactions.findById(refund.company_id, refund.transaction_id)!;
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
        company: { id: refund.company_id, name: payer?.name ?? '', taxID: (payer?.taxID as TaxId | undefined) ?? null },
      });
    }
  },
};
