// Paid never goes back. Words about one sale cross on their way (a push and a reply, a list read
// and a get, a cancel and the payment): one that would take a paid sale to any other status was
// said before the payment, so it is not taken. The main process's mirror of the service
// (sync/sale-mirror.ts) and the screens (renderer lib/live-sale.ts) both hold to it.
import type { SaleStatus } from './counter-api';

/** Whether `next`, said of a sale now `current`, would undo its payment (and so is stale). */
export function undoesPayment(current: SaleStatus, next: string): boolean {
  return current === 'COMPLETED' && next !== 'COMPLETED';
}
