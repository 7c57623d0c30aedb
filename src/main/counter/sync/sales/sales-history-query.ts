// The history's questions to counter.db, answered in SQL so that opening the history costs the
// same on a day of 20 sales as on a day of 2,000 (issue 27): the rows in view (a page of the
// list, newest first), how many sales the list has, where a given sale sits in it, and the
// days' totals. Only ids come back for the page; the handler turns them into the screens' sales.
// The search is the one the screen describes (src/shared/counter/amount-search.ts): part of the
// correlationID, or an amount.
import { parseAmountSearch } from '#shared/counter/amount-search';
import type { Db } from '#lib/store/database';

/** The instants a history request covers: [start, end), as the sales_by_day index is asked. */
export interface HistorySpan {
  serviceId: string;
  start: string;
  end: string;
}

export interface HistoryPageRequest {
  search?: string;
  /** Where the page starts in the list (0: the newest sale). */
  offset: number;
  limit: number;
  /**
   * A sale the screen wants in the page (the cashier's selection): when it is listed outside the
   * requested page, the page is moved to hold it, and its place in the list is answered.
   */
  around?: string;
}

export interface HistoryPage {
  /** The page's sales, newest first. */
  ids: string[];
  offset: number;
  /** How many sales the list has (those the search finds, or all the days' sales). */
  total: number;
  /** The largest value in the list (0 when empty): the screen sizes its amount column by it. */
  widestValue: number;
  /** The `around` sale's place in the list, when it is listed. */
  aroundIndex?: number;
}

/** The days' totals over every sale of the span, whatever the search. */
export interface HistoryTotals {
  count: number;
  paidCount: number;
  paidValue: number;
  refundedValue: number;
}

/**
 * Which refunds count against a sale's money, as src/shared/counter/refunds-counted.ts (refundCounts)
 * says it for the screens: every refund but one the service refused. The tests hold the two to
 * the same answer for every refund status.
 */
export const REFUND_COUNTS_SQL = `r.status <> 'REJECTED'`;

/** Sales of the span that the search finds (`alias` is the sales table's name in the query). */
function listed(alias: string): string {
  return `${alias}.service_id = @serviceId AND ${alias}.created_at >= @start AND ${alias}.created_at < @end
    AND (@needle IS NULL OR instr(lower(${alias}.correlation_id), @needle) > 0 OR ${alias}.value = @cents)`;
}

/** The list's order (newest first; the insert order breaks ties), as the sales_by_day index reads it backwards. */
const NEWEST_FIRST = 'ORDER BY s.created_at DESC, s.rowid DESC';

interface SearchParams extends HistorySpan {
  needle: string | null;
  cents: number | null;
}

export class SalesHistoryQuery {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      page: db.prepare<[SearchParams & { limit: number; offset: number }], { id: string }>(
        `SELECT s.correlation_id AS id FROM sales s WHERE ${listed('s')} ${NEWEST_FIRST} LIMIT @limit OFFSET @offset`,
      ),
      size: db.prepare<[SearchParams], { total: number; widest: number }>(
        `SELECT COUNT(*) AS total, COALESCE(MAX(s.value), 0) AS widest FROM sales s WHERE ${listed('s')}`,
      ),
      // The sales listed before it: newer, or as new and inserted later.
      position: db.prepare<[SearchParams & { around: string }], { position: number }>(
        `SELECT (SELECT COUNT(*) FROM sales s WHERE ${listed('s')}
             AND (s.created_at > a.created_at OR (s.created_at = a.created_at AND s.rowid > a.rowid))) AS position
         FROM sales a WHERE a.correlation_id = @around AND ${listed('a')}`,
      ),
      totals: db.prepare<[HistorySpan], HistoryTotals>(
        `SELECT COUNT(*) AS count,
           COALESCE(SUM(s.status = 'COMPLETED'), 0) AS paidCount,
           COALESCE(SUM(CASE WHEN s.status = 'COMPLETED' THEN s.value ELSE 0 END), 0) AS paidValue,
           COALESCE((SELECT SUM(r.value) FROM refunds r JOIN sales p ON p.correlation_id = r.sale_id
             WHERE p.service_id = @serviceId AND p.created_at >= @start AND p.created_at < @end
               AND p.status = 'COMPLETED' AND ${REFUND_COUNTS_SQL}), 0) AS refundedValue
         FROM sales s WHERE s.service_id = @serviceId AND s.created_at >= @start AND s.created_at < @end`,
      ),
    };
  }

  /** One page of the list, its length, and the selected sale's place in it. */
  page(span: HistorySpan, request: HistoryPageRequest): HistoryPage {
    const params = searchParams(span, request.search);
    const { total, widest } = this.statements.size.get(params)!;
    const aroundIndex =
      request.around === undefined
        ? undefined
        : this.statements.position.get({ ...params, around: request.around })?.position;
    const offset = pageOffset(request.offset, request.limit, total, aroundIndex);
    const ids = this.statements.page.all({ ...params, limit: request.limit, offset }).map((row) => row.id);
    return { ids, offset, total, widestValue: widest, ...(aroundIndex === undefined ? {} : { aroundIndex }) };
  }

  totals(span: HistorySpan): HistoryTotals {
    return this.statements.totals.get(span)!;
  }

  /**
   * A page and the span's totals in one read transaction, so they describe the same moment;
   * `build` turns them into the answer inside it (reading the page's sales in the same snapshot).
   */
  read<T>(span: HistorySpan, request: HistoryPageRequest, build: (page: HistoryPage, totals: HistoryTotals) => T): T {
    return this.db.transaction(() => build(this.page(span, request), this.totals(span)))();
  }
}

function searchParams(span: HistorySpan, search: string | undefined): SearchParams {
  const text = search?.trim() ?? '';
  if (!text) return { ...span, needle: null, cents: null };
  return { ...span, needle: text.toLowerCase(), cents: parseAmountSearch(text) };
}

/**
 * Where the page starts: where it was asked, moved back inside the list when the list got
 * shorter, and moved to hold the selected sale (about a third from its top, so the arrows have
 * rows on both sides) when that sale is listed outside it.
 */
export function pageOffset(requested: number, limit: number, total: number, aroundIndex?: number): number {
  const last = Math.max(0, total - limit);
  let offset = Math.min(requested, last);
  if (aroundIndex !== undefined && (aroundIndex < offset || aroundIndex >= offset + limit)) {
    offset = Math.min(Math.max(0, aroundIndex - Math.floor(limit / 3)), last);
  }
  return offset;
}
