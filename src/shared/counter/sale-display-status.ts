// The status a sale shows to people: its own status, except that a paid sale says how much of it
// went back (all, or part). The history's chip and the last sale's line in the renderer, and the
// CSV export in main, all say it by this one rule.
import type { Sale } from './counter-api';
import { refundedValue } from './refunds-counted';

export type SaleDisplayStatus =
  | 'PENDING'
  | 'ACTIVE'
  | 'OFFLINE'
  | 'COMPLETED'
  | 'EXPIRED'
  | 'CANCELLED'
  | 'REJECTED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

/** Every status a sale can show, in the order a sale usually lives them. */
export const SALE_DISPLAY_STATUSES: readonly SaleDisplayStatus[] = [
  'PENDING',
  'ACTIVE',
  'OFFLINE',
  'COMPLETED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'EXPIRED',
  'CANCELLED',
  'REJECTED',
];

export function saleDisplayStatus(sale: Pick<Sale, 'status' | 'refunds' | 'value'>): SaleDisplayStatus {
  if (sale.status !== 'COMPLETED') return sale.status;
  const refunded = refundedValue(sale.refunds);
  if (refunded === 0) return 'COMPLETED';
  return refunded >= sale.value ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}
