// Which incoming Pix pays which offline sale (issue 10), decided by a pure function.
//
// Offline, each sale gets a static BR Code made at the counter: the shop's key, the amount and a
// txid of its own. Back online, the counter reads the Pix that came in during the offline sales'
// windows and asks this module which payment is which sale's. ZERO FALSE MATCHES IS THE RULE: a
// sale is marked paid only when nothing else could explain the money; every doubt is a review item
// for a person, and money that is the counter's is never silently dropped.
//
// THE CONTRACT
//
// Times. Sales carry the counter's clock, transactions the service's; they may disagree by up to
// `clockSkewMs`. A sale's window for its payments is [createdAt − skew, windowEnd + skew] (the
// caller's windowEnd already holds the code's lifetime and its grace). A sale is *closed* once
// `now` ≥ windowEnd + 2·skew + `settleDelayMs`: by then every payment that could fall in its
// window has happened (the last one by the service's clock at windowEnd + skew, that is at most
// windowEnd + 2·skew by ours) and has had `settleDelayMs` to show up in the service's list, and no
// sale still to come can open a window over any of them.
//
// Inputs. Every offline sale of the period, also those cancelled or settled by an earlier run:
// each can own a txid-less Pix (rule 2), so leaving one out could hand its money to a neighbour.
// The transactions are the Pix in (payments, not refunds) seen over the sales' windows.
//
// Txids. A transaction whose txid is absent, empty or "***" (the BR Code's "no txid") has none:
// its payer's bank dropped it. Txids are unique per code, so a txid names one code and nothing
// else.
//
// 1. By txid. A transaction whose txid is an offline sale's is that sale's money, whatever else
//    is true. For an OPEN sale, its *paying* transaction is the earliest (by time, then id) of
//    those with the exact value and a time no later than windowEnd + skew (a time before
//    createdAt is only a clock matter: no one pays a code before it exists):
//    - a paying transaction → matched by txid, at once (even while its window is still open);
//      every other transaction with its txid is extra money: review DOUBLE_PAID, saleMatched.
//      Two exact payments both belong to the sale, so calling the earlier one its payment is no
//      guess; the sale is paid, and the other is the owner's to return;
//    - none, one transaction → review (at once too): UNDERPAID (less), OVERPAID (more) or LATE (exact, after
//      the window). LATE is not a confirmation: when the window ended the counter had shown the
//      sale as unpaid, and the cashier may have let the customer go, taken the money another way,
//      or sold again; whether to keep or return this money is the owner's call;
//    - none, two or more → review DOUBLE_PAID (several Pix for one code, none of them a plain
//      payment: a split payment, a retry after an underpayment, …).
//    A CANCELLED sale is never matched: any transaction with its txid is review CANCELLED_PAID.
// 2. By value, where the payer's bank dropped the txid. A transaction without txid *fits* a sale
//    when their values are equal and its time is inside the sale's window. Every sale counts here,
//    also those decided by txid and the cancelled ones: each could be the owner of a second
//    payment, and leaving it out could hand its money to another sale. Sales and transactions
//    linked by fits form groups; a group is judged only when all its sales are closed (until
//    then its OPEN undecided sales are pending and its transactions wait: what still arrives can
//    only make it larger, never smaller):
//    - exactly one sale and one transaction, the sale OPEN and without txid money → matched by
//      value (the bijection: neither side has any other candidate), when no other offline sale
//      of the account can be unknown yet (`byValue`: 'wait' keeps the sale pending, 'no' makes
//      it AMBIGUOUS, for a person);
//    - one sale, several transactions, the sale OPEN and without txid money → AMBIGUOUS (a
//      double payment, or someone else's Pix of the same value: no way to tell);
//    - one sale that is decided by txid → DOUBLE_PAID (a second payment of its value in its
//      window; saleMatched when the txid paid it); a cancelled one → CANCELLED_PAID;
//    - several sales → one AMBIGUOUS item naming them all (possibleSales) and the transactions.
//    One item per group keeps the output linear even when many sales and many Pix of one value
//    all overlap, where naming each sale's candidates would be O(n·m).
// 3. An OPEN sale with neither txid money nor a fitting transaction is pending until it is
//    closed, then review NO_PAYMENT.
// 4. Not ours, ignored (never assigned, never reported):
//    - a transaction whose txid names no offline sale: the shop's online charges and static
//      codes carry their own txids, and reporting them would bury the real doubts (UNKNOWN_TXID is
//      therefore not a reason);
//    - a transaction without txid that fits no sale (outside every window of its value): a wrong
//      amount without txid cannot be tied to any sale; the sale it may belong to shows as
//      NO_PAYMENT, which a person checks anyway.
//
// Output. Every OPEN sale is in exactly one of: `matched`; `pending`; under review (named by an
// item, as its correlationID or in possibleSales). An item's `saleMatched` says its sale is in
// `matched` and the item is only about money beyond its payment. A CANCELLED sale is never
// matched nor pending; it is named by an item only when money came for it. Each transaction is
// matched at most once, and a matched one is in no item. Every list is in a canonical order, so
// the result does not depend on the order of the inputs.
//
// Cost, for n sales and m transactions: hash maps by txid and by value, O(n + m) expected; within
// each value, one sort of its k sales and one of its l txid-less Pix, then one sweep
// (window-components.ts): O(k log k + l log l) worst case per value; the canonical order of the
// output is one more sort, O((n + m) log(n + m)). Never a sale against every Pix: O(n·m) is what
// the per-group review items (rule 2) and the sweep are there to avoid.
// Over 300 lines because the matcher is one pure decision (zero false matches) whose cases (txid,
// linked code, value with every other till known, the owner) must be read together; it has no I/O.

