// View cache of today's sales as listSales returns them, plus the cashier's selection.
// Live pushes patch the cached rows so statuses change without a reload.
import { create } from 'zustand';
import type { DayTotals, Sale } from '../../../../shared/pos-api';
import { errorMessage, posApi } from '../../app/pos-api';

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
  load(): Promise<void>;
  setSearch(search: string): void;
  select(correlationID: string | null): void;
  setRefunding(refunding: boolean): void;
  setRefundConfirming(confirming: boolean): void;
  moveSelection(step: 1 | -1): void;
  upsert(sale: Sale): void;
}

let requestSeq = 0;

export const useHistory = create<HistoryState>()((set, get) => ({
  sales: [],
  totals: null,
  search: '',
  loading: false,
  error: null,
  selectedId: null,
  refunding: false,
  refundConfirming: false,

  async load() {
    const seq = ++requestSeq;
    const search = get().search.trim();
    set({ loading: true });
    try {
      const result = await posApi().listSales(search ? { search } : {});
      // Typing fast fires several searches; only the newest answer may land.
      if (seq !== requestSeq) return;
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
