// Which sales still wait for their payment: the one rule behind the sale screen's next-sale keys,
// "Mostrar QR" in the history, and which sale comes back on screen (main and the screen alike).
import type { SaleStatus } from './counter-api';

/**
 * A sale that still waits: for the service (PENDING), for its Pix (ACTIVE), or for the service to
 * confirm a Pix paid to its offline code (OFFLINE: "aguardando confirmação").
 */
export type WaitingStatus = Extract<SaleStatus, 'PENDING' | 'ACTIVE' | 'OFFLINE'>;

export function isWaitingStatus(status: SaleStatus): status is WaitingStatus {
  return status === 'PENDING' || status === 'ACTIVE' || status === 'OFFLINE';
}

/**
 * The sale on screen comes back (after a restart, or when the window opens again) while it still
 * waits, or just paid ("Pago", so the cashier sees what the customer saw); any other end is over.
 */
export function comesBackOnScreen(status: SaleStatus): boolean {
  return isWaitingStatus(status) || status === 'COMPLETED';
}
