// A refund of an offline sale goes by its payment's end-to-end id (POST /api/v1/refund): the sale
// has no charge at the service. The service answers in that endpoint's words; the counter keeps
// every refund in one shape (a charge refund's), so the screens, the totals and the receipts read
// offline and online sales alike.
import type { ChargeRefund, PixTransactionRefund } from '../../shared/resources';

const STATUS: Record<PixTransactionRefund['status'], ChargeRefund['status']> = {
  IN_PROCESSING: 'IN_PROCESSING',
  REFUNDED: 'CONFIRMED',
  NOT_ACCOMPLISHED: 'REJECTED',
};

export function chargeRefundOf(refund: PixTransactionRefund): ChargeRefund {
  const shaped: ChargeRefund = {
    value: refund.value,
    status: STATUS[refund.status],
    correlationID: refund.correlationID,
    // The return's own id (D…): the key of its receipt, as a charge refund's endToEndId is.
    endToEndId: refund.returnIdentification,
    time: refund.time,
  };
  if (refund.comment !== undefined) shaped.comment = refund.comment;
  return shaped;
}
