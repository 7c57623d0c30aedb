// A sale as the screens see it, from the counter's own rows only: no request to any service.
import type { OfflineReview, Sale, SaleCustomer, SaleOffline, SaleRefund } from '#shared/counter/counter-api';
import { refundableCents } from '#shared/counter/refund-rule';
import type { OfflineSaleRow } from '../offline/offline-sales-repo';
import type { RefundRow, SaleRow } from './sales-repo';
import type { ContractCharge, ContractChargeRefund, ContractTransaction } from '../remote/service-contract';

export interface SaleSyncFacts {
  queued: number;
  lastRejection?: string;
}

export function saleView(
  row: SaleRow,
  refunds: readonly RefundRow[],
  sync: SaleSyncFacts,
  offline?: OfflineSaleRow,
): Sale {
  const charge = parse<ContractCharge>(row.charge_json);
  const payment = parse<ContractTransaction>(row.payment_json);
  const saleRefunds = refunds.map(refundView);
  const paid = row.status === 'COMPLETED';
  // What came in: the payment's value once read; the sale's value until then.
  const paidValue = payment?.value ?? row.value;
  const sale: Sale = {
    correlationID: row.correlation_id,
    value: row.value,
    // An offline sale waits for its confirmation: never shown as paid before the service's records say so.
    status: offline && row.status === 'ACTIVE' ? 'OFFLINE' : row.status,
    expiresDate:
      offline?.expires_at ??
      charge?.expiresDate ??
      new Date(Date.parse(row.created_at) + row.expires_in * 1000).toISOString(),
    // The service's own time once it has the charge (its expiry counts from there).
    createdAt: charge?.createdAt ?? row.created_at,
    refunds: saleRefunds,
    refundable: refundableCents({ status: row.status, value: paidValue, refunds: saleRefunds }),
    sync: { queued: sync.queued },
  };
  if (offline) sale.brCode = offline.br_code;
  else if (charge?.brCode && row.status !== 'REJECTED') sale.brCode = charge.brCode;
  if (row.comment) sale.comment = row.comment;
  const customer = parse<SaleCustomer>(row.customer_json);
  if (customer) sale.customer = customer;
  if (paid) {
    // The charge documents no payment time nor payer: both are the payment's, once read.
    if (payment?.time) sale.paidAt = payment.time;
    if (payment) sale.endToEndId = payment.endToEndId;
    const payerName = payment?.payer?.name;
    if (payerName) sale.payerName = payerName;
  }
  const rejected = row.rejected_reason ?? sync.lastRejection;
  if (rejected) sale.sync.rejected = rejected;
  if (offline) sale.offline = offlineView(offline);
  if (row.session_id) sale.sessionId = row.session_id;
  if (row.session_number) sale.number = row.session_number;
  if (row.operator_name) sale.operatorName = row.operator_name;
  if (row.cancelled_at) sale.cancelledAt = row.cancelled_at;
  if (row.cancelled_by_name) sale.cancelledBy = row.cancelled_by_name;
  return sale;
}

function offlineView(row: OfflineSaleRow): SaleOffline {
  const offline: SaleOffline = {
    txid: row.txid,
    pixKey: row.pix_key,
    state: row.state,
    registered: row.registered === 1,
    dynamicChargeWithdrawn: row.dynamic_withdrawn === 1,
  };
  if (row.customer_receipt_at) offline.customerShowedReceiptAt = row.customer_receipt_at;
  if (row.matched_by) offline.matchedBy = row.matched_by;
  const stored = parse<OfflineReview & { records?: unknown }>(row.review_json);
  if (stored) {
    // The Pix records stay in the store (a receipt's material); the screens get the summary.
    const { records: _records, ...review } = stored;
    offline.review = review;
  }
  if (row.decision) offline.decision = row.decision;
  if (row.decided_at) offline.decidedAt = row.decided_at;
  return offline;
}

function refundView(row: RefundRow): SaleRefund {
  const remote = parse<ContractChargeRefund>(row.refund_json);
  const refund: SaleRefund = {
    correlationID: row.correlation_id,
    value: row.value,
    status: row.status,
    time: remote?.time ?? row.created_at,
  };
  if (remote?.endToEndId) refund.endToEndId = remote.endToEndId;
  const comment = row.comment ?? remote?.comment;
  if (comment) refund.comment = comment;
  if (row.rejected_reason) refund.rejectedReason = row.rejected_reason;
  return refund;
}

export function parse<T>(json: string | null): T | undefined {
  return json === null ? undefined : (JSON.parse(json) as T);
}
