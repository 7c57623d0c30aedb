// What a sale's status chip says. The service only knows ACTIVE / COMPLETED / EXPIRED; the counter
// also cares whether a paid sale was given back, fully or in part.
import type { Sale } from '../../../shared/pos-api';

export type SaleDisplayStatus = 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

export function refundedCents(sale: Pick<Sale, 'refunds'>): number {
  return sale.refunds.filter((refund) => refund.status !== 'REJECTED').reduce((sum, refund) => sum + refund.value, 0);
}

export function saleDisplayStatus(sale: Pick<Sale, 'status' | 'refunds' | 'value'>): SaleDisplayStatus {
  if (sale.status !== 'COMPLETED') return sale.status;
  const refunded = refundedCents(sale);
  if (refunded === 0) return 'COMPLETED';
  return refunded >= sale.value ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

export function canRefund(sale: Pick<Sale, 'status' | 'refundable'>): boolean {
  return sale.status === 'COMPLETED' && sale.refundable > 0;
}
