import { defaultRangeExtractor } from '@tanstack/react-virtual';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sale } from '#shared/counter/counter-api';
import {
  SALE_PAGE_SIZE,
  SALE_ROW_HEIGHT,
  SALE_ROW_WITH_MARKS_HEIGHT,
  estimateSaleRowHeight,
  indexInPage,
  indexOfSale,
  pageOffsetAround,
  pageToLoad,
  rowAt,
  withPinnedRows,
  type SalePage,
} from '#renderer/lib/sale-rows-window';

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ correlationID: `balcao-${i}` }));

describe('estimateSaleRowHeight', () => {
  it('is one line for a sale the service has heard of', () => {
    expect(estimateSaleRowHeight({ sync: { queued: 0 } })).toBe(SALE_ROW_HEIGHT);
    expect(estimateSaleRowHeight({ sync: { queued: 0, rejected: '   ' } })).toBe(SALE_ROW_HEIGHT);
  });

  it('has a second line under the chip for "na fila" or the service\'s refusal', () => {
    expect(estimateSaleRowHeight({ sync: { queued: 2 } })).toBe(SALE_ROW_WITH_MARKS_HEIGHT);
    expect(estimateSaleRowHeight({ sync: { queued: 0, rejected: 'Chave Pix inválida' } })).toBe(
      SALE_ROW_WITH_MARKS_HEIGHT,
    );
    expect(SALE_ROW_WITH_MARKS_HEIGHT).toBeGreaterThan(SALE_ROW_HEIGHT);
  });
});

describe('indexOfSale (the row to scroll to)', () => {
  const sales = ids(1_000);

  it('finds the selected sale anywhere in a long day', () => {
    expect(indexOfSale(sales, 'balcao-0')).toBe(0);
    expect(indexOfSale(sales, 'balcao-637')).toBe(637);
    expect(indexOfSale(sales, 'balcao-999')).toBe(999);
  });

  it('is -1 with nothing selected, or a selection the list does not hold (filtered out)', () => {
    expect(indexOfSale(sales, null)).toBe(-1);
    expect(indexOfSale(sales, 'balcao-1000')).toBe(-1);
    expect(indexOfSale([], 'balcao-0')).toBe(-1);
  });
});

describe('withPinnedRows', () => {
  it('keeps the range as it is when the pinned rows are in it (or none is pinned)', () => {
    expect(withPinnedRows([3, 4, 5, 6], [4, 6], 100)).toEqual([3, 4, 5, 6]);
    expect(withPinnedRows([3, 4, 5, 6], [-1, -1], 100)).toEqual([3, 4, 5, 6]);
    expect(withPinnedRows([], [], 0)).toEqual([]);
  });

  it('adds the selected and the focused row when they are scrolled out of view, in order', () => {
    expect(withPinnedRows([40, 41, 42], [2, 900], 1_000)).toEqual([2, 40, 41, 42, 900]);
    expect(withPinnedRows([40, 41, 42], [900, 900], 1_000)).toEqual([40, 41, 42, 900]);
  });

  it('ignores indexes the list does not have', () => {
    expect(withPinnedRows([0, 1], [-1, 2, 5, 1.5, Number.NaN], 3)).toEqual([0, 1, 2]);
  });

  it('does not change the range it is given', () => {
    const range = [5, 6];
    withPinnedRows(range, [1], 10);
    expect(range).toEqual([5, 6]);
  });

  it("with the virtualiser's own range: what is in view, its overscan, and the pinned rows, once each", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.integer({ min: -1, max: 2_100 }), { maxLength: 3 }),
        (count, a, b, overscan, pinned) => {
          const startIndex = a % count;
          const endIndex = startIndex + (b % (count - startIndex));
          const range = defaultRangeExtractor({ startIndex, endIndex, overscan, count });
          const rows = withPinnedRows(range, pinned, count);
          const rendered = new Set(rows);
          for (let i = startIndex; i <= endIndex; i++)
            if (!rendered.has(i)) throw new Error(`row ${i} in view but not rendered`);
          for (const index of pinned)
            if (index >= 0 && index < count && !rendered.has(index))
              throw new Error(`pinned row ${index} not rendered`);
          expect(rows).toEqual([...rendered].sort((x, y) => x - y));
          expect(rows.every((index) => index >= 0 && index < count)).toBe(true);
          expect(rows.length).toBeLessThanOrEqual(range.length + pinned.length);
        },
      ),
    );
  });
});

describe('the page of the list the history holds', () => {
  /** Rows offset…offset+length−1 of a list whose row i is the sale balcao-i. */
  const pageOf = (offset: number, length: number): SalePage => ({
    offset,
    sales: ids(offset + length).slice(offset) as unknown as Sale[],
  });

  it('finds a row, and a sale, only when the page holds it', () => {
    const page = pageOf(100, 60);
    expect(rowAt(page, 100)?.correlationID).toBe('balcao-100');
    expect(rowAt(page, 159)?.correlationID).toBe('balcao-159');
    expect(rowAt(page, 99)).toBeUndefined();
    expect(rowAt(page, 160)).toBeUndefined();
    expect(indexInPage(page, 'balcao-130')).toBe(130);
    expect(indexInPage(page, 'balcao-5')).toBe(-1);
    expect(indexInPage(page, null)).toBe(-1);
  });

  it('asks for no page while the rows in view are held, or past the list', () => {
    expect(pageToLoad(pageOf(0, 60), 0, 11, 2_000)).toBeNull();
    expect(pageToLoad(pageOf(100, 60), 140, 159, 2_000)).toBeNull();
    // The list is 5 rows long: rows 5… of the view do not exist.
    expect(pageToLoad(pageOf(0, 5), 0, 11, 5)).toBeNull();
    expect(pageToLoad(pageOf(0, 0), 0, 11, 0)).toBeNull();
  });

  it('asks for the page with the rows in view in its middle, inside the list', () => {
    expect(pageToLoad(pageOf(0, 60), 500, 511, 2_000)).toBe(476);
    expect(pageToLoad(pageOf(0, 60), 55, 66, 2_000)).toBe(31);
    expect(pageToLoad(pageOf(1_000, 60), 3, 14, 2_000)).toBe(0);
    expect(pageToLoad(pageOf(0, 60), 1_990, 1_999, 2_000)).toBe(1_940);
  });

  it('holds every row in view, whatever the view and the list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 40 }),
        (total, start, rows) => {
          const first = Math.min(start, total - 1);
          const last = Math.min(first + rows - 1, total - 1);
          const offset = pageOffsetAround(first, last, total);
          expect(offset).toBeGreaterThanOrEqual(0);
          expect(offset).toBeLessThanOrEqual(first);
          expect(Math.min(offset + SALE_PAGE_SIZE, total) - 1).toBeGreaterThanOrEqual(last);
        },
      ),
    );
  });
});
