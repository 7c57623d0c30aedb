// The sale on the counter right now: being typed, being created, or live on the screen
// (connecting, its QR waiting, or its outcome). A view cache: the sale itself lives in the main
// process's store; this mirrors what it answers and pushes.
// Over 300 lines because the sale on screen is one state machine (typed, creating, live, ended)
// whose actions must see each other's transitions; a push landing mid-create is ordered here,
// and so is a sale the shop's PDV pushed (showPushed), which lands as if the cashier had typed it.
import i18next from 'i18next';
import { create } from 'zustand';
import type { Sale, SaleCustomer } from '#shared/counter/counter-api';
import { useNavigation } from '../../app/navigation-store';
import { typedWorkOnScreen } from '../../app/typed-work';
import { errorMessage, counterApi } from '../../app/counter-api';
import { emptyEntry, type CentsEntry } from '../../lib/cents-entry';
import { connectionOf } from '../../lib/connection-status';
import { acceptsUpdate, liveSaleUpdate, liveViewOf, type LiveView } from '../../lib/live-sale';
import { isWaitingStatus } from '#shared/counter/waiting-sale';
import { saleIsOver, type SaleScreenState } from '../../lib/next-sale';
import { OfflineConfirmations } from '../../lib/offline-sale';
import { qrSvgDataUrl } from '../../lib/qr-svg';
import { canShowAgain, restoreDecision } from '../../lib/sale-coming-back';
import {
  keepsUnseenPdvSale,
  landPushedSale,
  type EntryDraft,
  type HeldEntryForm,
  type PdvSaleNotice,
} from '../../lib/pdv-push';
import { useStatus } from '../status-bar/status-store';
import { playPaidChime } from './payment-chime';

/** After a cancel: done, or done at the counter with the service's delete still to be sent. */
export type SaleNotice = 'cancelled' | 'cancelledQueued' | null;

/** The QR is drawn when the code arrives (at creation, or when a PENDING sale turns ACTIVE). */
type LiveSale = LiveView;

/**
 * A create answers once: createSale's answer is the new sale, and main pushes none of the news
 * that answer already holds (src/main/counter/app/sale-pushes.ts). A push of that sale can still arrive
 * before the answer does: it is news from after the answer (the answer and the pushes travel
 * apart: fetch and SSE in the browser host, an invoke reply and a send in Electron), and this
 * screen cannot know yet that the sale is its own. So only which sales were pushed meanwhile is
 * noted, and if the new sale is one of them it is asked for once more: that answer holds the
 * news, and a later push (paid) still lands after it, never undone (acceptsUpdate).
 */
let pushedWhileCreating = new Set<string>();

/** Offline sales seen waiting, so the service's later confirmation of each is announced once. */
const offlineConfirmations = new OfflineConfirmations();
/** How many "Venda offline confirmada" notices stay stacked at most (the oldest goes first). */
const CONFIRMED_NOTICES_MAX = 4;

/**
 * The main process keeps which sale is on screen (so it comes back after a restart) and decides
 * what the record names: createSale writes it, a cancel clears it. The screen only says when the
 * cashier moved on from a sale; main clears the record then only if it still names that sale, so
 * a late word can never wipe the next sale's. The screen's own writes go one after another, so a
 * sale charged right after "Mostrar QR" lands on the record after the one shown.
 */
let screenWrite: Promise<unknown> = Promise.resolve();

function leaveSaleOnScreen(correlationID: string): void {
  screenWrite = screenWrite.then(() => counterApi().leaveSaleOnScreen({ correlationID })).catch(() => undefined);
}

let readEntryDraft: (() => EntryDraft) | null = null;

/** SaleEntry, while mounted, tells the store how to read what is typed in it; returns the unregister. */
export function registerEntryDraft(read: () => EntryDraft): () => void {
  readEntryDraft = read;
  return () => {
    if (readEntryDraft === read) readEntryDraft = null;
  };
}

/** The restore asked once per window, while someone may see it (see restoreSaleOnScreen). */
let restoring = false;

/** Lists of sales (the history, the review list) teach which offline sales are still waiting. */
export function noteOfflineSales(sales: readonly Sale[]): void {
  offlineConfirmations.seeAll(sales);
}

/** "Venda offline confirmada: R$ 12,34", for a sale no longer on screen when its Pix was confirmed. */
export interface ConfirmedNotice {
  correlationID: string;
  value: number;
}

