// The sale on the counter's screen, as plain rules: which update of it may land, when its QR is
// drawn, what each key does while it waits, which keys the status bar lists, and what the
// customer display shows. Pure and DOM-free so the rules are tested in Node.
import { undoesPayment } from '#shared/counter/paid-sale';
import type { Sale, SaleStatus } from '#shared/counter/counter-api';
import type { WaitingStatus } from '#shared/counter/waiting-sale';
import { DIGIT_KEYS } from './next-sale';

/** The sale on screen plus its QR, drawn once per BR Code so the first paint already holds it. */
export interface LiveView {
  sale: Sale;
  /** Null while the service has not given the sale its code (PENDING). */
  qrSrc: string | null;
}

/**
 * PENDING, then its code (ACTIVE, or OFFLINE when the counter made it without the service), then
 * one of the ends. The service's word wins among the ends.
 */
function stage(status: SaleStatus): number {
  if (status === 'PENDING') return 0;
  if (status === 'ACTIVE' || status === 'OFFLINE') return 1;
  return 2;
}

/**
 * Pushes and replies can cross: a late snapshot must not move a sale back (a late ACTIVE must
 * not undo "Pago", a late PENDING must not hide a QR). Moving on, or news at the same stage
 * (queue counts, refunds), always lands; so does one end replacing another (a cancel the service
 * refused because the sale was already paid shows as paid), except that paid never goes back.
 */
export function acceptsUpdate(current: SaleStatus, next: SaleStatus): boolean {
  return stage(next) >= stage(current) && !undoesPayment(current, next);
}

/**
 * The view after an update of a sale: null when it is not the sale on screen or is stale.
 * The QR is drawn when a code arrives (a PENDING sale turning ACTIVE shows its QR at once) and
 * kept as drawn while the code stays the same, so the countdown's ticks never redraw it.
 */
export function liveSaleUpdate(live: LiveView | null, sale: Sale, draw: (brCode: string) => string): LiveView | null {
  if (!live || live.sale.correlationID !== sale.correlationID) return null;
  if (!acceptsUpdate(live.sale.status, sale.status)) return null;
  if (!sale.brCode) return { sale, qrSrc: live.qrSrc };
  const sameCode = sale.brCode === live.sale.brCode && live.qrSrc !== null;
  return { sale, qrSrc: sameCode ? live.qrSrc : draw(sale.brCode) };
}

/** The view of a sale that just arrived on screen (createSale's answer). */
export function liveViewOf(sale: Sale, draw: (brCode: string) => string): LiveView {
  return { sale, qrSrc: sale.brCode ? draw(sale.brCode) : null };
}

export type WaitingKeyAction = 'cancel' | 'copy' | 'simulate' | 'showed-receipt' | 'type-ahead';

/**
 * "Cliente mostrou o comprovante" on an OFFLINE sale. A function key, so it works wherever the
 * focus is (the Pix code's text box included) and never collides with the amount typed ahead;
 * not Enter, which a cashier presses out of habit.
 */
export const SHOWED_RECEIPT_KEY = 'F6';

/** Every key the waiting screen listens to; waitingKeyAction says what each one does. */
export const WAITING_KEYS: readonly string[] = ['Escape', 'c', 'F8', SHOWED_RECEIPT_KEY, ...DIGIT_KEYS, 'Backspace'];

/** A waiting sale whose QR can be paid: the service's (ACTIVE) or the counter's own (OFFLINE). */
export function hasPayableCode(sale: { status: SaleStatus; brCode?: string }): boolean {
  return (sale.status === 'ACTIVE' || sale.status === 'OFFLINE') && Boolean(sale.brCode);
}

/** F6 on an OFFLINE sale with its code, once: afterwards the screen says when it was recorded. */
export function canMarkShowedReceipt(sale: {
  status: SaleStatus;
  brCode?: string;
  offline?: { customerShowedReceiptAt?: string };
}): boolean {
  return sale.status === 'OFFLINE' && Boolean(sale.brCode) && !sale.offline?.customerShowedReceiptAt;
}

/**
 * A key on the waiting screen. Esc (twice) cancels, in every stage: the cancel is local at once
 * and never fails offline. C copies the Pix code, so it needs one, which a PENDING sale does not
 * have yet. F8 (sandbox modes) pays an ACTIVE sale at the service; an OFFLINE sale's code is the
 * counter's own, paid like a real customer would (the service is out of reach anyway). F6 records
 * "cliente mostrou o comprovante" on an OFFLINE sale. Digits and Backspace build the next amount
 * aside, in every stage. F1 is the window's own key (see saleIsOver).
 */
