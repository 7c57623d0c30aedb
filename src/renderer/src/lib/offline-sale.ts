// Offline sales as the screens see them: a QR the counter made while the service was out of reach,
// "aguardando confirmação" until the service's records confirm its Pix (or the owner decides).
// Which decisions fit a sale under review, how its confirmation reads, what the entry says while
// offline, and when a confirmation is news to announce. Pure and DOM-free: tested in Node.
import type { OfflineDecision, OfflineStatus, CounterStatus, Sale, SaleStatus } from '#shared/counter/counter-api';
import { offlineDecisionsThatFit } from '#shared/counter/offline-decisions';
import { connectionOf } from './connection-status';

/**
 * The decisions that fit a sale waiting in "Conferir pagamentos offline", by the rule the main
 * process also enforces (src/shared/counter/offline-decisions.ts; it refuses the others with a 409):
 * - `paid` ("Confirmar pagamento"): unless the sale is already matched to a payment (the review is
 *   then only about money beyond it);
 * - `unpaid` ("Marcar como não paga"): unless it is matched, or the cashier cancelled it;
 * - `acknowledged` ("Ciente: devolver por fora"): when it is matched or cancelled, i.e. when the
 *   question is money to give back by hand.
 * Nothing once decided, or for a sale not under review.
 */
export function reviewDecisions(sale: Pick<Sale, 'status' | 'offline'>): OfflineDecision[] {
  const review = sale.offline?.review;
  if (!review || sale.offline?.decision) return [];
  return offlineDecisionsThatFit(review, sale.status === 'CANCELLED');
}

/** How an offline sale's detail explains where it stands. */
export type OfflineStanding =
  | 'awaiting'
  | 'confirmedByTxid'
  | 'confirmedByValue'
  | 'review'
  | 'confirmedByOwner'
  | 'unpaidByOwner'
  | 'acknowledgedByOwner';

export function offlineStanding(offline: NonNullable<Sale['offline']>): OfflineStanding {
  if (offline.decision === 'acknowledged') return 'acknowledgedByOwner';
  switch (offline.state) {
    case 'AWAITING':
      return 'awaiting';
    case 'CONFIRMED':
      return offline.matchedBy === 'value' ? 'confirmedByValue' : 'confirmedByTxid';
    case 'REVIEW':
      return 'review';
    case 'CONFIRMED_BY_OWNER':
      return 'confirmedByOwner';
    case 'UNPAID_BY_OWNER':
      return 'unpaidByOwner';
  }
}

/** What the new-sale entry says while the counter is offline. */
export type EntryOfflineHint = 'offlineQr' | 'unavailable' | 'queue';

/**
 * Offline, a new sale gets a QR made at the counter when offline selling is on and possible
 * ('offlineQr'); when it is on but not possible now, the reason is shown and the sale waits in
 * the queue ('unavailable'); when it is off, the sale waits in the queue ('queue'). Null online.
 */
export function entryOfflineHint(status: CounterStatus | null): EntryOfflineHint | null {
  if (!status || connectionOf(status) !== 'offline') return null;
  const offline = status.offline as OfflineStatus | undefined;
  if (!offline?.enabled) return 'queue';
  return offline.unavailable ? 'unavailable' : 'offlineQr';
}

/** The line under an OFFLINE sale's QR: its time to pay, then "aguardando confirmação" (never "Expirada"). */
export type CountdownLine = 'expiresIn' | 'expiring' | 'awaitingConfirmation';

export function countdownLine(status: SaleStatus, secondsLeft: number): CountdownLine {
  if (secondsLeft > 0) return 'expiresIn';
  return status === 'OFFLINE' ? 'awaitingConfirmation' : 'expiring';
}

/**
 * Which confirmations are news: an offline sale the counter saw waiting (OFFLINE) that the
 * service's records now show paid (COMPLETED, confirmed by txid or by value) is announced once,
 * with the paid chime, wherever the cashier is. A decision of the owner ("Confirmar pagamento")
 * is not announced (the owner is the one who made it), nor is a sale seen paid already (a refund's
 * update), nor one the counter never saw waiting.
 */
export class OfflineConfirmations {
  private readonly waiting = new Set<string>();
  /**
   * Sales seen at an end: a late list or snapshot that still says OFFLINE does not bring them back.
   * Every sale of the day ends, so only the latest ENDED_REMEMBERED are kept (a late snapshot is
   * seconds late, not hundreds of sales): the window's memory stays flat over a long day.
   */
  private readonly ended = new Set<string>();

  /** Notes a sale (a push, an answer); true when it is a confirmation to announce now. */
  see(sale: Pick<Sale, 'correlationID' | 'status' | 'offline'>): boolean {
    const id = sale.correlationID;
    if (sale.status === 'OFFLINE') {
      if (!this.ended.has(id)) this.waiting.add(id);
      return false;
    }
    if (sale.status === 'PENDING' || sale.status === 'ACTIVE') return false;
    this.remember(id);
    if (!this.waiting.delete(id)) return false;
    return sale.status === 'COMPLETED' && sale.offline?.state === 'CONFIRMED';
  }

  /**
   * Notes a list (the history, the review list): it only teaches which sales wait. A list that
   * already says COMPLETED does not end the wait: in the browser host its answer (fetch) can
   * overtake the push (SSE) that announces the confirmation.
   */
  seeAll(sales: readonly Pick<Sale, 'correlationID' | 'status'>[]): void {
    for (const { correlationID: id, status } of sales)
      if (status === 'OFFLINE' && !this.ended.has(id)) this.waiting.add(id);
  }

  isWaiting(correlationID: string): boolean {
    return this.waiting.has(correlationID);
  }

  private remember(id: string): void {
    this.ended.add(id);
    // A Set iterates in insertion order: the first one is the oldest.
    if (this.ended.size > ENDED_REMEMBERED) this.ended.delete(this.ended.values().next().value!);
  }
}

/** How many ended sales OfflineConfirmations keeps in mind (see `ended`). */
export const ENDED_REMEMBERED = 500;
