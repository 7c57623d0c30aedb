// View cache of the history (today's sales, a past day's or a range's): one page of the list as
// listSales answers it (the rows in view and some around them, never the whole day: see
// lib/sale-rows-window.ts), the list's length and the days' totals, the cashier's selection (the
// selected sale kept whole, wherever the list is scrolled), and the offline sales waiting for the
// owner ("Conferir pagamentos offline", any day). Live pushes patch the cached rows so statuses
// change without a reload.
// Over 300 lines because the page, the selection and the live patches must agree on one list;
// the window arithmetic is lib/sale-rows-window.ts.
import { create } from 'zustand';
import type { CounterOutput, DayTotals, Sale } from '#shared/counter/counter-api';
import { addDays } from '#shared/lib/calendar-day';
import { errorMessage, counterApi } from '../../app/counter-api';
import { keptAfter, NO_SELECTION, selectionAfterReload, type HistorySelection } from '../../lib/history-selection';
import {
  EMPTY_PAGE,
  indexInPage,
  pageOffsetAround,
  pageToLoad,
  rowAt,
  SALE_PAGE_SIZE,
  type SalePage,
} from '../../lib/sale-rows-window';
import { downloadText } from './text-download';
import { noteOfflineSales } from '../sale/sale-store';

/** The days listed: null is today (the main process's today, São Paulo); otherwise from…to, inclusive. */
export type HistoryDays = { from: string; to: string } | null;

/** The history's two lists: the day's sales, or the offline sales to check. */
export type HistoryView = 'day' | 'review';

