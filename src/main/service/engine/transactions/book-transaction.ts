import type { Db } from '#lib/store/database';
import { newObjectId, newTransactionId } from '../ids';
import { transactionRepo, type TransactionRow } from './transaction-repo';
import type { TransactionParty } from './transaction-serializer';

export type BookedTransaction = Pick<
  TransactionRow,
  'company_id' | 'account_id' | 'type' | 'value' | 'end_to_end_id' | 'time'
> &
  Partial<Omit<TransactionRow, 'payer' | 'payee' | 'withdrawal_id'>> & {
    payer?: TransactionParty | null;
    payee?: TransactionParty | null;
    /** A withdrawal's id, or 'self': the row names itself. */
    withdrawal_id?: string | null;
  };

/**
 * Inserts a confirmed transaction with the money-out half's defaults (no charge, no QR code), for
 * the caller to post its ledger entries against in the same transaction. `withdrawal_id: 'self'`
 * makes the row name itself, as a withdrawal or a Pix out does for the list's `withdrawal` filter.
 */
export function bookTransaction(db: Db, fields: BookedTransaction): TransactionRow {
  const id = fields.id ?? newObjectId();
  const row: TransactionRow = {
    id,
    status: 'CONFIRMED',
    transaction_id: newTransactionId(),
    charge_id: null,
    pix_qr_code_id: null,
    refund_id: null,
    original_transaction_id: null,
    payment_id: null,
    txid: null,
    info_pagador: null,
    webhook_sent: 0,
    created_at: fields.time,
    ...fields,
    withdrawal_id: fields.withdrawal_id === 'self' ? id : (fields.withdrawal_id ?? null),
    payer: fields.payer ? JSON.stringify(fields.payer) : null,
    payee: fields.payee ? JSON.stringify(fields.payee) : null,
  };
  transactionRepo(db).insert(row);
  return row;
}
