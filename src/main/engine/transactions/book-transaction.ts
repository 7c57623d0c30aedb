import type { Db } from '../../store/database';
import { newObjectId, newTransactionId } from '../ids';
import { transactionRepo, type TransactionRow } from './transaction-repo';
import type { TransactionParty } from './transaction-serializer';

export type BookedTransaction = Pick<TransactionRow, 'company_id' | 'account_id' | 'type' | 'value' | 'end_to_end_id' | 'time'> &
  Partial<Omit<TransactionRow, 'payer' | 'payee'>> & { payer?: TransactionParty | null; payee?: TransactionParty | null };

/**
 * Inserts a confirmed transaction with the money-out half's defaults (no charge, no QR code), for
 * the caller to post its ledger entries against in the same transaction.
 */
export function bookTransaction(db: Db, fields: BookedTransaction): TransactionRow {
  const row: TransactionRow = {
    id: newObjectId(),
    status: 'CONFIRMED',
    transaction_id: newTransactionId(),
    charge_id: null,
    pix_qr_code_id: null,
    refund_id: null,
    original_transaction_id: null,
    withdrawal_id: null,
    payment_id: null,
    txid: null,
    info_pagador: null,
    webhook_sent: 0,
    created_at: fields.time,
    ...fields,
    payer: fields.payer ? JSON.stringify(fields.payer) : null,
    payee: fields.payee ? JSON.stringify(fields.payee) : null,
  };
  transactionRepo(db).insert(row);
  return row;
}