interface SaleState {
  phase: 'entry' | 'creating' | 'live';
  live: LiveSale | null;
  /** The last sale that left the screen, for the "Última venda" line (kept current by pushes). */
  lastSale: Sale | null;
  error: string | null;
  notice: SaleNotice;
  cancelArmed: boolean;
  busy: 'cancelling' | 'simulating' | 'marking' | null;
  /** Offline sales confirmed while the cashier was elsewhere: brief notices, never in the way. */
  confirmedNotices: ConfirmedNotice[];
  /**
   * What the next amount entry starts with: digits typed while a QR waits, or on the Pago
   * screen, land here so they survive the sale's update and the entry's mount. SaleEntry
   * starts from it, then clears it. Only the cashier's keys change it, never a push.
   */
  nextEntry: CentsEntry;
  /** The cashier typed in the entry since the window opened: a sale restored late does not take the screen. */
  entryTouched: boolean;
  /** The sale on screen before the restart was asked for (and shown, or not). */
  restoreChecked: boolean;
  /**
   * The entry's comment and customer as typed when a PDV's sale took the screen: the entry opens
   * with them again (its amount went to nextEntry). Only SaleEntry reads and clears it.
   */
  heldForm: HeldEntryForm | null;
  /** A PDV's sale the cashier has not seen yet (they were busy elsewhere, or charging their own). */
  pdvNotice: PdvSaleNotice | null;
  /**
   * A sale the shop's PDV made ('sale-on-screen'): shown as if typed (lib/pdv-push). What the
   * cashier typed stays: the amount being typed becomes the next amount, the comment and customer
   * are held for the entry; a sale being created or a QR waiting keeps the screen; another screen
   * with typed work (or a dialog) is not left, a notice says the sale waits.
   */
  showPushed(sale: Sale): void;
  /** SaleEntry on mount: the comment and customer held for it, once. */
  takeHeldForm(): HeldEntryForm | null;
  dismissPdvNotice(): void;
  noteEntryTouched(): void;
  /**
   * When the window opens (and someone is at the counter): the sale that was on screen before the
   * restart comes back, unless the cashier already moved on (lib/sale-on-screen restoreDecision).
   */
  restoreSaleOnScreen(): Promise<void>;
  /** "Mostrar QR" in the history: puts a waiting sale back on screen; the refusal's words, or null. */
  showAgain(correlationID: string): Promise<string | null>;
  create(input: { value: number; comment?: string; customer?: SaleCustomer }): Promise<boolean>;
  applyUpdate(sale: Sale): void;
  refresh(): Promise<void>;
  armCancel(): void;
  disarmCancel(): void;
  cancel(): Promise<void>;
  simulatePayment(): Promise<void>;
  /** F6 on an OFFLINE sale: "cliente mostrou o comprovante", recorded, not a payment. */
  markCustomerShowedReceipt(): Promise<void>;
  dismissConfirmedNotice(correlationID: string): void;
  finish(): void;
  /**
   * Finishes the sale on screen when it makes way for a new one (over, still connecting, or a
   * waiting QR while offline: see saleIsOver) and opens the entry with `entry`, or with the
   * amount already typed ahead when none is given; false if the sale stays.
   */
  startNext(entry?: CentsEntry): boolean;
  /** Sets the next amount while a sale is on screen (the waiting QR's type-ahead). */
  setNextEntry(entry: CentsEntry): void;
  clearNextEntry(): void;
  dismissMessages(): void;
}

