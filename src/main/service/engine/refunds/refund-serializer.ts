import type { ChargeRefund, PixTransactionRefund, RefundStatus } from '#shared/service/resources';
import type { RefundView } from './refund-repo';

// The two refund endpoints name the same states differently (OpenAPI ChargeRefund vs Refund).
const PIX_TRANSACTION_REFUND_STATUS: Record<RefundStatus, PixTransactionRefund['status']> = {
  IN_PROCESSING: 'IN_PROCESSING',
  CONFIRMED: 'REFUNDED',
  REJECTED: 'NOT_ACCOMPLISHED',
};

/** The refund as /api/v1/charge/:id/refund shows it. */
export function serializeChargeRefund(row: RefundView): ChargeRefund {
  const refund: ChargeRefund = {
    value: row.value,
    status: row.status,
    correlationID: row.correlation_id,
    endToEndId: row.return_identification,
    time: row.created_at,
  };
  if (row.comment !== null) refund.comment = row.comment;
  return refund;
}

/** The refund as /api/v1/refund shows it. */
export function serializePixTransactionRefund(row: RefundView): PixTransactionRefund {
  const refund: PixTransactionRefund = {
    value: row.value,
    status: PIX_TRANSACTION_REFUND_STATUS[row.status],
    correlationID: row.correlation_id,
    refundId: row.refund_id,
    returnIdentification: row.return_identification,
    endToEndId: row.return_identification,
    originalEndToEndId: row.original_end_to_end_id,
    time: row.created_at,
  };
  if (row.comment !== null) refund.comment = row.comment;
  return refund;
}