interface HistoryState extends HistorySelection {
  /** The rows held: a page of the list. */
  page: SalePage;
  /** The list's length: the sales the search finds, or all the days' sales. */
  total: number;
  /** The largest value listed: the amount column is as wide as it. */
  widestValue: number;
  totals: DayTotals | null;
  search: string;
  loading: boolean;
  error: string | null;
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
  /** The list again (its page, length and totals), keeping the selection: F2, a search, a push. */
  load(): Promise<void>;
  /** Rows first…last are in view: their page is asked for when it is not held. */
  showRows(first: number, last: number): void;
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
/** The days and search the held page is of: another one starts from the top of its list. */
let pageQuery = '';
/** A page asked for while another answer was awaited: asked once that answer lands. */
let pagePending: number | null = null;
let pageInFlight = false;

type ListAnswer = CounterOutput<'listSales'>;

export const useHistory = create<HistoryState>()((set, get) => ({
  page: EMPTY_PAGE,
  total: 0,
  widestValue: 0,
  totals: null,
  search: '',
  loading: false,
  error: null,
  selectedId: null,
  selectedIndex: -1,
  selected: null,
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
    const query = JSON.stringify([days, search]);
    const { page, selectedId, selectedIndex, total } = get();
    // The same list from where it is scrolled; another search or other days from their top. A
    // selection still waiting for its page asks for that page.
    const offset =
      query !== pageQuery
        ? 0
        : selectedId === null && selectedIndex >= 0
          ? pageOffsetAround(selectedIndex, selectedIndex, total)
          : page.offset;
    set({ loading: true });
    try {
      const result = await counterApi().listSales({
        ...(days ?? {}),
        ...(search ? { search } : {}),
        offset,
        limit: SALE_PAGE_SIZE,
        ...(selectedId ? { around: selectedId } : {}),
      });
      // Typing fast fires several searches; only the newest answer may land.
      if (seq !== requestSeq) return;
      pageQuery = query;
      const { selection, changed } = selectionAfterReload(result, get(), { selectedId, selectedIndex });
      set({
        ...listOf(result, get()),
        ...selection,
        ...(changed ? { refunding: false } : {}),
        loading: false,
        error: null,
      });
    } catch (error) {
      if (seq !== requestSeq) return;
      set({ loading: false, error: errorMessage(error) });
    }
  },

  showRows(first, last) {
    const { page, total } = get();
    const offset = pageToLoad(page, first, last, total);
    if (offset === null) return;
    if (pageInFlight) {
      pagePending = offset;
      return;
    }
    void loadPage(offset);
  },

  async loadReview() {
    const seq = ++reviewSeq;
    set({ reviewLoading: true });
    try {
      const { sales } = await counterApi().listOfflineReview();
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
      page: EMPTY_PAGE,
      total: 0,
      widestValue: 0,
      totals: null,
      ...NO_SELECTION,
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
      const file = await counterApi().exportSales(days ?? (today ? { day: today } : {}));
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
    set((state) => {
      if (state.selectedId === correlationID) return state;
      const index = indexInPage(state.page, correlationID);
      return {
        selectedId: correlationID,
        selectedIndex: index,
        selected: index === -1 ? null : rowAt(state.page, index)!,
        refunding: false,
      };
    }),

  setRefunding: (refunding) => set({ refunding, refundConfirming: false }),

  setRefundConfirming: (refundConfirming) => set({ refundConfirming }),

  moveSelection(step) {
    const { page, total, selectedIndex } = get();
    if (total === 0) return;
    const next =
      selectedIndex === -1 ? (step === 1 ? 0 : total - 1) : Math.min(Math.max(selectedIndex + step, 0), total - 1);
    const sale = rowAt(page, next);
    set({ selectedIndex: next, selectedId: sale?.correlationID ?? null, selected: sale ?? null, refunding: false });
    // Past the rows held (the list follows the selection, and its rows ask for their page too).
    if (!sale) get().showRows(next, next);
  },

  upsert(sale) {
    const { review } = get();
    const reviewIndex = review?.findIndex((row) => row.correlationID === sale.correlationID) ?? -1;
    if (review && reviewIndex !== -1) {
      const next = review.slice();
      next[reviewIndex] = sale;
      set({ review: next });
    }
    const { page, selectedId } = get();
    if (selectedId === sale.correlationID) set({ selected: sale });
    const index = page.sales.findIndex((row) => row.correlationID === sale.correlationID);
    if (index === -1) return; // not among the rows held (or filtered out): the next load decides
    const next = page.sales.slice();
    next[index] = sale;
    set({ page: { offset: page.offset, sales: next } });
  },
}));

export function selectedSale(state: Pick<HistoryState, 'selected'>): Sale | null {
  return state.selected;
}

/**
 * Asks for the page at `offset` (scrolling): one at a time, the latest wish next. No `around`: the
 * rows in view are asked for, wherever the selection is.
 */
async function loadPage(offset: number): Promise<void> {
  const seq = requestSeq;
  const { days, search } = useHistory.getState();
  const query = JSON.stringify([days, search.trim()]);
  pageInFlight = true;
  try {
    const result = await counterApi().listSales({
      ...(days ?? {}),
      ...(search.trim() ? { search: search.trim() } : {}),
      offset,
      limit: SALE_PAGE_SIZE,
    });
    // A reload (another search, other days, a push) started meanwhile: its answer decides.
    if (seq === requestSeq && query === pageQuery) {
      const state = useHistory.getState();
      useHistory.setState({ ...listOf(result, state), ...keptAfter(result, state) });
    }
  } catch {
    // The rows stay blank until the next load (F2, a push) says why.
  } finally {
    pageInFlight = false;
    const pending = pagePending;
    pagePending = null;
    if (pending !== null) useHistory.getState().showRows(pending, pending + SALE_PAGE_SIZE - 1);
  }
}

/** What every answer brings: its page, the list's length, the totals. */
function listOf(result: ListAnswer, state: HistoryState): Partial<HistoryState> {
  noteOfflineSales(result.sales);
  return {
    page: { offset: result.offset, sales: result.sales },
    total: result.total,
    widestValue: result.widestValue,
    totals: result.totals,
    ...(state.days === null ? { today: result.totals.day } : {}),
  };
}
