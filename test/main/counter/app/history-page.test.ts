// listSales as the history screen asks it (issue 27): a page of the list at a time, with the
// list's length and the days' totals counted in counter.db, through a real embedded runtime (its
// answers parsed with the method's output schema). A day of sales paid, refunded in part and in
// full, cancelled and left waiting; paged, searched, and the selected sale found wherever it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '#lib/clock';
import { dayTotals } from '#test/support/day-totals';
import { counterMethods, SALES_PAGE_DEFAULT, SALES_PAGE_MAX } from '#shared/counter/counter-methods';
import type { Sale } from '#shared/counter/counter-api';
import { openRuntime, type RuntimeFixture } from './runtime-fixture';

const SALES = 36;
let fixture: RuntimeFixture;
let newestFirst: string[];

beforeAll(async () => {
  const clock = new ManualClock(new Date('2026-11-22T13:00:00.000Z'));
  fixture = openRuntime({ clock });
  const h = fixture.runtime.api;
  for (let i = 0; i < SALES; i++) {
    clock.advance(60_000);
    const sale = await h.createSale({ value: 1_000 + (i % 6) * 250 });
    if (i % 6 === 5) await h.cancelSale({ correlationID: sale.correlationID });
    else if (i % 6 !== 4) {
      await h.simulatePayment({ correlationID: sale.correlationID });
      if (i % 6 === 1) await h.refundSale({ correlationID: sale.correlationID, value: 100, reason: 'Troca' });
      if (i % 6 === 2) await h.refundSale({ correlationID: sale.correlationID, value: sale.value, reason: 'Defeito' });
    }
  }
  newestFirst = (await fixture.runtime.api.listSales({ limit: SALES_PAGE_MAX })).sales.map(
    (sale) => sale.correlationID,
  );
}, 60_000);
afterAll(() => fixture?.dispose());

describe('listSales, a page at a time', () => {
  it('answers the newest sales first, the list length and the totals of every sale of the day', async () => {
    const all = await fixture.runtime.api.listSales({ limit: SALES_PAGE_MAX });
    expect(all.total).toBe(SALES);
    expect(all.sales).toHaveLength(SALES);
    const page = await fixture.runtime.api.listSales({ limit: 10 });
    expect(page).toMatchObject({ offset: 0, total: SALES, widestValue: 2_250 });
    expect(page.sales.map((sale) => sale.correlationID)).toEqual(newestFirst.slice(0, 10));
    // The totals are the day's, as dayTotals counts the sales the screens see.
    expect(page.totals).toEqual(dayTotals('2026-11-22', all.sales));
    expect(page.totals).toMatchObject({ count: SALES, paidCount: 24 });
    expect(page.totals.refundedValue).toBeGreaterThan(0);
  });

  it('gives the whole list page by page', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < SALES; offset += 8) {
      const page = await fixture.runtime.api.listSales({ offset, limit: 8 });
      seen.push(...page.sales.slice(offset - page.offset).map((sale) => sale.correlationID));
    }
    expect(seen).toEqual(newestFirst);
  });

  it('answers SALES_PAGE_DEFAULT sales when no limit is given, and refuses more than SALES_PAGE_MAX', () => {
    expect(SALES_PAGE_DEFAULT).toBeLessThanOrEqual(SALES_PAGE_MAX);
    const input = counterMethods.listSales.input;
    expect(input.safeParse({ limit: SALES_PAGE_MAX }).success).toBe(true);
    expect(input.safeParse({ limit: SALES_PAGE_MAX + 1 }).success).toBe(false);
    expect(input.safeParse({ limit: 0 }).success).toBe(false);
    expect(input.safeParse({ offset: -1 }).success).toBe(false);
    expect(input.safeParse({ offset: 1.5 }).success).toBe(false);
  });

  it('moves the page to the selected sale and says where it is', async () => {
    const selected = newestFirst[30]!;
    const page = await fixture.runtime.api.listSales({ offset: 0, limit: 10, around: selected });
    expect(page.aroundIndex).toBe(30);
    expect(page.sales.map((sale) => sale.correlationID)).toEqual(newestFirst.slice(page.offset, page.offset + 10));
    expect(page.sales.map((sale) => sale.correlationID)).toContain(selected);
    // Within the page asked for, the page stays.
    const stays = await fixture.runtime.api.listSales({ offset: 0, limit: 10, around: newestFirst[3] });
    expect(stays).toMatchObject({ offset: 0, aroundIndex: 3 });
  });

  it('searches in SQL: by amount, and by part of the id; the totals stay the day’s', async () => {
    const byAmount = await fixture.runtime.api.listSales({ search: '12,50', limit: 4 });
    expect(byAmount.total).toBe(SALES / 6);
    expect(byAmount.sales).toHaveLength(4);
    expect(byAmount.sales.every((sale: Sale) => sale.value === 1_250)).toBe(true);
    expect(byAmount.totals.count).toBe(SALES);
    const one = newestFirst[17]!;
    const byId = await fixture.runtime.api.listSales({ search: one.slice(-12).toUpperCase() });
    expect(byId.sales.map((sale) => sale.correlationID)).toEqual([one]);
    expect(byId.widestValue).toBe(byId.sales[0]!.value);
    // A selected sale the search leaves out is not listed.
    const leftOut = await fixture.runtime.api.listSales({ search: '12,50', limit: 4, around: one });
    expect(leftOut.aroundIndex).toBeUndefined();
  });

  it('lists another day, and a range with its last day, the same way', async () => {
    const yesterday = await fixture.runtime.api.listSales({ day: '2026-11-21' });
    expect(yesterday).toMatchObject({ sales: [], total: 0, offset: 0, widestValue: 0 });
    expect(yesterday.totals).toMatchObject({ day: '2026-11-21', count: 0, net: 0 });
    const range = await fixture.runtime.api.listSales({ from: '2026-11-21', to: '2026-11-22', limit: 5 });
    expect(range.totals).toMatchObject({ day: '2026-11-21', to: '2026-11-22', count: SALES });
    expect(range.sales.map((sale) => sale.correlationID)).toEqual(newestFirst.slice(0, 5));
  });
});
