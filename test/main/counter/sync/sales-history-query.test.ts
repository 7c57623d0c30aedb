// The history's SQL (src/main/counter/sync/sales/sales-history-query.ts) against what the history computed in
// JavaScript before it (every sale of the days read, made into the screens' sales, then counted by
// dayTotals and searched by saleMatcher), on one varied counter.db: three days and the instants at
// their edges, sales of another service, every sale status, offline sales, refunds in every status
// (on paid sales and on others), queued and refused commands, and sales made at the same instant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saleMatcher } from '#counter/app/sale-search';
import { salesRange } from '#counter/app/sales-range';
import { openDatabase, type Db } from '#lib/store/database';
import { CommandOutbox } from '#counter/sync/commands/command-outbox';
import { dayTotals } from '#test/support/day-totals';
import { counterMigrations } from '#counter/sync/migrations';
import { OfflineSalesRepo } from '#counter/sync/offline/offline-sales-repo';
import { pageOffset, SalesHistoryQuery, type HistorySpan } from '#counter/sync/sales/sales-history-query';
import { saleView } from '#counter/sync/sales/sale-view';
import { SalesRepo, type RefundStatus, type SaleRow } from '#counter/sync/sales/sales-repo';
import { formatBRL } from '#shared/lib/money';
import type { Sale, SaleStatus } from '#shared/counter/counter-api';
import { refundCounts } from '#shared/counter/refunds-counted';
import { SeededRandom } from '#test/support/prng';

