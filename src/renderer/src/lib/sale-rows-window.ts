// The history's list is virtualised (only the rows in view, and a few around them, are in the DOM:
// a day of 1,000 sales paints as fast as a day of 10), and so is what feeds it: the screen holds
// one page of the list (listSales answers the rows asked for), never the whole day. What the list
// needs to decide which rows those are, which page to ask for, and where to scroll, is here: pure
// and DOM-free, tested in Node.
import type { Sale } from '#shared/counter/counter-api';
import { syncMarks } from './sale-status';

/** A row of one line (time, amount, chip, reference): `.sale-row`'s min-height in history.css. */
export const SALE_ROW_HEIGHT = 52;
/** A row with a second line under the chip ("na fila", the service's refusal): 13 px × 1.3 − 2 px more. */
export const SALE_ROW_WITH_MARKS_HEIGHT = 59;

/**
 * The height a row is expected to take before it has been measured. The list measures every row
 * it renders (a long refusal, another font), so this only has to be close: it sizes the
 * scrollbar and places the rows not yet seen.
 */
export function estimateSaleRowHeight(sale: Pick<Sale, 'sync'>): number {
  const marks = syncMarks(sale);
  return marks.queued || marks.rejected ? SALE_ROW_WITH_MARKS_HEIGHT : SALE_ROW_HEIGHT;
}

/** Where a sale sits in the list, or -1 when it is not listed (or nothing is selected). */
export function indexOfSale(sales: readonly Pick<Sale, 'correlationID'>[], correlationID: string | null): number {
  if (correlationID === null) return -1;
  return sales.findIndex((sale) => sale.correlationID === correlationID);
}

/**
 * The rows to render: those in view (`range`, ascending, as the virtualiser computes them) plus
 * the pinned ones, the selected row and the one holding the keyboard focus, so that neither is
 * taken out of the DOM when it scrolls out of view (a focused button that unmounts drops the
 * focus to the page). Indexes outside 0…count−1 (-1: none) are ignored. Ascending, no repeats.
 */
export function withPinnedRows(range: readonly number[], pinned: readonly number[], count: number): number[] {
  const extra = pinned.filter(
    (index) => Number.isInteger(index) && index >= 0 && index < count && !range.includes(index),
  );
  if (extra.length === 0) return [...range];
  return [...new Set([...range, ...extra])].sort((a, b) => a - b);
}

/**
 * The rows the history holds: a page of the list, `sales` being rows offset… of it. Five screens
 * of rows at 1080 px: scrolling a little never waits, and the day's length never matters.
 */
export const SALE_PAGE_SIZE = 60;

export interface SalePage {
  offset: number;
  sales: readonly Sale[];
}

export const EMPTY_PAGE: SalePage = { offset: 0, sales: [] };

/** Row `index` of the list, when the page holds it. */
export function rowAt(page: SalePage, index: number): Sale | undefined {
  return index >= page.offset ? page.sales[index - page.offset] : undefined;
}

/** Where the sale is in the list, when the page holds it; -1 otherwise. */
export function indexInPage(page: SalePage, correlationID: string | null): number {
  const at = indexOfSale(page.sales, correlationID);
  return at === -1 ? -1 : page.offset + at;
}

/**
 * The page to ask for so rows first…last (in view) are held, or null when the page holds them
 * already. The rows in view sit in the page's middle, so a little scrolling either way stays in it.
 * `total` is the list's length: rows past its end need no page.
 */
export function pageToLoad(
  page: SalePage,
  first: number,
  last: number,
  total: number,
  size = SALE_PAGE_SIZE,
): number | null {
  const end = Math.min(last, total - 1);
  if (end < first) return null;
  if (first >= page.offset && end < page.offset + page.sales.length) return null;
  return pageOffsetAround(first, end, total, size);
}

/** The offset of a page of `size` rows with rows first…last in its middle, inside a list of `total`. */
export function pageOffsetAround(first: number, last: number, total: number, size = SALE_PAGE_SIZE): number {
  const margin = Math.max(0, Math.floor((size - (last - first + 1)) / 2));
  return Math.max(0, Math.min(first - margin, total - size));
}
