import type { PartyBank, Payer, TaxId } from '#shared/service/resources';
import { chargeAmountDue } from '../charges/charge-amount';
import type { ChargeRow } from '../charges/charge-repo';
import { chargeRepo } from '../charges/charge-repo-instance';
import { serializeCharge } from '../charges/charge-serializer';
import type { OperationContext } from '../context';
import { badRequest, notFound } from '../errors';
import { newObjectId, newTransactionId } from '../ids';
import type { PixQrCodeRow } from '../pix-qr-codes/pix-qr-code-repo';
import { serializePixQrCode } from '../pix-qr-codes/pix-qr-code-serializer';
import { newEndToEndId } from '#lib/pix';
import type { PixKeyRow } from '../tenancy/tenancy-rows';
import { ledger } from '../ledger/ledger';
import { creditChargeSplits } from '../subaccounts/charge-splits';
import { transactionRepo, type TransactionRow, type TransactionView } from './transaction-repo';
import { serializeTransaction, type TransactionParty } from './transaction-serializer';

export const TRANSACTION_EVENTS = {
  chargeCompleted: 'OPENPIX:CHARGE_COMPLETED',
  received: 'OPENPIX:TRANSACTION_RECEIVED',
  /** Besides CHARGE_COMPLETED, when the payer's tax id is not the charge customer's. */
  chargeCompletedByAnotherPayer: 'OPENPIX:CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER',
} as const;

export interface IncomingPixPayer {
  name: string;
  taxID?: TaxId;
  /** The payer's institution; its ISPB signs the end-to-end id, as the paying PSP does in the SPI. */
  bank?: PartyBank;
}

export interface IncomingPix {
  /** The charge being paid; it must be ACTIVE and `value` must be its amount due now. */
  charge?: ChargeRow;
  /** The static QR code the payment came through. */
  pixQrCode?: PixQrCodeRow;
  /** The key paid when the payment came through neither a charge nor a QR code of ours. */
  pixKey?: PixKeyRow;
  /**
   * The txid (62-05) the static BR Code carried, as the payer's bank sent it on; undefined for
   * a dynamic code's payment or when the bank dropped it. It becomes the transaction's
   * transactionID (unless a charge gives its own) and links it to the static QR code with that
   * identifier, now or once one is registered.
   */
  txid?: string;
  /** Integer cents, > 0. */
  value: number;
  payer: IncomingPixPayer;
  infoPagador?: string;
  /**
   * The Pix out (payments row) of a company of this service that delivered this Pix, when it came
   * from inside: a refund of it goes back to that payment's account (refund-settlement-sweeper).
   */
  paymentId?: string;
}

/**
 * Whether the charge names a customer with a tax id and the payer's is another one: the case of
 * OPENPIX:CHARGE_COMPLETED_NOT_SAME_CUSTOMER_PAYER. A charge without a customer tax id, or a
 * payer without one, cannot tell, and says nothing.
 */
function paidByAnotherTaxId(charge: ChargeRow, payer: TransactionParty): boolean {
  const customer = charge.customer ? (JSON.parse(charge.customer) as { taxID?: TaxId }) : null;
  const expected = customer?.taxID?.taxID;
  return expected !== undefined && payer.taxID !== undefined && payer.taxID.taxID !== expected;
}

/**
 * Records a Pix received by the caller's company: the PAYMENT transaction, the charge it
 * completes, the balance it credits and its two events, all in one write transaction, so a
 * payment is either fully booked or not at all. Throws 400 when the charge can no longer be
 * paid or the value is not what it asks for.
 */
