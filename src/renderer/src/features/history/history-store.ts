// View cache of today's sales as listSales returns them, plus the cashier's selection, and of
// the offline sales waiting for the owner ("Conferir pagamentos offline", any day).
// Live pushes patch the cached rows so statuses change without a reload.
import { create } from 'zustand';
import type { DayTotals, Sale } from '../../../../shared/pos-api';
import { errorMessage, posApi } from '../../app/pos-api';
import { noteOfflineSales } from '../sale/sale-store';

/** The history's two lists: the day's sales, or the offline sales to check. */
export type HistoryView = 'day' | 'review';

interface HistoryState {
  sales: Sale[];
  totals: DayTotals | null;
  search: string;
  loading: boolean;
  error: string | null;
  selectedId: string | null;
  /** The selected sale's refund form is open: list keys pause, the status bar shows its keys. */
  refunding: boolean;
  /** The refund form is on its confirmation step (the status bar says what Enter does). */
  refundConfirming: boolean;
  view: HistoryView;
  /** "Conferir pagamentos offline": null until first loaded. */
  review: Sale[] | null;
  reviewLoading: boolean;
  reviewError: string | null;
  /** A review decision is on its confirmation step (Enter confirms, Esc goes back). */
  reviewConfirming: boolean;
  load(): Promise<void>;
  loadReview(): Promise<void>;
  setView(view: HistoryView): void;
  setReviewConfirming(confirming: boolean): void;
  setSearch(search: string): void;
  select(correlationID: string | null): void;
  setRefunding(refunding: boolean): void;
  setRefundConfirming(confirming: boolean): void;
  moveSelection(step: 1 | -1): void;
  upsert(sale: Sale): void;
}

let requestSeq = 0;
let reviewSeq = 0;

export const useHistory = create<HistoryState>()((set, get) => ({
  sales: [],
  totals: null,
  search: '',
  loading: false,
  error: null,
  selectedId: null,
  refunding: false,
  refundConfirming: false,
  view: 'day',
  review: null,
  reviewLoading: false,
  reviewError: null,
  reviewConfirming: false,

  async load() {
    const seq = ++requestSeq;
    const search = get().search.trim();
    set({ loading: true });
    try {
      const result = await posApi().listSales(search ? { search } : {});
      // Typing fast fires several searches; only the newest answer may land.
      if (seq !== requestSeq) return;
      noteOfflineSales(result.sales);
      // Keep the cashier's pick when it is still listed; otherwise the newest sale is the likeliest next question.
      const { selectedId } = get();
      const stillListed = result.sales.some((sale) => sale.correlationID === selectedId);
      set({
        sales: result.sales,
        totals: result.totals,
        loading: false,
        error: null,
        selectedId: stillListed ? selectedId : (result.sales[0]?.correlationID ?? null),
        refunding: stillListed ? get().refunding : false,
      });
    } catch (error) {
      if (seq !== requestSeq) return;
      set({ loading: false, error: errorMessage(error) });
    }
  },

  async loadReview() {
    const seq = ++reviewSeq;
    set({ reviewLoading: true });
    try {
      const { sales } = await posApi().listOfflineReview();
      if (seq !== reviewSeq) return;
      noteOfflineSales(sales);
      set({ review: sales, reviewLoading: false, reviewError: null });
    } catch (error) {
      if (seq !== reviewSeq) return;
      set({ reviewLoading: false, reviewError: errorMessage(error) });
    }
  },

  setView: (view) => set((state) => (state.view === view ? state : { view, refunding: false, refundConfirming: false, reviewConfirming: false })),

  setReviewConfirming: (reviewConfirming) => set({ reviewConfirming }),

  setSearch: (search) => set({ search }),

  select: (correlationID) => set((state) => (state.selectedId === correlationID ? state : { selectedId: correlationID, refunding: false })),

  setRefunding: (refunding) => set({ refunding, refundConfirming: false }),

  setRefundConfirming: (refundConfirming) => set({ refundConfirming }),

  moveSelection(step) {
    const { sales, selectedId } = get();
    if (sales.length === 0) return;
    const index = sales.findIndex((sale) => sale.correlationID === selectedId);
    const next = index === -1 ? (step === 1 ? 0 : sales.length - 1) : Math.min(Math.max(index + step, 0), sales.length - 1);
    set({ selectedId: sales[next]!.correlationID, refunding: false });
  },

  upsert(sale) {
    const { review } = get();
    const reviewIndex = review?.findIndex((row) => row.correlationID === sale.correlationID) ?? -1;
    if (review && reviewIndex !== -1) {
      const next = review.slice();
      next[reviewIndex] = sale;
      set({ review: next });
    }
    const { sales } = get();
    const index = sales.findIndex((row) => row.correlationID === sale.correlationID);
    if (index === -1) return; // not in today's list (or filtered out): the next load decides
    const next = sales.slice();
    next[index] = sale;
    set({ sales: next });
  },
}));

export function selectedSale(state: Pick<HistoryState, 'sales' | 'selectedId'>): Sale | null {
  return state.sales.find((sale) => sale.correlationID === state.selectedId) ?? null;
}
