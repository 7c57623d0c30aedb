import { badRequest } from '../errors';
import type { RefundView } from './refund-repo';

/** What a refund is asked of: a charge (POST /charge/:id/refund) or a payment (POST /refund). */
export type RefundTarget = { chargeId: string } | { transactionId: string };

export interface RefundRequest {
  correlationID: string;
  /** Cents; undefined refunds whatever is still refundable. */
  value?: number;
  comment?: string;
}

/**
 * A refund's correlationID is its idempotency key (Stripe's model): a request that repeats the
 * one which created a refund gets that refund back, as it is now, and writes nothing; reusing the
 * key for any other request is a 400, so a retry can neither become a second refund nor be
 * answered with a refund it did not ask for.
 *
 * "The same request" is compared after parsing (correlationID trimmed, JSON null read as absent):
 * - the same target: the same charge (by any of its ids) for a charge refund, the same payment
 *   transaction (by endToEndId or id) for /refund. Either endpoint answers a refund made through
 *   the other when it names that refund's charge or payment;
 * - the same value, or no value both times (a charge refund of whatever was left then);
 * - the same comment, or none both times ('' is a comment, as it is shown back).
 */
export function repeatedRefund(earlier: RefundView, target: RefundTarget, request: RefundRequest): RefundView {
  const differing: string[] = [];
  if ('chargeId' in target ? earlier.charge_id !== target.chargeId : earlier.transaction_id !== target.transactionId) {
    differing.push('chargeId' in target ? 'charge' : 'transaction');
  }
  const value = request.value ?? null;
  if (value === null ? earlier.value_given === 1 : earlier.value_given === 0 || earlier.value !== value) {
    differing.push('value');
  }
  if ((request.comment ?? null) !== earlier.comment) differing.push('comment');
  if (differing.length > 0) {
    throw badRequest(
      `A refund with correlationID ${request.correlationID} already exists with a different ${differing.join(', ')}; ` +
        'a new refund needs a new correlationID',
    );
  }
  return earlier;
}
