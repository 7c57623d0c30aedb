// The sale that was on screen when the counter stopped (issue 13, "Unfinished sales"): whether it
// comes back when the window opens again. Pure and DOM-free so the rule is tested in Node.
import type { SaleStatus } from '../../../shared/pos-api';
import { isWaitingStatus } from '../../../shared/waiting-sale';

/** What the sale screen is doing when the restored sale's answer arrives. */
export interface ScreenNow {
  phase: 'entry' | 'creating' | 'live';
  /** A sale is already on screen (made, or shown again from the history, meanwhile). */
  hasLive: boolean;
  /** The cashier has typed in the entry since the window opened. */
  entryTouched: boolean;
}

/**
 * - show: a sale still waiting (its QR, or "Conectando…") or just paid ("Pago", so the cashier
 *   sees what the customer saw) comes back as it was;
 * - clear: a sale that is over otherwise (expired, cancelled, refused) is forgotten: the entry opens;
 * - keep: nothing to do, or the cashier already moved on (typing, charging, another sale on
 *   screen): what they are doing wins, the sale stays in the history, and their next sale takes
 *   its place on screen.
 */
export function restoreDecision(
  sale: { status: SaleStatus } | undefined,
  screen: ScreenNow,
): 'show' | 'clear' | 'keep' {
  if (!sale) return 'keep';
  if (screen.phase !== 'entry' || screen.hasLive || screen.entryTouched) return 'keep';
  return isWaitingStatus(sale.status) || sale.status === 'COMPLETED' ? 'show' : 'clear';
}

/** Only a sale that can still be paid is shown again from the history ("Mostrar QR"). */
export function canShowAgain(sale: { status: SaleStatus }): boolean {
  return isWaitingStatus(sale.status);
}
