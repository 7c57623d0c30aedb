// The history's selection as pages of the list come and go (the screen holds one page, see
// sale-rows-window.ts): which sale is selected after an answer of listSales lands, and where it
// is. Pure and DOM-free, tested in Node; history-store.ts applies it.
import type { Sale } from '#shared/counter/counter-api';
import { indexInPage, rowAt, type SalePage } from './sale-rows-window';

export interface HistorySelection {
  selectedId: string | null;
  /**
   * Where the selection is in the list (-1: none). The arrows may move it to a row whose page has
   * not come yet: then selectedId is null until it lands.
   */
  selectedIndex: number;
  /** The selected sale, kept whole while the list shows other rows. */
  selected: Sale | null;
}

export const NO_SELECTION: HistorySelection = { selectedId: null, selectedIndex: -1, selected: null };

/** An answer of listSales as far as the selection goes. */
export interface ListedPage extends SalePage {
  /** The place of the sale asked `around` (the selection the request was made with), when listed. */
  aroundIndex?: number;
}

/** What a reload's answer does to the selection; `changed`: another sale is selected now. */
export interface SelectionAfter {
  selection: HistorySelection;
  changed: boolean;
}

/**
 * A reload's answer (F2, a search, other days, a push), asked with the selection `asked`. The
 * cashier's pick stays when it is still listed, at its place now (a new sale on top moves it
 * down); a pick waiting for its page takes its row; with no pick, or one no longer listed, the
 * first row held is the likeliest next question (the newest sale, from the top of the list). If
 * the cashier moved the selection while the answer was on its way, theirs stands (`keptAfter`).
 */
export function selectionAfterReload(
  answer: ListedPage,
  current: HistorySelection,
  asked: Pick<HistorySelection, 'selectedId' | 'selectedIndex'>,
): SelectionAfter {
  if (current.selectedId !== asked.selectedId || current.selectedIndex !== asked.selectedIndex)
    return { selection: keptAfter(answer, current), changed: false };
  if (current.selectedId !== null && answer.aroundIndex !== undefined) {
    const selected = rowAt(answer, answer.aroundIndex) ?? current.selected;
    return {
      selection: { selectedId: current.selectedId, selectedIndex: answer.aroundIndex, selected },
      changed: false,
    };
  }
  const waiting =
    current.selectedId === null && current.selectedIndex >= 0 ? rowAt(answer, current.selectedIndex) : undefined;
  const pick = waiting ?? answer.sales[0];
  if (!pick) return { selection: NO_SELECTION, changed: current.selectedId !== null };
  const selection = {
    selectedId: pick.correlationID,
    selectedIndex: waiting ? current.selectedIndex : answer.offset,
    selected: pick,
  };
  return { selection, changed: pick.correlationID !== current.selectedId };
}

/**
 * An answer that does not decide the selection (scrolling, or a reload the cashier's keys
 * overtook): the selection's place and sale are read from the rows when they hold it, and a
 * selection waiting for its row takes it.
 */
export function keptAfter(answer: SalePage, current: HistorySelection): HistorySelection {
  const { selectedId, selectedIndex, selected } = current;
  if (selectedId === null) {
    const waiting = selectedIndex >= 0 ? rowAt(answer, selectedIndex) : undefined;
    return waiting
      ? { selectedId: waiting.correlationID, selectedIndex, selected: waiting }
      : { selectedId, selectedIndex, selected };
  }
  const index = indexInPage(answer, selectedId);
  return index === -1
    ? { selectedId, selectedIndex, selected }
    : { selectedId, selectedIndex: index, selected: rowAt(answer, index)! };
}