import { windowComponents } from './window-components';

export type OfflineSaleState = 'OPEN' | 'CANCELLED';

export interface OfflineSale {
  correlationID: string;
  /** The txid in the sale's BR Code: 1 to 25 letters or digits, unique per sale. */
  txid: string;
  /** Integer cents. */
  value: number;
  /** ISO time, counter's clock. */
  createdAt: string;
  /** ISO time, counter's clock: the end of its payment window (lifetime + grace). */
  windowEnd: string;
  state: OfflineSaleState;
}

/** A Pix in, as the service lists it. */
export interface IncomingPix {
  id: string;
  endToEndId: string;
  /** Integer cents. */
  value: number;
  /** ISO time, service's clock. */
  time: string;
  /** Absent (or "***") when the payer's bank dropped it. */
  txid?: string;
}

export interface MatchOptions {
  /** ISO time, counter's clock: what is still inside its window. */
  now: string;
  /** How far the service's clock may be from the counter's. */
  clockSkewMs: number;
  /** How long after a payment the service's transaction list is taken as complete. */
  settleDelayMs: number;
  /**
   * Whether the one Pix without txid of a one-sale group (at this time, service's clock, ms) may be
   * taken for that sale by its value: 'yes'; 'wait' while another counter of the account may still
   * have an offline sale it fits that is not known yet (the sale stays pending); 'no' when that
   * cannot be known (the group goes to a person as AMBIGUOUS). Default: always 'yes'.
   */
  byValue?: (atMs: number) => 'yes' | 'wait' | 'no';
}

export interface OfflineMatch {
  correlationID: string;
  transactionId: string;
  by: 'txid' | 'value';
}

export type ReviewReason =
  'AMBIGUOUS' | 'UNDERPAID' | 'OVERPAID' | 'DOUBLE_PAID' | 'NO_PAYMENT' | 'LATE' | 'CANCELLED_PAID';

export interface ReviewItem {
  reason: ReviewReason;
  /** The sale in question; absent when several sales could own the transactions. */
  correlationID?: string;
  /** AMBIGUOUS: every sale that could own these transactions (sorted). */
  possibleSales?: string[];
  /** By time, then id; empty for NO_PAYMENT. */
  transactionIds: string[];
  /** The sale is in `matched`: this item is only about money beyond its payment. */
  saleMatched: boolean;
}

export interface OfflineReconciliation {
  matched: OfflineMatch[];
  review: ReviewItem[];
  pending: string[];
}

