// Wrong PINs are rate-limited per operator: the first few are free (a typo), then every wrong PIN
// locks the operator for twice as long as the one before, up to a ceiling. The count and the lock
// are in counter.db, so restarting the app does not reset them; a right PIN does.

/** Wrong PINs allowed before the first lock. */
export const FREE_WRONG_PINS = 4;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 60 * 60_000;

/** How long the operator is locked after the given number of consecutive wrong PINs (0: not locked). */
export function lockMsAfter(wrongPins: number): number {
  if (wrongPins <= FREE_WRONG_PINS) return 0;
  const doublings = wrongPins - FREE_WRONG_PINS - 1;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.min(doublings, 20));
}

/** "5 minutos", "30 segundos": how long to wait, as the cashier reads it. */
export function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}
