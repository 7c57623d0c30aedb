import { z } from 'zod';
import type { OperationContext } from '../context';
import { bytes, operation } from '../operation';
import { notFound } from '../errors';
import { isEndToEndId } from '#lib/pix';
import { refundRepo } from '../refunds/refund-repo';
import { transactionRepo } from '../transactions/transaction-repo';
import { parseParty, type TransactionParty } from '../transactions/transaction-serializer';
import { formatCnpj, renderReceiptPdf, type ReceiptData, type ReceiptParty } from '#lib/receipts';

const receiptParams = z.object({
  receiptType: z.enum(['pix-in', 'pix-out', 'pix-refund'], {
    error: 'receiptType must be pix-in, pix-out or pix-refund',
  }),
  endToEndId: z
    .string()
    .refine(isEndToEndId, { error: 'endToEndId must be a 32-character Pix end-to-end id' })
    // isEndToEndId's shape (#lib/pix), as the derived document states it: E or D, the ISPB's 8
    // characters, the UTC minute's 12 digits, an 11-character suffix.
    .meta({ pattern: '^[ED][0-9A-Za-z]{8}\\d{12}[a-zA-Z0-9]{11}$', minLength: 32, maxLength: 32 }),
});

function receiptParty(party: TransactionParty | null): ReceiptParty {
  if (!party) return { name: '—' };
  return {
    name: party.name,
    ...(party.taxID ? { taxID: party.taxID } : {}),
    ...(party.bank ? { bankName: party.bank.name, ispb: party.bank.ispb } : {}),
    ...(party.pixKey ? { pixKey: party.pixKey } : {}),
    ...(party.branch ? { branch: party.branch } : {}),
    ...(party.account ? { account: party.account } : {}),
  };
}

function shopHeader(ctx: OperationContext): ReceiptData['header'] {
  const { company } = ctx.tenant;
  return { title: company.trade_name, lines: [company.official_name, `CNPJ ${formatCnpj(company.tax_id)}`] };
}

/**
 * The receipt of a refund this company received back for a Pix out it sent inside the service:
 * the refunding company holds the refunds row, so this side has only its REFUND transaction (a
 * credit with no refunds row, booked by refund-return-to-payer.ts), which names who returned the
 * money (payer), this company (receiver), and the original Pix out (its WITHDRAW).
 */
function refundReceivedData(ctx: OperationContext, endToEndId: string): ReceiptData | null {
  const credit = transactionRepo(ctx.db).findByEndToEndId(ctx.tenant.company.id, endToEndId);
  if (!credit || credit.type !== 'REFUND' || credit.refund_id !== null || credit.original_end_to_end_id === null)
    return null;
  return {
    kind: 'pix-refund',
    endToEndId: credit.end_to_end_id,
    value: credit.value,
    time: credit.time,
    payer: receiptParty(parseParty(credit.payer)),
    receiver: receiptParty(parseParty(credit.payee)),
    ...(credit.info_pagador ? { description: credit.info_pagador } : {}),
    originalEndToEndId: credit.original_end_to_end_id,
    header: shopHeader(ctx),
    environment: ctx.tenant.company.environment,
  };
}

/** Builds what a receipt shows from the records of the caller's company; null when there is none. */
export function receiptData(
  ctx: OperationContext,
  type: 'pix-in' | 'pix-out' | 'pix-refund',
  endToEndId: string,
): ReceiptData | null {
  const companyId = ctx.tenant.company.id;
  const environment = ctx.tenant.company.environment;
  if (type === 'pix-in') {
    const payment = transactionRepo(ctx.db).findByEndToEndId(companyId, endToEndId);
    if (!payment || payment.type !== 'PAYMENT') return null;
    return {
      kind: 'pix-in',
      endToEndId: payment.end_to_end_id,
      value: payment.value,
      time: payment.time,
      payer: receiptParty(parseParty(payment.payer)),
      receiver: receiptParty(parseParty(payment.payee)),
      ...(payment.info_pagador ? { description: payment.info_pagador } : {}),
      ...(payment.charge_correlation_id ? { chargeCorrelationID: payment.charge_correlation_id } : {}),
      header: shopHeader(ctx),
      environment,
    };
  }
  if (type === 'pix-refund') {
    const refund = refundRepo(ctx.db).findByReturnId(companyId, endToEndId);
    if (!refund) return refundReceivedData(ctx, endToEndId);
    const original = transactionRepo(ctx.db).findById(companyId, refund.transaction_id)!;
    // A refund flows back: the shop (who received the Pix) pays, the original payer receives.
    return {
      kind: 'pix-refund',
      endToEndId: refund.return_identification,
      value: refund.value,
      time: refund.settled_at ?? refund.created_at,
      payer: receiptParty(parseParty(original.payee)),
      receiver: receiptParty(parseParty(original.payer)),
      ...(refund.comment ? { description: refund.comment } : {}),
      originalEndToEndId: original.end_to_end_id,
      ...(original.charge_correlation_id ? { chargeCorrelationID: original.charge_correlation_id } : {}),
      header: shopHeader(ctx),
      environment,
    };
  }
  // A Pix out: a confirmed payment or withdrawal (WITHDRAW transactions); the shop pays.
  const out = transactionRepo(ctx.db).findByEndToEndId(companyId, endToEndId);
  if (!out || out.type !== 'WITHDRAW') return null;
  return {
    kind: 'pix-out',
    endToEndId: out.end_to_end_id,
    value: out.value,
    time: out.time,
    payer: receiptParty(parseParty(out.payer)),
    receiver: receiptParty(parseParty(out.payee)),
    ...(out.info_pagador ? { description: out.info_pagador } : {}),
    header: shopHeader(ctx),
    environment,
  };
}

// `layout` is ours: the spec gives the receipt no options, and a counter prints on 80 mm paper.
// A4 stays the default so integrators get what the service documents.
const receiptQuery = z.object({
  layout: z.enum(['a4', 'thermal80'], { error: 'layout must be a4 or thermal80' }).default('a4'),
});

export const receiptOperations = {
  getReceipt: operation({
    method: 'GET',
    paths: ['/api/v1/receipt/:receiptType/:endToEndId'],
    scope: 'TRANSACTION_GET',
    access: 'read',
    status: 200,
    errors: [404],
    contentType: 'application/pdf',
    summary: 'A PDF receipt of a Pix in, Pix out or refund, by its end-to-end id',
    request: { params: receiptParams, query: receiptQuery },
    response: bytes,
    async handler(ctx, { params, query }) {
      const data = receiptData(ctx, params.receiptType, params.endToEndId);
      if (!data) throw notFound('Receipt not found');
      return renderReceiptPdf(data, { layout: query.layout });
    },
  }),
};
