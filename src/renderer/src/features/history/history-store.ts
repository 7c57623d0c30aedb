// View cache of the sales listSales returns (today's, a past day's or a range's), plus the
// cashier's selection, and of the offline sales waiting for the owner ("Conferir pagamentos
// offline", any day). Live pushes patch the cached rows so statuses change without a reload.
import { create } from 'zustand';
import type { DayTotals, Sale } from '../../../../shared/pos-api';
import { addDays } from '../../../../shared/calendar-day';
import { errorMessage, posApi } from '../../app/pos-api';
import { downloadText } from './text-download';
import { noteOfflineSales } from '../sale/sale-store';

/** The days listed: null is today (the main process's today, São Paulo); otherwise from…to, inclusive. */
export type HistoryDays = { from: string; to: string } | null;

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
  days: HistoryDays;
  /** São Paulo's today as the main process last said it (listing today): the end of "next day". */
  today: string | null;
  exporting: boolean;
  exportError: string | null;
  /** "Escolher datas" is open (its fields have the keyboard: list keys pause). */
  choosingDays: boolean;
  /** "Conferir pagamentos offline": null until first loaded. */
  review: Sale[] | null;
  reviewLoading: boolean;
  reviewError: string | null;
  /** A review decision is on its confirmation step (Enter confirms, Esc goes back). */
  reviewConfirming: boolean;
  load(): Promise<void>;
  /** Another day or range (null: today); the list reloads. */
  showDays(days: HistoryDays): void;
  /** The day before (−1) or after (+1) the first day shown; after today is today. */
  shiftDay(step: 1 | -1): void;
  setChoosingDays(open: boolean): void;
  /** "Exportar CSV": the days shown, as a file download. */
  exportCsv(): Promise<void>;
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
  days: null,
  today: null,
  exporting: false,
  exportError: null,
  choosingDays: false,
  review: null,
  reviewLoading: false,
  reviewError: null,
  reviewConfirming: false,

  async load() {
    const seq = ++requestSeq;
    const search = get().search.trim();
    const days = get().days;
    set({ loading: true });
    try {
      const result = await posApi().listSales({ ...(days ?? {}), ...(search ? { search } : {}) });
      // Typing fast fires several searches; only the newest answer may land.
      if (seq !== requestSeq) return;
      noteOfflineSales(result.sales);
      // Keep the cashier's pick when it is still listed; otherwise the newest sale is the likeliest next question.
      const { selectedId } = get();
      const stillListed = result.sales.some((sale) => sale.correlationID === selectedId);
      set({
        sales: result.sales,
        totals: result.totals,
        ...(days === null ? { today: result.totals.day } : {}),
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

  showDays(days) {
    const { today } = get();
    // A "range" of today alone is today: the title says "hoje" and new sales keep arriving.
    const next = days && today && days.from === today && days.to === today ? null : days;
    set({
      days: next,
      choosingDays: false,
      exportError: null,
      sales: [],
      totals: null,
      selectedId: null,
      refunding: false,
      refundConfirming: false,
    });
    void get().load();
  },

  shiftDay(step) {
    const { days, today, totals } = get();
    const shown = days?.from ?? today ?? totals?.day;
    if (!shown) return;
    const next = addDays(shown, step);
    if (step === 1 && today && next >= today) get().showDays(null);
    else get().showDays({ from: next, to: next });
  },

  setChoosingDays: (choosingDays) => set({ choosingDays }),

  async exportCsv() {
    if (get().exporting) return;
    const { days, today } = get();
    set({ exporting: true, exportError: null });
    try {
      const file = await posApi().exportSales(days ?? (today ? { day: today } : {}));
      downloadText(file.fileName, file.csv, 'text/csv;charset=utf-8');
      set({ exporting: false });
    } catch (error) {
      set({ exporting: false, exportError: errorMessage(error) });
    }
  },

  setView: (view) =>
    set((state) =>
      state.view === view ? state : { view, refunding: false, refundConfirming: false, reviewConfirming: false },
    ),

  setReviewConfirming: (reviewConfirming) => set({ reviewConfirming }),

  setSearch: (search) => set({ search }),

  select: (correlationID) =>
    set((state) => (state.selectedId === correlationID ? state : { selectedId: correlationID, refunding: false })),

  setRefunding: (refunding) => set({ refunding, refundConfirming: false }),

  setRefundConfirming: (refundConfirming) => set({ refundConfirming }),

  moveSelection(step) {
    const { sales, selectedId } = get();
    if (sales.length === 0) return;
    const index = sales.findIndex((sale) => sale.correlationID === selectedId);
    const next =
      index === -1 ? (step === 1 ? 0 : sales.length - 1) : Math.min(Math.max(index + step, 0), sales.length - 1);
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