const NO_TXID = '***';
const TXID_SHAPE = /^[A-Za-z0-9]{1,25}$/;

interface SaleFacts {
  sale: OfflineSale;
  /** The window in the service's clock: the sale's, widened by the skew on both sides. */
  windowStart: number;
  windowEnd: number;
  closedAt: number;
  /** What the txid rule made of it; 'open' = OPEN and no txid money: the value rule decides. */
  byTxid: 'open' | 'matched' | 'review' | 'cancelled';
}

interface PixFacts {
  pix: IncomingPix;
  at: number;
}

interface Clock {
  now: number;
  skew: number;
  settle: number;
}

export function matchOfflinePayments(
  sales: readonly OfflineSale[],
  transactions: readonly IncomingPix[],
  options: MatchOptions,
): OfflineReconciliation {
  const clock = readClock(options);
  const facts = sales.map((sale) => saleFacts(sale, clock));
  const saleByTxid = indexByTxid(facts);
  const { txidMoney, withoutTxid } = splitByTxid(transactions, saleByTxid);
  const result = new ResultBuilder();
  for (const sale of facts) sale.byTxid = judgeByTxid(sale, txidMoney.get(sale) ?? [], result);
  judgeByValue(facts, withoutTxid, clock.now, options.byValue ?? (() => 'yes'), result);
  return result.canonical();
}

// --- inputs ---------------------------------------------------------------------------------

function readClock(options: MatchOptions): Clock {
  const skew = nonNegative(options.clockSkewMs, 'clockSkewMs');
  const settle = nonNegative(options.settleDelayMs, 'settleDelayMs');
  return { now: instant(options.now, 'now'), skew, settle };
}

function saleFacts(sale: OfflineSale, clock: Clock): SaleFacts {
  if (!TXID_SHAPE.test(sale.txid))
    throw new Error(`offline sale ${sale.correlationID}: txid must be 1 to 25 letters or digits`);
  cents(sale.value, `offline sale ${sale.correlationID} value`);
  const createdAt = instant(sale.createdAt, `offline sale ${sale.correlationID} createdAt`);
  const windowEnd = instant(sale.windowEnd, `offline sale ${sale.correlationID} windowEnd`);
  return {
    sale,
    windowStart: createdAt - clock.skew,
    windowEnd: windowEnd + clock.skew,
    closedAt: windowEnd + 2 * clock.skew + clock.settle,
    byTxid: sale.state === 'CANCELLED' ? 'cancelled' : 'open',
  };
}

/** Txids are unique per sale (two sales with one txid would make its money anybody's), and so are ids. */
function indexByTxid(facts: readonly SaleFacts[]): Map<string, SaleFacts> {
  const byTxid = new Map<string, SaleFacts>();
  const ids = new Set<string>();
  for (const sale of facts) {
    if (byTxid.has(sale.sale.txid)) throw new Error(`two offline sales share the txid ${sale.sale.txid}`);
    if (ids.has(sale.sale.correlationID)) throw new Error(`offline sale ${sale.sale.correlationID} is listed twice`);
    byTxid.set(sale.sale.txid, sale);
    ids.add(sale.sale.correlationID);
  }
  return byTxid;
}

/** Txid money by sale; txid-less money for the value rule; any other txid is not ours (rule 4). */
function splitByTxid(
  transactions: readonly IncomingPix[],
  saleByTxid: ReadonlyMap<string, SaleFacts>,
): { txidMoney: Map<SaleFacts, PixFacts[]>; withoutTxid: PixFacts[] } {
  const seen = new Set<string>();
  const txidMoney = new Map<SaleFacts, PixFacts[]>();
  const withoutTxid: PixFacts[] = [];
  for (const pix of transactions) {
    if (seen.has(pix.id)) throw new Error(`transaction ${pix.id} is listed twice`);
    seen.add(pix.id);
    cents(pix.value, `transaction ${pix.id} value`);
    const facts = { pix, at: instant(pix.time, `transaction ${pix.id} time`) };
    if (!hasTxid(pix)) {
      withoutTxid.push(facts);
      continue;
    }
    const sale = saleByTxid.get(pix.txid);
    if (!sale) continue;
    const money = txidMoney.get(sale);
    if (money) money.push(facts);
    else txidMoney.set(sale, [facts]);
  }
  return { txidMoney, withoutTxid };
}