export const useSale = create<SaleState>()((set, get) => ({
  phase: 'entry',
  live: null,
  lastSale: null,
  error: null,
  notice: null,
  cancelArmed: false,
  busy: null,
  confirmedNotices: [],
  nextEntry: emptyEntry,
  entryTouched: false,
  restoreChecked: false,
  heldForm: null,
  pdvNotice: null,

  noteEntryTouched() {
    if (!get().entryTouched) set({ entryTouched: true });
  },

  async restoreSaleOnScreen() {
    if (get().restoreChecked || restoring) return;
    restoring = true;
    try {
      const { sale } = await counterApi().getSaleOnScreen();
      set({ restoreChecked: true });
      const { phase, live, entryTouched } = get();
      const decision = restoreDecision(sale, { phase, hasLive: live !== null, entryTouched });
      if (decision !== 'show' || !sale) return;
      offlineConfirmations.see(sale);
      set({
        phase: 'live',
        live: liveViewOf(sale, qrSvgDataUrl),
        cancelArmed: false,
        busy: null,
        error: null,
        notice: null,
      });
      // Pushes of this sale that crossed the answer were dropped (nothing was on screen): ask once more.
      void get().refresh();
    } catch {
      // Not asked this time (the host restarting, say): the sale stays in the history, and the
      // next time the sale screen opens asks again.
    } finally {
      restoring = false;
    }
  },

  async showAgain(correlationID) {
    if (get().phase === 'creating') return i18next.t('live.showAgainBusy');
    try {
      // In line with the screen's other words, so a sale charged right after lands on the record after this one.
      const write = screenWrite.then(() => counterApi().setSaleOnScreen({ correlationID }));
      screenWrite = write.catch(() => undefined);
      const { sale } = await write;
      if (!sale || !canShowAgain(sale)) return i18next.t('live.showAgainOver');
      // A sale being charged meanwhile keeps the screen; this one stays in the history.
      if (get().phase === 'creating') return i18next.t('live.showAgainBusy');
      const { live, lastSale } = get();
      offlineConfirmations.see(sale);
      set({
        phase: 'live',
        live: liveViewOf(sale, qrSvgDataUrl),
        // A QR that was on screen makes way, like F1's: it stays waiting in the history.
        lastSale: live && live.sale.correlationID !== sale.correlationID ? live.sale : lastSale,
        cancelArmed: false,
        busy: null,
        error: null,
        notice: null,
        restoreChecked: true,
      });
      useNavigation.getState().go('sale');
      void get().refresh();
      return null;
    } catch (error) {
      return errorMessage(error);
    }
  },

  showPushed(sale) {
    const { phase, live, lastSale } = get();
    const navigation = useNavigation.getState();
    const outcome = landPushedSale(sale, {
      phase,
      live: live?.sale ?? null,
      lastSale,
      screen: navigation.screen,
      holdsTyping: typedWorkOnScreen(),
      draft: phase === 'entry' && readEntryDraft ? readEntryDraft() : null,
    });
    if (outcome.kind === 'ignore') return;
    if (outcome.kind === 'wait') {
      // The cashier's own sale keeps the screen; this one waits in the history ("Mostrar QR").
      set({ pdvNotice: outcome.notice });
      return;
    }
    if (outcome.kind === 'update') get().applyUpdate(sale);
    else {
      // What was typed in the entry survives: its amount is the next one (shown on the live
      // screen as typed ahead), the comment and customer wait for the entry to open again.
      offlineConfirmations.see(sale);
      set({
        phase: 'live',
        live: liveViewOf(sale, qrSvgDataUrl),
        lastSale: outcome.lastSale,
        cancelArmed: false,
        busy: null,
        error: null,
        notice: null,
        restoreChecked: true,
        ...(outcome.nextEntry ? { nextEntry: outcome.nextEntry } : {}),
        ...(outcome.heldForm ? { heldForm: outcome.heldForm } : {}),
      });
    }
    if (outcome.go) navigation.go('sale');
    set({ pdvNotice: outcome.notice });
    void get().refresh();
  },

  takeHeldForm() {
    const { heldForm } = get();
    if (heldForm) set({ heldForm: null });
    return heldForm;
  },

  dismissPdvNotice() {
    if (get().pdvNotice) set({ pdvNotice: null });
  },

  async create(input) {
    if (get().phase !== 'entry') return false;
    set({ phase: 'creating', error: null, notice: null });
    pushedWhileCreating = new Set();
    try {
      // The screen's earlier words first: createSale records this sale as the one on screen.
      await screenWrite;
      const sale = await counterApi().createSale(input);
      offlineConfirmations.see(sale);
      // PENDING (the service has not answered yet) has no code: the QR comes with its update.
      set({ phase: 'live', live: liveViewOf(sale, qrSvgDataUrl), cancelArmed: false, busy: null });
      if (pushedWhileCreating.has(sale.correlationID)) void get().refresh();
      return true;
    } catch (error) {
      set({ phase: 'entry', error: errorMessage(error) });
      return false;
    } finally {
      pushedWhileCreating = new Set();
    }
  },

  applyUpdate(sale) {
    const { phase, live, lastSale, busy } = get();
    // An offline sale the service has just confirmed makes the paid sound wherever the cashier
    // is; if its "Pago" is not on screen, a brief notice says which one (the entry is left alone).
    if (offlineConfirmations.see(sale)) {
      playPaidChime();
      const onScreen = live?.sale.correlationID === sale.correlationID && useNavigation.getState().screen === 'sale';
      if (!onScreen) {
        const notices = get().confirmedNotices.filter((notice) => notice.correlationID !== sale.correlationID);
        set({
          confirmedNotices: [...notices, { correlationID: sale.correlationID, value: sale.value }].slice(
            -CONFIRMED_NOTICES_MAX,
          ),
        });
      }
    }
    if (phase === 'creating') pushedWhileCreating.add(sale.correlationID);
    // A PDV's sale waiting for the cashier that ended meanwhile (paid, cancelled by the PDV) needs no notice.
    if (get().pdvNotice?.correlationID === sale.correlationID && !isWaitingStatus(sale.status))
      set({ pdvNotice: null });
    // A sale that left the screen (F1) changes nothing on screen but its "Última venda" line.
    if (lastSale?.correlationID === sale.correlationID && live?.sale.correlationID !== sale.correlationID) {
      if (acceptsUpdate(lastSale.status, sale.status)) set({ lastSale: sale });
      return;
    }
    // Our own cancel is answered by cancel() itself: its push must not flash a "Cancelada" screen.
    if (busy === 'cancelling' && sale.status === 'CANCELLED') return;
    // Stale snapshots are dropped; a code that arrives is drawn now (PENDING → ACTIVE).
    const next = liveSaleUpdate(live, sale, qrSvgDataUrl);
    if (!next) return;
    // One Esc pressed while connecting still counts once the QR shows.
    set({ live: next, cancelArmed: isWaitingStatus(sale.status) && get().cancelArmed });
  },

  async refresh() {
    const { live } = get();
    if (!live) return;
    try {
      get().applyUpdate(await counterApi().getSale({ correlationID: live.sale.correlationID }));
    } catch {
      // A failed refresh changes nothing on screen; the next push or tick tries again.
    }
  },

  armCancel: () => set({ cancelArmed: true }),
  disarmCancel: () => set({ cancelArmed: false }),

  async cancel() {
    const { live, busy } = get();
    if (!live || busy || !isWaitingStatus(live.sale.status)) return;
    set({ busy: 'cancelling', error: null });
    try {
      // Cancelled at the counter at once; offline, the service's delete waits in the queue.
      const { cancelled } = await counterApi().cancelSale({ correlationID: live.sale.correlationID });
      if (!cancelled) {
        // Too late (paid meanwhile, say): show what the sale is now.
        set({ busy: null, cancelArmed: false, error: i18next.t('live.notCancelled') });
        void get().refresh();
        return;
      }
      // Main forgot it as the sale on screen with the cancel itself.
      const offline = connectionOf(useStatus.getState().status ?? { online: true }) === 'offline';
      set({
        phase: 'entry',
        live: null,
        cancelArmed: false,
        busy: null,
        notice: offline ? 'cancelledQueued' : 'cancelled',
      });
    } catch (error) {
      set({ busy: null, cancelArmed: false, error: errorMessage(error) });
      // It may have been paid meanwhile: show what the service says now.
      void get().refresh();
    }
  },

  async simulatePayment() {
    const { live, busy } = get();
    if (!live || busy || live.sale.status !== 'ACTIVE' || !live.sale.brCode) return;
    set({ busy: 'simulating', error: null });
    try {
      get().applyUpdate(await counterApi().simulatePayment({ correlationID: live.sale.correlationID }));
      set({ busy: null });
    } catch (error) {
      set({ busy: null, error: errorMessage(error) });
    }
  },

  async markCustomerShowedReceipt() {
    const { live, busy } = get();
    if (!live || busy || live.sale.status !== 'OFFLINE') return;
    set({ busy: 'marking', error: null });
    try {
      get().applyUpdate(await counterApi().markCustomerShowedReceipt({ correlationID: live.sale.correlationID }));
      set({ busy: null });
    } catch (error) {
      set({ busy: null, error: errorMessage(error) });
      void get().refresh();
    }
  },

  dismissConfirmedNotice(correlationID) {
    const notices = get().confirmedNotices;
    if (notices.some((notice) => notice.correlationID === correlationID)) {
      set({ confirmedNotices: notices.filter((notice) => notice.correlationID !== correlationID) });
    }
  },

  finish() {
    const { live } = get();
    if (live) leaveSaleOnScreen(live.sale.correlationID);
    set({
      phase: 'entry',
      live: null,
      lastSale: live?.sale ?? get().lastSale,
      cancelArmed: false,
      busy: null,
      error: null,
    });
  },

  startNext(entry) {
    // A PDV's sale the cashier has not looked at yet is not dropped by the key that goes to it (F1).
    if (keepsUnseenPdvSale(get().pdvNotice, get().live?.sale.correlationID)) return false;
    const status = useStatus.getState().status;
    if (!saleIsOver(saleScreenState(get()), status ? connectionOf(status) : undefined)) return false;
    get().finish();
    set({ nextEntry: entry ?? get().nextEntry, notice: null });
    return true;
  },

  setNextEntry: (entry) => set({ nextEntry: entry }),

  clearNextEntry() {
    if (get().nextEntry !== emptyEntry) set({ nextEntry: emptyEntry });
  },

  dismissMessages: () => set({ error: null, notice: null }),
}));

export function saleScreenState(state: Pick<SaleState, 'phase' | 'live'>): SaleScreenState {
  if (state.phase === 'live' && state.live) return { phase: 'live', status: state.live.sale.status };
  return { phase: state.phase === 'creating' ? 'creating' : 'entry' };
}
