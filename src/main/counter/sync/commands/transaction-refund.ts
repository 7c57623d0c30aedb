// A refund of an offline sale goes by its payment's end-to-end id (POST /api/v1/refund): the sale
// has no charge at the service. The service answers in that endpoint's words; the counter keeps
// every refund in one shape (a charge refund's), so the screens, the totals and the receipts read
// offline and online sales alike.
import type { ContractChargeRefund, ContractRefund } from '../remote/service-contract';

const STATUS: Record<ContractRefund['status'], ContractChargeRefund['status']> = {
  IN_PROCESSING: 'IN_PROCESSING',
  REFUNDED: 'CONFIRMED',
  NOT_ACCOMPLISHED: 'REJECTED',
};

/** `at`: when the counter asked, for a service that does not say when it refunded. */
export function chargeRefundOf(refund: ContractRefund, at: string): ContractChargeRefund {
  const shaped: ContractChargeRefund = {
    value: refund.value,
    status: STATUS[refund.status],
    correlationID: refund.correlationID,
    time: refund.time ?? at,
  };
  // The return's own id (D…), when the service gives it: the key of its receipt, as a charge
  // refund's endToEndId is. Without it the refund has no receipt of its own at the counter.
  if (refund.returnIdentification !== undefined) shaped.endToEndId = refund.returnIdentification;
  if (refund.comment !== undefined) shaped.comment = refund.comment;
  return shaped;
}
