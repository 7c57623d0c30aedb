// The sale that was on screen when the counter stopped (issue 13, "Unfinished sales"): whether it
// comes back when the window opens again. Pure and DOM-free so the rule is tested in Node.
import type { SaleStatus } from '#shared/counter/counter-api';
import { comesBackOnScreen, isWaitingStatus } from '#shared/counter/waiting-sale';

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
 * - keep: nothing to do, or the cashier already moved on (typing, charging, another sale on
 *   screen): what they are doing wins, the sale stays in the history, and their next sale takes
 *   its place on screen.
 * A sale that ended otherwise (expired, cancelled, refused) never comes: main forgets it itself.
 */
export function restoreDecision(sale: { status: SaleStatus } | undefined, screen: ScreenNow): 'show' | 'keep' {
  if (!sale) return 'keep';
  if (screen.phase !== 'entry' || screen.hasLive || screen.entryTouched) return 'keep';
  return comesBackOnScreen(sale.status) ? 'show' : 'keep';
}

/** Only a sale that can still be paid is shown again from the history ("Mostrar QR"). */
export function canShowAgain(sale: { status: SaleStatus }): boolean {
  return isWaitingStatus(sale.status);
}
