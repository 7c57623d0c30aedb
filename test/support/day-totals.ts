// The days' totals as the history counted them in JavaScript before issue 27, over the sales the
// screens see: the oracle the SQL totals (src/main/counter/sync/sales/sales-history-query.ts) are held to.
import type { DayTotals, Sale } from '#shared/counter/counter-api';
import { refundedValue } from '#shared/counter/refunds-counted';

export function dayTotals(day: string, sales: readonly Sale[]): DayTotals {
  let paidCount = 0;
  let paidValue = 0;
  let refunded = 0;
  for (const sale of sales) {
    if (sale.status !== 'COMPLETED') continue;
    paidCount += 1;
    paidValue += sale.value;
    refunded += refundedValue(sale.refunds);
  }
  return { day, count: sales.length, paidCount, paidValue, refundedValue: refunded, net: paidValue - refunded };
}
