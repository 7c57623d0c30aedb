// The sale on the counter right now: being typed, being created, or live on the QR screen.
// A view cache: the sale itself lives in the main process; this mirrors what it pushes.
import { create } from 'zustand';
import type { Sale, SaleCustomer } from '../../../../shared/pos-api';
import { errorMessage, posApi } from '../../app/pos-api';
import { emptyEntry, type CentsEntry } from '../../lib/cents-entry';
import { saleIsOver, type SaleScreenState } from '../../lib/next-sale';
import { qrSvgDataUrl } from '../../lib/qr-svg';

export type SaleNotice = 'cancelled' | null;

interface LiveSale {
  sale: Sale;
  /** Drawn once when the sale arrives, so the QR screen's first paint already has it. */
  qrSrc: string;
}

interface SaleState {
  phase: 'entry' | 'creating' | 'live';
  live: LiveSale | null;
  /** The last sale that left the screen, for the "Última venda" line on the entry screen. */
  lastSale: Sale | null;
  error: string | null;
  notice: SaleNotice;
  cancelArmed: boolean;
  busy: 'cancelling' | 'simulating' | null;
  /**
   * What the next amount entry starts with: digits typed while a QR waits, or on the Pago
   * screen, land here so they survive the sale's update and the entry's mount. SaleEntry
   * starts from it, then clears it. Only the cashier's keys change it, never a push.
   */
  nextEntry: CentsEntry;
  create(input: { value: number; comment?: string; customer?: SaleCustomer }): Promise<boolean>;
  applyUpdate(sale: Sale): void;
  refresh(): Promise<void>;
  armCancel(): void;
  disarmCancel(): void;
  cancel(): Promise<void>;
  simulatePayment(): Promise<void>;
  finish(): void;
  /**
   * Finishes a sale that is over (Pago / Expirada) and opens the entry with `entry`, or with the
   * amount already typed ahead when none is given; false if no sale was over.
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
  nextEntry: emptyEntry,

  async create(input) {
    if (get().phase !== 'entry') return false;
    set({ phase: 'creating', error: null, notice: null });
    try {
      const sale = await posApi().createSale(input);
      set({ phase: 'live', live: { sale, qrSrc: qrSvgDataUrl(sale.brCode) }, cancelArmed: false, busy: null });
      return true;
    } catch (error) {
      set({ phase: 'entry', error: errorMessage(error) });
      return false;
    }
  },

  applyUpdate(sale) {
    const { live } = get();
    if (!live || live.sale.correlationID !== sale.correlationID) return;
    // Pushes and replies can cross: a late ACTIVE snapshot must not undo a payment on screen.
    if (live.sale.status !== 'ACTIVE' && sale.status === 'ACTIVE') return;
    // The brCode never changes, so the QR drawn at creation stays.
    set({ live: { ...live, sale }, cancelArmed: sale.status === 'ACTIVE' && get().cancelArmed });
  },

  async refresh() {
    const { live } = get();
    if (!live) return;
    try {
      get().applyUpdate(await posApi().getSale({ correlationID: live.sale.correlationID }));
    } catch {
      // A failed refresh changes nothing on screen; the next push or tick tries again.
    }
  },

  armCancel: () => set({ cancelArmed: true }),
  disarmCancel: () => set({ cancelArmed: false }),

  async cancel() {
    const { live, busy } = get();
    if (!live || busy || live.sale.status !== 'ACTIVE') return;
    set({ busy: 'cancelling', error: null });
    try {
      await posApi().cancelSale({ correlationID: live.sale.correlationID });
      set({ phase: 'entry', live: null, cancelArmed: false, busy: null, notice: 'cancelled' });
    } catch (error) {
      set({ busy: null, cancelArmed: false, error: errorMessage(error) });
      // It may have been paid meanwhile: show what the service says now.
      void get().refresh();
    }
  },

  async simulatePayment() {
    const { live, busy } = get();
    if (!live || busy || live.sale.status !== 'ACTIVE') return;
    set({ busy: 'simulating', error: null });
    try {
      get().applyUpdate(await posApi().simulatePayment({ correlationID: live.sale.correlationID }));
      set({ busy: null });
    } catch (error) {
      set({ busy: null, error: errorMessage(error) });
    }
  },

  finish() {
    const { live } = get();
    set({ phase: 'entry', live: null, lastSale: live?.sale ?? get().lastSale, cancelArmed: false, busy: null, error: null });
  },

  startNext(entry) {
    if (!saleIsOver(saleScreenState(get()))) return false;
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
