// Reads what the invariants compare: each counter's view through its bridge, and the remote's
// records straight from the remote (never through a fault proxy: the auditor's line is clean).
import { SALES_PAGE_MAX } from '#shared/counter/counter-methods';
import type { BridgeClient } from '#test/support/bridge-client';
import {
  getRemoteCharge,
  listRemoteChargeRefunds,
  listRemoteCharges,
  listRemotePaymentRefunds,
  listRemotePixQrCodes,
  listRemoteTransactions,
  type RemoteEndpoint,
  type TimeWindow,
} from '#test/support/remote-api';
import type { CounterDay, CounterView, RemoteView } from './invariants';

const saoPauloDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo calendar days (YYYY-MM-DD) from `from` to `to`, both included. */
export function saoPauloDays(from: Date, to: Date): string[] {
  const days: string[] = [];
  // Hour steps: never skips a day, whatever the offset; duplicates are dropped.
  for (let t = from.getTime(); t <= to.getTime() + 3_600_000; t += 3_600_000) {
    const day = saoPauloDate.format(Math.min(t, to.getTime()));
    if (days[days.length - 1] !== day) days.push(day);
  }
  return days;
}

export async function collectCounterView(
  name: string,
  bridge: BridgeClient,
  days: readonly string[],
): Promise<CounterView> {
  const status = await bridge.call('getStatus');
  const collected: CounterDay[] = [];
  for (const day of days) collected.push({ day, ...(await wholeDay(bridge, day)) });
  return { name, status, days: collected };
}

/** Every sale of a day and its totals: listSales answers a page at a time, so all its pages. */
export async function wholeDay(bridge: BridgeClient, day: string): Promise<Omit<CounterDay, 'day'>> {
  const first = await bridge.call('listSales', { day, limit: SALES_PAGE_MAX });
  const sales = [...first.sales];
  while (sales.length < first.total) {
    const next = await bridge.call('listSales', { day, offset: sales.length, limit: SALES_PAGE_MAX });
    if (next.sales.length === 0) break;
    sales.push(...next.sales.slice(sales.length - next.offset));
  }
  return { sales, totals: first.totals };
}

/**
 * The window's charges, a lookup of every id in `alsoLookUp` the list lacks (a deleted charge
 * answers 400; one created outside the window is found this way), the refunds of every
 * COMPLETED charge, every static QR code, the window's PAYMENT transactions, and every refund by
 * end-to-end id (offline sales' refunds).
 */
export async function collectRemoteView(
  remote: RemoteEndpoint,
  window: TimeWindow,
  alsoLookUp: Iterable<string>,
): Promise<RemoteView> {
  const charges = await listRemoteCharges(remote, window);
  const listed = new Set(charges.map((charge) => charge.correlationID));
  const lookups: RemoteView['lookups'] = {};
  for (const id of new Set(alsoLookUp)) {
    if (listed.has(id)) continue;
    lookups[id] = await getRemoteCharge(remote, id);
  }
  const refunds: RemoteView['refunds'] = {};
  const completed = [
    ...charges,
    ...Object.values(lookups).flatMap((lookup) => (lookup.charge ? [lookup.charge] : [])),
  ].filter((charge) => charge.status === 'COMPLETED');
  for (const charge of completed)
    refunds[charge.correlationID] = await listRemoteChargeRefunds(remote, charge.correlationID);
  const pixQrCodes = await listRemotePixQrCodes(remote);
  const transactions = await listRemoteTransactions(remote, window);
  const paymentRefunds = await listRemotePaymentRefunds(remote);
  return { charges, lookups, refunds, pixQrCodes, transactions, paymentRefunds };
}