const SERVICE = 'embedded';
const OTHER_SERVICE = 'remote:other';
const DAYS = ['2026-11-21', '2026-11-22', '2026-11-23'] as const;
const SALE_STATUSES: SaleStatus[] = ['PENDING', 'ACTIVE', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'];
const REFUND_STATUSES: RefundStatus[] = ['QUEUED', 'IN_PROCESSING', 'CONFIRMED', 'REJECTED'];

let db: Db;
let query: SalesHistoryQuery;

beforeAll(() => {
  db = openDatabase(':memory:', counterMigrations);
  query = new SalesHistoryQuery(db);
  seedVariedDays(db, new SeededRandom(27));
});
afterAll(() => db.close());

/** The days' sales as listSales made them before: every sale read, viewed, newest first. */
function salesTheOldWay(span: HistorySpan): Sale[] {
  const repo = new SalesRepo(db);
  const refunds = repo.refundsOfSalesBetween(span.serviceId, span.start, span.end);
  const facts = new CommandOutbox(db).syncFactsBetween(span.serviceId, span.start, span.end);
  const offline = new OfflineSalesRepo(db).ofSalesBetween(span.serviceId, span.start, span.end);
  return repo
    .salesBetween(span.serviceId, span.start, span.end)
    .map((row) =>
      saleView(
        row,
        refunds.get(row.correlation_id) ?? [],
        facts.get(row.correlation_id) ?? { queued: 0 },
        offline.get(row.correlation_id),
      ),
    );
}

function spanOf(selection: { day?: string; from?: string; to?: string }, serviceId = SERVICE): HistorySpan {
  const range = salesRange(selection, new Date('2026-11-23T15:00:00.000Z'));
  return { serviceId, start: range.start, end: range.end };
}

const SELECTIONS = [
  { day: DAYS[0] },
  { day: DAYS[1] },
  { day: DAYS[2] },
  { from: DAYS[0], to: DAYS[2] },
  { day: '2026-11-25' }, // no sales at all
];

describe('the days totals in SQL', () => {
  it.each(SELECTIONS)('equal the JavaScript totals over every sale (%o)', (selection) => {
    const span = spanOf(selection);
    const sales = salesTheOldWay(span);
    const { day: _day, net, ...expected } = dayTotals('any', sales);
    const totals = query.totals(span);
    expect(totals).toEqual(expected);
    expect(totals.paidValue - totals.refundedValue).toBe(net);
  });

  it('the varied day has what the comparison needs', () => {
    const sales = salesTheOldWay(spanOf({ from: DAYS[0], to: DAYS[2] }));
    const statuses = new Set(sales.map((sale) => sale.status));
    for (const status of [...SALE_STATUSES.filter((s) => s !== 'ACTIVE'), 'OFFLINE'])
      expect(statuses).toContain(status);
    const paid = sales.filter((sale) => sale.status === 'COMPLETED');
    for (const status of REFUND_STATUSES)
      expect(paid.some((sale) => sale.refunds.some((refund) => refund.status === status))).toBe(true);
    // Refunds of sales that are not paid (in the data, whatever the screens allow) never count.
    expect(sales.some((sale) => sale.status !== 'COMPLETED' && sale.refunds.length > 0)).toBe(true);
    expect(paid.some((sale) => sale.offline !== undefined)).toBe(true);
    expect(sales.some((sale) => sale.sync.queued > 0)).toBe(true);
    expect(sales.some((sale) => sale.sync.rejected !== undefined)).toBe(true);
    // Another service's sales on the same days are not this till's.
    expect(query.totals(spanOf({ day: DAYS[1] }, OTHER_SERVICE)).count).toBeGreaterThan(0);
  });

  it.each(REFUND_STATUSES)('counts a %s refund exactly as refundCounts does', (status) => {
    const single = openDatabase(':memory:', counterMigrations);
    try {
      const repo = new SalesRepo(single);
      repo.ensureService(SERVICE, 'sandbox');
      repo.insertSale(saleRow('balcao-paid', 2_000, 'COMPLETED', '2026-11-22T15:00:00.000Z'));
      repo.insertRefund(refundRow('balcao-refund', 'balcao-paid', 750, status, '2026-11-22T15:01:00.000Z'));
      const totals = new SalesHistoryQuery(single).totals(spanOf({ day: DAYS[1] }));
      expect(totals.refundedValue).toBe(refundCounts({ status }) ? 750 : 0);
    } finally {
      single.close();
    }
  });
});

describe('the list in pages', () => {
  const SEARCHES = ['', 'balcao-1', 'BALCAO-A', 'ca0', 'nothing-like-it', '12,34', 'R$ 12,34', '15', '0,99'];

  it.each(SEARCHES)('lists what saleMatcher keeps, in the same order, for the search "%s"', (search) => {
    for (const selection of SELECTIONS) {
      const span = spanOf(selection);
      const expected = salesTheOldWay(span).filter(saleMatcher(search));
      const page = query.page(span, { search, offset: 0, limit: 10_000 });
      expect(page.ids).toEqual(expected.map((sale) => sale.correlationID));
      expect(page.total).toBe(expected.length);
      expect(page.widestValue).toBe(Math.max(0, ...expected.map((sale) => sale.value)));
    }
  });

  it('finds something for the searches that should (the data has them)', () => {
    const span = spanOf({ from: DAYS[0], to: DAYS[2] });
    for (const search of ['balcao-1', 'BALCAO-A', '12,34', '15'])
      expect(query.page(span, { search, offset: 0, limit: 1 }).total).toBeGreaterThan(0);
  });

  it('gives the whole list page by page, ties in insert order included', () => {
    const span = spanOf({ from: DAYS[0], to: DAYS[2] });
    const whole = salesTheOldWay(span).map((sale) => sale.correlationID);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 7) {
      const page = query.page(span, { offset, limit: 7 });
      expect(page.offset).toBe(Math.min(offset, whole.length - 7));
      paged.push(...page.ids.slice(offset - page.offset));
    }
    expect(paged).toEqual(whole);
  });

  it('says where the selected sale is and moves the page to hold it', () => {
    const span = spanOf({ from: DAYS[0], to: DAYS[2] });
    const whole = salesTheOldWay(span).map((sale) => sale.correlationID);
    for (const index of [0, 5, 40, whole.length - 1]) {
      const page = query.page(span, { offset: 0, limit: 20, around: whole[index] });
      expect(page.aroundIndex).toBe(index);
      expect(page.ids).toContain(whole[index]);
      expect(page.ids).toEqual(whole.slice(page.offset, page.offset + 20));
    }
    // A sale the search leaves out, or another day's, is not listed: the page stays where asked.
    const otherDay = salesTheOldWay(spanOf({ day: DAYS[0] }))[0]!.correlationID;
    const today = query.page(spanOf({ day: DAYS[1] }), { offset: 0, limit: 5, around: otherDay });
    expect(today.aroundIndex).toBeUndefined();
    expect(today.offset).toBe(0);
  });

  it('reads a search by amount as the screen does (whole numbers are reais)', () => {
    const span = spanOf({ from: DAYS[0], to: DAYS[2] });
    const page = query.page(span, { search: '15', offset: 0, limit: 1_000 });
    for (const id of page.ids) expect(saleValue(id) === 1_500 || id.includes('15')).toBe(true);
    expect(page.ids.some((id) => saleValue(id) === 1_500 && !id.includes('15'))).toBe(true);
  });

  it('finds the sales shown as R$ 12,34 when "12,34" is searched', () => {
    const span = spanOf({ from: DAYS[0], to: DAYS[2] });
    const page = query.page(span, { search: '12,34', offset: 0, limit: 100 });
    expect(page.total).toBeGreaterThan(0);
    for (const id of page.ids) expect(formatBRL(saleValue(id))).toMatch(/12,34$/);
  });
});