export function recordIncomingPix(ctx: OperationContext, input: IncomingPix): TransactionView {
  const companyId = ctx.tenant.company.id;
  const { value } = input;
  if (!Number.isSafeInteger(value) || value <= 0) throw badRequest('value must be a positive integer number of cents');
  for (const owner of [input.charge?.company_id, input.pixQrCode?.company_id, input.pixKey?.company_id]) {
    // Callers resolve records within the caller's company; anything else is a bug, reported as "not found".
    if (owner !== undefined && owner !== companyId) throw notFound('Not found');
  }
  const accountId =
    input.charge?.account_id ?? input.pixQrCode?.account_id ?? input.pixKey?.account_id ?? ctx.tenant.account.id;
  const account = ctx.tenancy.account(accountId);
  if (!account || account.company_id !== companyId) throw notFound('Bank account not found');
  if (account.closed_at !== null) throw badRequest('The receiving account is closed');

  const at = ctx.now.toISOString();
  const charges = chargeRepo(ctx.db);
  const transactions = transactionRepo(ctx.db);
  const company = ctx.tenant.company;
  const payee: TransactionParty = {
    name: company.official_name,
    taxID: { taxID: company.tax_id, type: company.tax_id_type as TaxId['type'] },
    bank: { name: account.bank_name, ispb: account.ispb },
    branch: account.branch,
    account: account.account,
  };
  const pixKey = input.charge?.pix_key ?? input.pixQrCode?.pix_key ?? input.pixKey?.key;
  if (pixKey) payee.pixKey = pixKey;
  const payer: TransactionParty = { name: input.payer.name };
  if (input.payer.taxID) payer.taxID = input.payer.taxID;
  if (input.payer.bank) payer.bank = input.payer.bank;

  // A txid that named nothing of ours when the Pix arrived: kept by default (a QR code registered
  // later with that identifier finds the payment), forgotten where links are made at payment only.
  const txid =
    input.txid !== undefined && (input.charge || input.pixQrCode || !ctx.config.linkAtPaymentOnly)
      ? input.txid
      : undefined;

  const run = ctx.db.transaction((): TransactionView => {
    let charge: ChargeRow | undefined;
    if (input.charge) {
      // Re-read inside the write transaction: the row the caller holds may be stale.
      charge = charges.findById(companyId, input.charge.id);
      if (!charge) throw notFound('Charge not found');
      if (charge.status === 'EXPIRED') throw badRequest('Charge is expired');
      if (charge.status !== 'ACTIVE') throw badRequest('Charge is not active');
      const due = chargeAmountDue(charge, ctx.now);
      if (value !== due) throw badRequest(`value ${value} does not match the charge's amount due (${due} cents)`);
      const chargePayer: Payer = { name: payer.name };
      if (payer.taxID) chargePayer.taxID = payer.taxID;
      if (!charges.markPaid(companyId, charge.id, at, value, JSON.stringify(chargePayer))) {
        throw badRequest('Charge is not active');
      }
    }
    const row: TransactionRow = {
      id: newObjectId(),
      company_id: companyId,
      account_id: account.id,
      type: 'PAYMENT',
      status: 'CONFIRMED',
      value,
      end_to_end_id: newEndToEndId(input.payer.bank?.ispb ?? account.ispb, ctx.now),
      // The real service shows a static QR code's payment with transactionID = its txid.
      transaction_id: charge?.transaction_id ?? txid ?? newTransactionId(),
      charge_id: charge?.id ?? null,
      pix_qr_code_id: input.pixQrCode?.id ?? null,
      refund_id: null,
      original_transaction_id: null,
      withdrawal_id: null,
      payment_id: input.paymentId ?? null,
      txid: txid ?? null,
      info_pagador: input.infoPagador ?? null,
      payer: JSON.stringify(payer),
      payee: JSON.stringify(payee),
      time: at,
      webhook_sent: 0,
      created_at: at,
    };
    transactions.insert(row);
    ledger(ctx.db).credit({ companyId, accountId: account.id }, value, { kind: 'PIX_IN', transactionId: row.id, at });
    // The charge's subaccounts get their shares in the same transaction as the payment.
    if (charge) creditChargeSplits(ctx, charge, value, at);

    const view = transactions.findById(companyId, row.id)!;
    const pix = serializeTransaction(view);
    const chargeJson = charge ? serializeCharge(charges.findById(companyId, charge.id)!, ctx, ctx.now) : null;
    const qrJson = input.pixQrCode ? serializePixQrCode(input.pixQrCode, ctx) : null;
    if (chargeJson) ctx.emit(TRANSACTION_EVENTS.chargeCompleted, { charge: chargeJson, pix });
    if (chargeJson && paidByAnotherTaxId(charge!, payer)) {
      ctx.emit(TRANSACTION_EVENTS.chargeCompletedByAnotherPayer, { charge: chargeJson, pix });
    }
    ctx.emit(TRANSACTION_EVENTS.received, { charge: chargeJson, pixQrCode: qrJson, pix, refunds: [] });
    return view;
  });
  // IMMEDIATE takes the write lock before the reads, so another process cannot pay the same charge in between.
  return run.immediate();
}
