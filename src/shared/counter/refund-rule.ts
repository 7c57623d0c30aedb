// How much of a sale may be refunded: the one rule the sale's view in main (its `refundable`),
// main's check of a refund (cashier-rules.ts) and the refund form all apply. The reason's rule is
// the refund method's own input schema (counter-schemas.ts, refundReason).
import { refundedValue } from './refunds-counted';
import type { SaleRefund, SaleStatus } from './counter-api';

export interface RefundableSale {
  status: SaleStatus;
  /** What came in: the payment's value once read, the sale's until then. */
  value: number;
  refunds: readonly Pick<SaleRefund, 'status' | 'value'>[];
  /**
   * A figure already worked out by main, when there is one: the lower figure wins, since main may
   * know of a refund the caller does not.
   */
  refundable?: number;
}

/**
 * What can still be refunded, in cents: nothing unless the sale is paid; never more than what came
 * in less every refund that counts (refunds-counted.ts: a refund still queued is money already
 * promised), so a second refund typed while the first waits for the service can never give back
 * more than was paid.
 */
export function refundableCents(sale: RefundableSale): number {
  if (sale.status !== 'COMPLETED') return 0;
  const left = Math.max(0, sale.value - refundedValue(sale.refunds));
  return sale.refundable === undefined ? left : Math.max(0, Math.min(sale.refundable, left));
}

/** Why `value` cannot be refunded of what is refundable, if it cannot. */
export function refundValueRefusal(value: number, refundable: number): 'amountRequired' | 'amountTooHigh' | null {
  if (value <= 0) return 'amountRequired';
  if (value > refundable) return 'amountTooHigh';
  return null;
}