export function waitingKeyAction(
  sale: { status: WaitingStatus; brCode?: string; offline?: { customerShowedReceiptAt?: string } },
  key: string,
  options: { sandbox: boolean },
): WaitingKeyAction | null {
  if (key === 'Escape') return 'cancel';
  if (/^\d$/.test(key) || key === 'Backspace') return 'type-ahead';
  if (key.toLowerCase() === 'c') return hasPayableCode(sale) ? 'copy' : null;
  if (key === 'F8') return sale.status === 'ACTIVE' && Boolean(sale.brCode) && options.sandbox ? 'simulate' : null;
  if (key === SHOWED_RECEIPT_KEY) return canMarkShowedReceipt(sale) ? 'showed-receipt' : null;
  return null;
}

/** What the status bar's shortcut list names, for the sale on screen. */
export type LiveHintAction = 'copy' | 'cancel' | 'simulate' | 'showedReceipt' | 'newSale' | 'nextAmount' | 'receipt';
export type LiveHint = readonly [key: string, action: LiveHintAction];

/**
 * The keys that work on the sale screen right now, as the status bar lists them. F1 is listed
 * whenever it would start a new sale, which for an ACTIVE QR means only while offline, and for
 * an OFFLINE one always (see saleIsOver).
 */
export function liveKeyHints(
  sale: { status: SaleStatus; brCode?: string; offline?: { customerShowedReceiptAt?: string } },
  options: { sandbox: boolean; offline: boolean },
): LiveHint[] {
  if (sale.status === 'PENDING') {
    return [
      ['Esc', 'cancel'],
      ['F1', 'newSale'],
      ['0–9', 'nextAmount'],
    ];
  }
  if (sale.status === 'ACTIVE') {
    const hints: LiveHint[] = [];
    if (sale.brCode) hints.push(['C', 'copy']);
    hints.push(['Esc', 'cancel']);
    if (options.offline) hints.push(['F1', 'newSale']);
    if (options.sandbox && sale.brCode) hints.push(['F8', 'simulate']);
    return hints;
  }
  if (sale.status === 'OFFLINE') {
    const hints: LiveHint[] = [];
    if (sale.brCode) hints.push(['C', 'copy']);
    if (canMarkShowedReceipt(sale)) hints.push([SHOWED_RECEIPT_KEY, 'showedReceipt']);
    hints.push(['Esc', 'cancel'], ['F1', 'newSale'], ['0–9', 'nextAmount']);
    return hints;
  }
  const hints: LiveHint[] = [
    ['Enter', 'newSale'],
    ['0–9', 'nextAmount'],
  ];
  if (sale.status === 'COMPLETED') hints.push(['C', 'receipt']);
  return hints;
}

/** What the customer-facing display shows for the cashier's sale. */
export type CustomerView = 'idle' | 'pending' | 'qr' | 'paid' | 'expired';

/**
 * The customer sees the QR only when there is one: a sale still connecting shows its amount and
 * "Aguarde…"; a sale cancelled or refused at the counter is not theirs to see (welcome screen).
 */
export function customerView(sale: { status: SaleStatus; brCode?: string } | null): CustomerView {
  if (!sale) return 'idle';
  switch (sale.status) {
    case 'PENDING':
      return 'pending';
    case 'ACTIVE':
    case 'OFFLINE':
      // An offline code is as payable as the service's: the customer's phone is online.
      return sale.brCode ? 'qr' : 'pending';
    case 'COMPLETED':
      return 'paid';
    case 'EXPIRED':
      return 'expired';
    case 'CANCELLED':
    case 'REJECTED':
      return 'idle';
  }
}

/**
 * A push the customer display may take on its own: only news of the sale it already shows. What
 * to show is the cashier's call (their window announces it); otherwise a sale the cashier moved
 * on from (F1 while it was connecting) would pop its QR up for the customer when it turns ACTIVE.
 * A stale snapshot is ignored, as on the cashier's screen.
 */
export function customerDisplayAdopts(
  shown: { correlationID: string; status: SaleStatus } | null,
  pushed: { correlationID: string; status: SaleStatus },
): boolean {
  return shown !== null && shown.correlationID === pushed.correlationID && acceptsUpdate(shown.status, pushed.status);
}
