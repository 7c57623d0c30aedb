// A sale the shop's PDV made (issue 36: main's 'sale-on-screen' push) lands on the cashier's
// screen as if typed. It can land at any moment, mid-typing or mid-dialog, and never changes what
// the cashier typed. Pure and DOM-free so the rules are tested in Node; sale-store and the app
// apply them.
import type { SaleStatus } from '#shared/counter/counter-api';
import { isWaitingStatus } from '#shared/counter/waiting-sale';
import type { CentsEntry } from './cents-entry';
import type { CustomerDraft } from './customer-draft';

/** The cashier window's screens (app/navigation-store's Screen). */
type Screen = 'sale' | 'history' | 'register' | 'settings';

/** What the amount entry's form holds besides the amount, kept while a PDV's sale has the screen. */
export interface HeldEntryForm {
  comment: string;
  customerOpen: boolean;
  customer: CustomerDraft;
  /** The cashier had typed since that entry opened. */
  touched: boolean;
}

/** The amount entry as it is now (its state lives in SaleEntry), read when a PDV's sale takes the screen. */
export interface EntryDraft {
  entry: CentsEntry;
  form: HeldEntryForm;
}

/** The sale screen as the push finds it. */
export interface PushScreenNow {
  phase: 'entry' | 'creating' | 'live';
  /** The sale live on screen, if any. */
  live?: { correlationID: string; status: SaleStatus };
}

/**
 * - show: it becomes the sale on screen (its QR, its status), as if the cashier had charged it;
 * - wait: the cashier's own sale keeps the screen (being created, or a QR still waiting): the
 *   pushed one waits in the history, and a notice says so;
 * - ignore: it is no longer waiting (paid, expired or cancelled before it landed): nothing to show.
 */
export function pushedSaleLanding(
  sale: { correlationID: string; status: SaleStatus },
  screen: PushScreenNow,
): 'show' | 'wait' | 'ignore' {
  if (!isWaitingStatus(sale.status)) return 'ignore';
  if (screen.phase === 'creating') return 'wait';
  if (screen.phase === 'live' && screen.live) {
    if (screen.live.correlationID === sale.correlationID) return 'show';
    if (isWaitingStatus(screen.live.status)) return 'wait';
  }
  return 'show';
}

/**
 * Where the cashier is once the pushed sale is on screen:
 * - stay: already on the sale screen;
 * - go: on another screen with nothing typed there and no dialog open: the sale screen opens;
 * - notice: something typed would be lost (a form, a PIN, a dialog): the cashier stays, and a
 *   notice says a PDV sale waits, with the key to go to it.
 */
export function pushNavigation(screen: Screen, holdsTyping: boolean): 'stay' | 'go' | 'notice' {
  if (screen === 'sale') return 'stay';
  return holdsTyping ? 'notice' : 'go';
}

/** The notice of a PDV sale the cashier has not seen yet; `onScreen`: it is the sale live on the sale screen. */
export interface PdvSaleNotice {
  correlationID: string;
  value: number;
  onScreen: boolean;
}

/** The notice is done once the cashier sees that sale on the sale screen, or it stops waiting. */
export function pdvNoticeDone(
  notice: PdvSaleNotice,
  now: { screen: Screen; liveId?: string; status?: SaleStatus },
): boolean {
  if (now.screen === 'sale' && now.liveId === notice.correlationID) return true;
  if (notice.onScreen && now.liveId !== notice.correlationID) return true;
  return now.status !== undefined && !isWaitingStatus(now.status);
}

/** A sale as these rules read it. */
interface PushedSale {
  correlationID: string;
  status: SaleStatus;
  value: number;
}

/** Everything the landing of a pushed sale depends on, read at the moment it lands. */
export interface PushLandingInput<S extends PushedSale> {
  phase: 'entry' | 'creating' | 'live';
  live: S | null;
  lastSale: S | null;
  screen: Screen;
  /** Leaving the current screen would lose typed work (app/typed-work). */
  holdsTyping: boolean;
  /** What is typed in the amount entry, when it is on screen. */
  draft: EntryDraft | null;
}

/** What the sale store does with a pushed sale (sale-store showPushed applies it). */
export type PushOutcome<S extends PushedSale> =
  | { kind: 'ignore' }
  /** The cashier's own sale keeps the screen: only the notice. */
  | { kind: 'wait'; notice: PdvSaleNotice }
  /** It is the sale already live: news of it; then as for 'show'. */
  | { kind: 'update'; go: boolean; notice: PdvSaleNotice | null }
  /**
   * It becomes the sale live; the sale that was live (over) becomes the last sale; what was typed
   * in the entry becomes the next amount and the held form.
   */
  | {
      kind: 'show';
      lastSale: S | null;
      nextEntry?: CentsEntry;
      heldForm?: HeldEntryForm;
      go: boolean;
      notice: PdvSaleNotice | null;
    };

export function landPushedSale<S extends PushedSale>(sale: S, now: PushLandingInput<S>): PushOutcome<S> {
  const landing = pushedSaleLanding(sale, {
    phase: now.phase,
    ...(now.live ? { live: { correlationID: now.live.correlationID, status: now.live.status } } : {}),
  });
  const notice = { correlationID: sale.correlationID, value: sale.value };
  if (landing === 'ignore') return { kind: 'ignore' };
  if (landing === 'wait') return { kind: 'wait', notice: { ...notice, onScreen: false } };
  const move = pushNavigation(now.screen, now.holdsTyping);
  const go = move === 'go';
  const shownNotice = move === 'notice' ? { ...notice, onScreen: true } : null;
  if (now.live?.correlationID === sale.correlationID) return { kind: 'update', go, notice: shownNotice };
  const draft = now.phase === 'entry' ? now.draft : null;
  return {
    kind: 'show',
    lastSale: now.live ?? now.lastSale,
    ...(draft ? { nextEntry: draft.entry, heldForm: draft.form } : {}),
    go,
    notice: shownNotice,
  };
}

/**
 * F1 ("Nova venda") goes to a PDV's sale the cashier has not looked at yet: it never drops it,
 * even where F1 drops a sale (an OFFLINE one, one still connecting).
 */
export function keepsUnseenPdvSale(notice: PdvSaleNotice | null, liveId: string | undefined): boolean {
  return notice !== null && notice.onScreen && liveId === notice.correlationID;
}
