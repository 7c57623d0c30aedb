import type { ChargeCustomer, PartyBank, TaxId, Transaction } from '#shared/service/resources';
import { toGlobalId } from '../ids';
import type { TransactionView } from './transaction-repo';

/** One side of a Pix as stored in `transactions.payer` / `payee` (JSON). */
export interface TransactionParty {
  name: string;
  taxID?: TaxId;
  bank?: PartyBank;
  pixKey?: string;
  branch?: string;
  account?: string;
}

export function parseParty(text: string | null): TransactionParty | null {
  return text ? (JSON.parse(text) as TransactionParty) : null;
}

export function transactionGlobalId(id: string): string {
  return toGlobalId('PixTransaction', id);
}

/** The stored row (with its joined charge / QR code / original payment) as the API's Transaction. */
export function serializeTransaction(view: TransactionView): Transaction {
  const transaction: Transaction = {
    globalID: transactionGlobalId(view.id),
    type: view.type,
    status: view.status,
    value: view.value,
    time: view.time,
    endToEndId: view.end_to_end_id,
    endToEndID: view.end_to_end_id,
    transactionID: view.transaction_id,
    charge: null,
    pixQrCode: null,
    customer: null,
    webhookSent: JSON.parse(view.webhook_sent_json) as Transaction['webhookSent'],
    createdAt: view.created_at,
  };
  if (view.info_pagador !== null) transaction.infoPagador = view.info_pagador;
  const payer = parseParty(view.payer);
  if (payer) {
    transaction.payer = { name: payer.name };
    if (payer.taxID) transaction.payer.taxID = payer.taxID;
    if (payer.bank) transaction.payer.bank = payer.bank;
  }
  if (view.charge_id !== null && view.charge_correlation_id !== null) {
    transaction.charge = {
      correlationID: view.charge_correlation_id,
      transactionID: view.charge_transaction_id!,
      globalID: toGlobalId('Charge', view.charge_id),
      value: view.charge_value!,
      status: view.charge_status!,
    };
    transaction.customer = view.charge_customer ? (JSON.parse(view.charge_customer) as ChargeCustomer) : null;
  }
  if (view.qr_id !== null && view.qr_identifier !== null) {
    transaction.pixQrCode = {
      id: view.qr_id,
      correlationID: view.qr_correlation_id!,
      identifier: view.qr_identifier,
      name: view.qr_name!,
    };
  }
  if (view.original_end_to_end_id !== null) transaction.originalEndToEndId = view.original_end_to_end_id;
  return transaction;
}