function hasTxid(pix: IncomingPix): pix is IncomingPix & { txid: string } {
  return pix.txid !== undefined && pix.txid !== '' && pix.txid !== NO_TXID;
}

// --- rule 1: by txid --------------------------------------------------------------------------

/** Records what the sale's txid money says; returns what the value rule must know of it. */
function judgeByTxid(sale: SaleFacts, money: PixFacts[], result: ResultBuilder): SaleFacts['byTxid'] {
  if (money.length === 0) return sale.byTxid;
  const ordered = money.sort(byTimeThenId);
  if (sale.byTxid === 'cancelled') {
    result.review('CANCELLED_PAID', sale, ordered, false);
    return 'cancelled';
  }
  // Only lateness counts, not earliness: a time before the code existed is the clocks' doing.
  const paying = ordered.find((pix) => pix.pix.value === sale.sale.value && pix.at <= sale.windowEnd);
  if (!paying) {
    result.review(unpaidTxidReason(sale, ordered), sale, ordered, false);
    return 'review';
  }
  result.match(sale, paying, 'txid');
  const extra = ordered.filter((pix) => pix !== paying);
  if (extra.length > 0) result.review('DOUBLE_PAID', sale, extra, true);
  return 'matched';
}

/** Why txid money did not pay the sale, when none of it is a plain payment. */
function unpaidTxidReason(sale: SaleFacts, money: readonly PixFacts[]): ReviewReason {
  if (money.length > 1) return 'DOUBLE_PAID';
  const value = money[0]!.pix.value;
  if (value < sale.sale.value) return 'UNDERPAID';
  if (value > sale.sale.value) return 'OVERPAID';
  return 'LATE';
}

// --- rules 2 and 3: by value, or nothing ------------------------------------------------------

interface FitGroup {
  sales: SaleFacts[];
  money: PixFacts[];
}

type ValueGate = (atMs: number) => 'yes' | 'wait' | 'no';

function judgeByValue(
  facts: readonly SaleFacts[],
  withoutTxid: readonly PixFacts[],
  now: number,
  byValue: ValueGate,
  result: ResultBuilder,
): void {
  const salesByValue = groupBy(facts, (sale) => sale.sale.value);
  const moneyByValue = groupBy(withoutTxid, (pix) => pix.pix.value);
  for (const [value, sales] of salesByValue) {
    const { groups, loneSales } = fitGroups(sales, moneyByValue.get(value) ?? []);
    for (const sale of loneSales) judgeLoneSale(sale, now, result);
    for (const group of groups) judgeGroup(group, now, byValue, result);
  }
}

/** The value's sales and txid-less Pix linked by "inside the window", as groups. */
function fitGroups(
  sales: readonly SaleFacts[],
  money: readonly PixFacts[],
): { groups: FitGroup[]; loneSales: SaleFacts[] } {
  const windows = sales.map((sale) => ({ start: sale.windowStart, end: sale.windowEnd }));
  const { groupOfInstant, groupOfWindow, groupCount } = windowComponents(
    windows,
    money.map((pix) => pix.at),
  );
  const groups = Array.from({ length: groupCount }, (): FitGroup => ({ sales: [], money: [] }));
  const loneSales: SaleFacts[] = [];
  sales.forEach((sale, index) => {
    const group = groupOfWindow[index]!;
    if (group < 0) loneSales.push(sale);
    else groups[group]!.sales.push(sale);
  });
  // Pix that no window of its value contains are not ours to judge (rule 4).
  money.forEach((pix, index) => {
    const group = groupOfInstant[index]!;
    if (group >= 0) groups[group]!.money.push(pix);
  });
  return { groups, loneSales };
}

/** A sale no txid-less Pix of its value fits: only its state and the txid rule speak for it. */
function judgeLoneSale(sale: SaleFacts, now: number, result: ResultBuilder): void {
  if (sale.byTxid !== 'open') return;
  if (now < sale.closedAt) result.pending(sale);
  else result.review('NO_PAYMENT', sale, [], false);
}