describe('pageOffset', () => {
  it('keeps the page asked for when it holds the selection', () => {
    expect(pageOffset(20, 10, 100, 25)).toBe(20);
    expect(pageOffset(20, 10, 100)).toBe(20);
  });

  it('moves back inside a list that got shorter', () => {
    expect(pageOffset(95, 10, 100)).toBe(90);
    expect(pageOffset(50, 10, 5)).toBe(0);
  });

  it('moves to the selection, a third from the top, within the list', () => {
    expect(pageOffset(0, 30, 1_000, 500)).toBe(490);
    expect(pageOffset(600, 30, 1_000, 5)).toBe(0);
    expect(pageOffset(0, 30, 1_000, 999)).toBe(970);
  });
});

function saleValue(id: string): number {
  return (db.prepare('SELECT value FROM sales WHERE correlation_id = ?').get(id) as { value: number }).value;
}

function saleRow(correlationID: string, value: number, status: SaleStatus, createdAt: string, service = SERVICE) {
  return {
    correlation_id: correlationID,
    service_id: service,
    value,
    comment: null,
    customer_json: null,
    expires_in: 900,
    created_at: createdAt,
    status,
    charge_json: null,
    payment_json: null,
    rejected_reason: status === 'REJECTED' ? 'O serviço Pix recusou' : null,
    updated_at: createdAt,
  } satisfies SaleRow;
}

function refundRow(correlationID: string, saleId: string, value: number, status: RefundStatus, at: string) {
  return {
    correlation_id: correlationID,
    sale_id: saleId,
    value,
    comment: 'Troca',
    created_at: at,
    status,
    refund_json: null,
    rejected_reason: status === 'REJECTED' ? 'Saldo insuficiente' : null,
    updated_at: at,
  };
}

/**
 * Three days of sales with everything the history shows: the first and last instants of each
 * São Paulo day (03:00Z to 02:59:59.999Z), several sales at one instant, amounts that repeat (the
 * search by amount finds several), ids with digits and letters (the search by id).
 */
function seedVariedDays(target: Db, random: SeededRandom): void {
  const repo = new SalesRepo(target);
  const outbox = new CommandOutbox(target);
  const offline = new OfflineSalesRepo(target);
  repo.ensureService(SERVICE, 'sandbox');
  repo.ensureService(OTHER_SERVICE, 'remote');
  const instants: string[] = [];
  for (const day of [...DAYS, '2026-11-24']) {
    const { start, end } = salesRange({ day }, new Date());
    instants.push(start, end, new Date(Date.parse(end) + 1).toISOString());
    for (let i = 0; i < 60; i++) {
      instants.push(new Date(Date.parse(start) + random.int(0, 86_399_999)).toISOString());
    }
  }
  // Several sales at exactly the same instant: the list orders them by insertion.
  const tie = '2026-11-22T18:00:00.000Z';
  instants.push(tie, tie, tie, tie);
  const amounts = [1_234, 1_500, 99, 100_000, 15, 7_777];
  let refundSeq = 0;
  target.transaction(() => {
    instants.forEach((at, n) => {
      const id = `balcao-${n.toString(36)}${random.pick(['a', 'b', 'c', '1', '0'])}-${random.int(0, 99_999)}`;
      const service = random.chance(0.1) ? OTHER_SERVICE : SERVICE;
      const status = random.pick(SALE_STATUSES);
      const value = random.chance(0.4) ? random.pick(amounts) : random.int(1, 200_000);
      repo.insertSale(saleRow(id, value, status, at, service));
      if (random.chance(0.25) && (status === 'ACTIVE' || status === 'COMPLETED' || status === 'CANCELLED')) {
        offline.insert({
          sale_id: id,
          service_id: service,
          txid: `tx${n}`,
          br_code: `000201offline${n}`,
          pix_key: 'loja@example.com',
          created_at: at,
          expires_at: at,
          window_end: at,
          state: status === 'COMPLETED' ? 'CONFIRMED' : 'AWAITING',
          matched_by: status === 'COMPLETED' ? 'txid' : null,
          review_json: null,
          decision: null,
          decided_at: null,
          customer_receipt_at: null,
          registered: 1,
          dynamic_withdrawn: 0,
          updated_at: at,
        });
      }
      const refunds = status === 'COMPLETED' ? random.int(0, 3) : random.chance(0.1) ? 1 : 0;
      for (let r = 0; r < refunds; r++) {
        const refundStatus = random.pick(REFUND_STATUSES);
        const refundId = `balcao-devolucao-${refundSeq++}`;
        repo.insertRefund(refundRow(refundId, id, random.int(1, Math.max(1, value >> 2)), refundStatus, at));
      }
      if (random.chance(0.3)) {
        outbox.add({ serviceId: service, saleId: id, kind: 'create', idempotencyKey: id, at });
        if (random.chance(0.4)) {
          target.prepare("UPDATE commands SET state = 'rejected', last_error = 'recusado' WHERE sale_id = ?").run(id);
        }
      }
    });
  })();
}
