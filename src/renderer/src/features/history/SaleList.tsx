// The day's sales, one row each, virtualised with @tanstack/react-virtual: only the rows in view
// (and a few either side) are in the DOM, so F2 paints a day of 1,000 sales as fast as one of 10.
// The screen holds one page of the list (history-store.ts); the rows in view are reported so their
// page is asked for, and a row whose page has not come yet is drawn blank at a row's height.
// Rows differ in height (a second line for "na fila" or the service's refusal), so each rendered
// row is measured. The selected row and the focused one stay rendered wherever the list is
// scrolled, and the selection is scrolled into view as the arrows move it.
//
// Screen readers still get a list of all the day's sales: each rendered <li> says its place in it
// (aria-posinset) and the list's length (aria-setsize).
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { Sale } from '#shared/counter/counter-api';
import { useTranslation } from 'react-i18next';
import { saoPauloFormatter } from '#shared/lib/sao-paulo-time';
import { formatTime } from '../../lib/date-time';
import { saleNumberText } from '#shared/counter/sale-number';
import { formatBRL } from '#shared/lib/money';
import {
  estimateSaleRowHeight,
  indexInPage,
  rowAt,
  SALE_ROW_HEIGHT,
  withPinnedRows,
  type SalePage,
} from '../../lib/sale-rows-window';
import { StatusChip, SyncMarks } from './StatusChip';

/** Space above the first row and below the last, inside the scrolling box (was the list's padding). */
const LIST_PADDING = 6;
/** Rows rendered beyond each edge of the view: a keypress or a wheel notch rarely shows a blank. */
const OVERSCAN = 8;

interface SaleListProps {
  /** The rows held, and the list's length. */
  page: SalePage;
  count: number;
  selectedId: string | null;
  /** The selection's place in the list (-1: none), held or not. */
  selectedIndex: number;
  language: string;
  onSelect(correlationID: string): void;
  /** The rows first…last are in view (their page may need asking for). */
  onRowsInView(first: number, last: number): void;
  /** A range of days: each row says its day above its time. */
  withDate?: boolean;
}

export function SaleList({
  page,
  count,
  selectedId,
  selectedIndex,
  language,
  onSelect,
  onRowsInView,
  withDate = false,
}: SaleListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const focusedIndex = indexInPage(page, focusedId);

  const rangeExtractor = useCallback(
    (range: Range) => withPinnedRows(defaultRangeExtractor(range), [selectedIndex, focusedIndex], range.count),
    [selectedIndex, focusedIndex],
  );
  const estimateSize = useCallback(
    (index: number) => {
      const sale = rowAt(page, index);
      return sale ? estimateSaleRowHeight(sale) : SALE_ROW_HEIGHT;
    },
    [page],
  );
  // A row keeps its DOM node when a new sale on top moves it down; a blank row is keyed by place.
  const getItemKey = useCallback((index: number) => rowAt(page, index)?.correlationID ?? `row-${index}`, [page]);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    measureElement: measureRow,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    paddingStart: LIST_PADDING,
    paddingEnd: LIST_PADDING,
    scrollPaddingStart: LIST_PADDING,
    scrollPaddingEnd: LIST_PADDING,
  });

  // The arrows move the selection (history-store's moveSelection); the list follows it. Also when
  // a search or a reload moves the selected sale to another place in the list.
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedId, selectedIndex, virtualizer]);

  // The rows to draw, computed first: the range in view is read from this computation, not the last one.
  const items = virtualizer.getVirtualItems();
  const inView = virtualizer.range;
  const first = inView?.startIndex ?? -1;
  const last = inView?.endIndex ?? -1;
  useEffect(() => {
    if (first >= 0) onRowsInView(first, last);
  }, [first, last, page, onRowsInView]);

  return (
    <div ref={scrollRef} className={`sale-rows-scroll${withDate ? ' sale-rows-scroll--dated' : ''}`}>
      <ul className="sale-rows" role="list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const sale = rowAt(page, item.index);
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={count}
              aria-posinset={item.index + 1}
              aria-busy={sale ? undefined : true}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {sale ? (
                <SaleRow
                  sale={sale}
                  selected={sale.correlationID === selectedId}
                  language={language}
                  withDate={withDate}
                  onSelect={onSelect}
                  onFocusChange={setFocusedId}
                />
              ) : (
                <div className="sale-row sale-row--blank" aria-hidden="true" />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A rendered row's height as laid out, fractions kept: a row with a second line is 58.875 px, and
 * the library's default (rounded to whole pixels) would let the rows drift apart by ⅛ px each.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined): number {
  return entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
}

interface SaleRowProps {
  sale: Sale;
  selected: boolean;
  language: string;
  withDate: boolean;
  onSelect(correlationID: string): void;
  onFocusChange(correlationID: string | null): void;
}

/** One sale: re-rendered only when it changes (a live push) or is (de)selected, not on every scroll. */
const SaleRow = memo(function SaleRow({ sale, selected, language, withDate, onSelect, onFocusChange }: SaleRowProps) {
  const { t } = useTranslation();
  const id = sale.correlationID;
  const number = saleNumberText(sale.number);
  // "Venda 0042 · Ana": the sale's number in its session and who made it, when the register knew.
  const who = [number && t('history.saleLine', { number }), sale.operatorName].filter(Boolean).join(' · ');
  const reference = sale.comment || sale.customer?.name || id;
  return (
    <button
      type="button"
      className="sale-row"
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(id)}
      onFocus={() => onFocusChange(id)}
      onBlur={() => onFocusChange(null)}
    >
      <span className="sale-row-time">
        {withDate && (
          <span className="sale-row-day">
            {saoPauloFormatter(language, { day: '2-digit', month: '2-digit' }).format(new Date(sale.createdAt))}
          </span>
        )}
        {formatTime(sale.createdAt, language)}
      </span>
      <span className="num sale-row-amount">{formatBRL(sale.value)}</span>
      <span className="sale-row-status">
        <StatusChip sale={sale} />
      </span>
      <span className="sale-row-ref">
        {/* Cut with an ellipsis in a narrow column: the whole text in the title (and in the detail). */}
        {who && (
          <span className="sale-row-who" title={who}>
            {who}
          </span>
        )}
        <span className="sale-row-ref-text" title={reference}>
          {reference}
        </span>
      </span>
      {/* Under the chip, across to the row's end: "na fila", the service's refusal. */}
      <SyncMarks sale={sale} />
    </button>
  );
});
