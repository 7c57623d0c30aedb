// The queue at the counter: once a sale is over (Pago, Expirada, Cancelada, Recusada) the next
// customer is already waiting, so F1, Enter, Esc or simply typing the next amount starts the next
// sale at once. A QR waiting for its Pix is not dropped by F1 while the counter is online (F1
// brings it back); a sale still connecting, or any sale while the link is down, never traps the
// cashier. Pure and DOM-free so the rules are tested in Node.
import type { CounterConnection, SaleStatus } from '#shared/counter/counter-api';
import type { WaitingStatus } from '#shared/counter/waiting-sale';
import { centsEntryReducer, emptyEntry, type CentsEntry } from './cents-entry';

/** What the sale screen is showing, as far as "start the next sale" is concerned. */
export type SaleScreenState = { phase: 'entry' } | { phase: 'creating' } | { phase: 'live'; status: SaleStatus };

/** A sale on screen that is over: nothing more will happen at the counter. */
export type OutcomeStatus = Exclude<SaleStatus, WaitingStatus>;

/**
 * F1 / the "Nova venda" tab: true when the sale on screen makes way for an empty entry.
 * - over (COMPLETED, EXPIRED, CANCELLED, REJECTED): yes;
 * - PENDING (the service has not answered): yes, it stays in the history and keeps syncing;
 * - ACTIVE: no while the counter is online or syncing (the customer may be scanning its QR), yes
 *   when `connection` is 'offline': the sale stays open in the history and will be confirmed
 *   when the counter is back;
 * - OFFLINE (a code made at the counter, its payment confirmed only when the service is back,
 *   which may take long): yes, always; it stays "aguardando confirmação" in the history, and its
 *   confirmation is announced wherever the cashier is (chime and notice);
 * - an amount being typed, or a sale being created: no, they stay as they are.
 */
export function saleIsOver(state: SaleScreenState, connection?: CounterConnection): boolean {
  if (state.phase !== 'live') return false;
  if (state.status === 'ACTIVE') return connection === 'offline';
  return true;
}

export const DIGIT_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export type OutcomeKeyResult =
  /** Start the next sale; its amount entry begins as `entry`. */
  { action: 'next-sale'; entry: CentsEntry } | { action: 'receipt' } | null;

/**
 * A key pressed on the Pago / Expirada / Cancelada / Recusada screen, where `pending` is the next amount the cashier
 * already began while the QR was still waiting (see typeAheadKey). Digits continue it and start
 * the next sale, so "Pago" then 1, 2, 3, 4 reads R$ 12,34 on the new entry, and 3, 2 typed
 * before the payment showed up and 1, 4 after read R$ 32,14. Enter starts it with what was
 * typed; Esc starts it empty (Esc clears, as on the entry). C opens the payment receipt (Pago
 * only). Anything else does nothing.
 */
export function outcomeKey(status: OutcomeStatus, key: string, pending: CentsEntry = emptyEntry): OutcomeKeyResult {
  if (/^\d$/.test(key))
    return { action: 'next-sale', entry: centsEntryReducer(pending, { type: 'digit', digit: key }) };
  if (key === 'Enter') return { action: 'next-sale', entry: pending };
  if (key === 'Escape') return { action: 'next-sale', entry: emptyEntry };
  if (status === 'COMPLETED' && key.toLowerCase() === 'c') return { action: 'receipt' };
  return null;
}

/**
 * A key pressed while the sale still waits (its QR for the Pix, or the service for its QR). The
 * customer may already have paid (the counter learns it a moment later), or the cashier may move
 * on (F1) from a sale still connecting, so the cashier may already be typing the next amount:
 * digits and Backspace build it aside, shown on the waiting screen, and the sale's update
 * (Pago, Expirada) leaves it as typed. Other keys are not for the next amount (null).
 */
export function typeAheadKey(pending: CentsEntry, key: string): CentsEntry | null {
  if (/^\d$/.test(key)) return centsEntryReducer(pending, { type: 'digit', digit: key });
  if (key === 'Backspace') return centsEntryReducer(pending, { type: 'backspace' });
  return null;
}

/** How long the customer display keeps "Pago" after the cashier already moved on. */
export const PAID_HOLD_MS = 4000;

/**
 * The customer display follows the cashier, but a cashier who types the next amount right
 * after "Pago" must not snatch the confirmation from the customer who just paid: going from a
 * paid sale to nothing waits PAID_HOLD_MS. A new charge (or anything else) shows at once.
 */
export function displayHoldMs(shown: { status: SaleStatus } | null, next: { status: SaleStatus } | null): number {
  return shown?.status === 'COMPLETED' && next === null ? PAID_HOLD_MS : 0;
}