function judgeGroup(group: FitGroup, now: number, byValue: ValueGate, result: ResultBuilder): void {
  if (group.sales.some((sale) => now < sale.closedAt)) {
    // Still growing: a later Pix may join it. Its undecided sales wait; its Pix wait with them.
    for (const sale of group.sales) if (sale.byTxid === 'open') result.pending(sale);
    return;
  }
  if (group.sales.length > 1) {
    result.ambiguous(group.sales, group.money);
    return;
  }
  judgeOneSaleGroup(group.sales[0]!, group.money, byValue, result);
}

function judgeOneSaleGroup(sale: SaleFacts, money: PixFacts[], byValue: ValueGate, result: ResultBuilder): void {
  switch (sale.byTxid) {
    case 'open': {
      const verdict = money.length === 1 ? byValue(money[0]!.at) : 'no';
      if (verdict === 'yes') result.match(sale, money[0]!, 'value');
      else if (verdict === 'wait') result.pending(sale);
      else result.ambiguous([sale], money);
      return;
    }
    case 'cancelled':
      result.review('CANCELLED_PAID', sale, money, false);
      return;
    case 'matched':
    case 'review':
      result.review('DOUBLE_PAID', sale, money, sale.byTxid === 'matched');
      return;
  }
}

// --- output -----------------------------------------------------------------------------------

class ResultBuilder {
  private readonly matched: OfflineMatch[] = [];
  private readonly items: ReviewItem[] = [];
  private readonly waiting: string[] = [];

  match(sale: SaleFacts, pix: PixFacts, by: OfflineMatch['by']): void {
    this.matched.push({ correlationID: sale.sale.correlationID, transactionId: pix.pix.id, by });
  }

  review(reason: ReviewReason, sale: SaleFacts, money: PixFacts[], saleMatched: boolean): void {
    this.items.push({ reason, correlationID: sale.sale.correlationID, transactionIds: idsByTime(money), saleMatched });
  }

  ambiguous(sales: readonly SaleFacts[], money: PixFacts[]): void {
    const possibleSales = sales.map((sale) => sale.sale.correlationID).sort(compareText);
    const item: ReviewItem = {
      reason: 'AMBIGUOUS',
      possibleSales,
      transactionIds: idsByTime(money),
      saleMatched: false,
    };
    if (sales.length === 1) item.correlationID = possibleSales[0]!;
    this.items.push(item);
  }

  pending(sale: SaleFacts): void {
    this.waiting.push(sale.sale.correlationID);
  }

  /** Sorted by keys that are unique per entry, so the input order cannot show through. */
  canonical(): OfflineReconciliation {
    return {
      matched: this.matched.sort((a, b) => compareText(a.correlationID, b.correlationID)),
      review: this.items.sort(compareItems),
      pending: this.waiting.sort(compareText),
    };
  }
}

function compareItems(a: ReviewItem, b: ReviewItem): number {
  return (
    compareText(itemKey(a), itemKey(b)) ||
    compareText(a.reason, b.reason) ||
    compareText(a.transactionIds.join('\n'), b.transactionIds.join('\n'))
  );
}

function itemKey(item: ReviewItem): string {
  return item.correlationID ?? item.possibleSales?.[0] ?? '';
}

function idsByTime(money: PixFacts[]): string[] {
  return money.sort(byTimeThenId).map((pix) => pix.pix.id);
}

function byTimeThenId(a: PixFacts, b: PixFacts): number {
  return a.at - b.at || compareText(a.pix.id, b.pix.id);
}

/** Code-unit order: the same everywhere, unlike localeCompare. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

// --- checks: a bad input must fail loudly, never compare as NaN and match nothing by accident --

function instant(iso: string, what: string): number {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) throw new Error(`${what} is not an ISO time: ${JSON.stringify(iso)}`);
  return ms;
}

function cents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${what} must be a positive integer of cents`);
}

function nonNegative(ms: number, what: string): number {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`${what} must be a non-negative number of milliseconds`);
  return ms;
}
