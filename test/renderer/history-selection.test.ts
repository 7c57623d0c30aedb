import { describe, expect, it } from 'vitest';
import { keptAfter, NO_SELECTION, selectionAfterReload, type HistorySelection } from '#renderer/lib/history-selection';
import type { Sale } from '#shared/counter/counter-api';

/** Row i of the list is sale balcao-i; a page holds rows offset…offset+length−1. */
const sale = (i: number) => ({ correlationID: `balcao-${i}`, value: 100 + i }) as unknown as Sale;
const pageOf = (offset: number, length: number, aroundIndex?: number) => ({
  offset,
  sales: Array.from({ length }, (_, i) => sale(offset + i)),
  ...(aroundIndex === undefined ? {} : { aroundIndex }),
});
const selecting = (i: number): HistorySelection => ({ selectedId: `balcao-${i}`, selectedIndex: i, selected: sale(i) });
const asked = (selection: HistorySelection) => ({
  selectedId: selection.selectedId,
  selectedIndex: selection.selectedIndex,
});

describe('the selection after a reload', () => {
  it('keeps the pick that is still listed, at its place now', () => {
    const current = selecting(40);
    // A new sale on top: the pick is row 41 now, and main moved the page to hold it.
    const answer = { ...pageOf(20, 60, 41), sales: pageOf(20, 60).sales.map((_, i) => sale(19 + i)) };
    const { selection, changed } = selectionAfterReload(answer, current, asked(current));
    expect(selection).toEqual({ selectedId: 'balcao-40', selectedIndex: 41, selected: sale(40) });
    expect(changed).toBe(false);
  });

  it('selects the first row held when nothing is selected, or the pick is no longer listed', () => {
    expect(selectionAfterReload(pageOf(0, 60), NO_SELECTION, asked(NO_SELECTION))).toEqual({
      selection: selecting(0),
      changed: true,
    });
    const gone = selecting(7);
    expect(selectionAfterReload(pageOf(0, 60), gone, asked(gone))).toEqual({ selection: selecting(0), changed: true });
  });

  it('gives the row to a selection that was waiting for its page', () => {
    const waiting: HistorySelection = { selectedId: null, selectedIndex: 75, selected: null };
    expect(selectionAfterReload(pageOf(55, 60), waiting, asked(waiting)).selection).toEqual(selecting(75));
  });

  it('selects nothing in an empty list', () => {
    const current = selecting(3);
    expect(selectionAfterReload(pageOf(0, 0), current, asked(current))).toEqual({
      selection: NO_SELECTION,
      changed: true,
    });
  });

  it('leaves the cashier’s own move alone when it happened while the answer was on its way', () => {
    // Asked around sale 30; meanwhile Esc, ↓ selected the newest. The answer says where 30 is.
    const before = selecting(30);
    const now = selecting(0);
    const { selection, changed } = selectionAfterReload(pageOf(0, 60, 30), now, asked(before));
    expect(selection).toEqual(selecting(0));
    expect(changed).toBe(false);
    // Esc alone (nothing selected) while a reload was out: still nothing selected.
    expect(selectionAfterReload(pageOf(0, 60, 30), NO_SELECTION, asked(before)).selection).toEqual(NO_SELECTION);
  });
});

describe('the selection after a page scrolled to', () => {
  it('reads the selection from the rows when they hold it, and leaves it otherwise', () => {
    const stale: HistorySelection = { selectedId: 'balcao-12', selectedIndex: 11, selected: null };
    expect(keptAfter(pageOf(0, 60), stale)).toEqual(selecting(12));
    const far = selecting(500);
    expect(keptAfter(pageOf(0, 60), far)).toEqual(far);
  });

  it('gives a waiting selection its row, and never picks one itself', () => {
    expect(keptAfter(pageOf(60, 60), { selectedId: null, selectedIndex: 61, selected: null })).toEqual(selecting(61));
    expect(keptAfter(pageOf(60, 60), NO_SELECTION)).toEqual(NO_SELECTION);
  });
});

describe('what the store takes from it', () => {
  it('is the selection alone: the rest of the state it was given never comes back', () => {
    // The store passes its whole state; an answer spread over it must not bring back its old page.
    const state = { ...selecting(12), page: 'the old page', total: 1 } as unknown as HistorySelection;
    const fields = ['selectedId', 'selectedIndex', 'selected'];
    expect(Object.keys(keptAfter(pageOf(0, 60), state)).sort()).toEqual(fields.sort());
    expect(Object.keys(keptAfter(pageOf(500, 60), state)).sort()).toEqual(fields.sort());
    const waiting = { ...state, selectedId: null, selectedIndex: 3 } as HistorySelection;
    expect(Object.keys(keptAfter(pageOf(0, 60), waiting)).sort()).toEqual(fields.sort());
    expect(Object.keys(keptAfter(pageOf(60, 60), waiting)).sort()).toEqual(fields.sort());
    for (const answer of [pageOf(0, 60, 12), pageOf(0, 60), pageOf(0, 0)]) {
      expect(Object.keys(selectionAfterReload(answer, state, asked(state)).selection).sort()).toEqual(fields.sort());
      expect(Object.keys(selectionAfterReload(answer, state, asked(NO_SELECTION)).selection).sort()).toEqual(
        fields.sort(),
      );
    }
  });
});
