// Which decisions fit a sale in "Conferir pagamentos offline": declared once, for the main side
// (which refuses the others) and the screen (which offers only these).
import type { OfflineDecision } from './counter-api';

/**
 * - money beyond a payment (the sale is paid): only `acknowledged` (to be returned by hand);
 * - money for a sale the cashier cancelled: `paid` (it was a sale after all) or `acknowledged`;
 * - otherwise: `paid` or `unpaid`.
 */
export function offlineDecisionsThatFit(review: { saleMatched: boolean }, saleCancelled: boolean): OfflineDecision[] {
  if (review.saleMatched) return ['acknowledged'];
  if (saleCancelled) return ['paid', 'acknowledged'];
  return ['paid', 'unpaid'];
}
