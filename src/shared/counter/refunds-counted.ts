// Which refunds count against a sale's money: every refund the cashier confirmed, whether the
// service has settled it, is still processing it or has not heard of it yet (QUEUED: it will be
// sent), since that money has left the till or is promised. Only a refund the service refused
// moved nothing. The sale's refundable value, the history's chips and day totals, the CSV export
// and the register's closing summary all count by this.
import type { SaleRefund } from './counter-api';

export function refundCounts(refund: Pick<SaleRefund, 'status'>): boolean {
  return refund.status !== 'REJECTED';
}

/** The cents given back or promised, in integer cents. */
export function refundedValue(refunds: readonly Pick<SaleRefund, 'status' | 'value'>[]): number {
  let total = 0;
  for (const refund of refunds) if (refundCounts(refund)) total += refund.value;
  return total;
}
