// Reconciliation of offline sales once the service can be reached: reads the Pix that came in over
// the offline sales' windows (GET /api/v1/transaction with start and end, paged), hands them and the
// sales to the pure matcher (offline-matcher.ts: zero false matches), and records its verdict in
// one transaction: a matched sale is COMPLETED with its payment; a doubtful one goes to the owner's
// "Conferir pagamentos offline"; a pending one waits. What a person decided is never overwritten,
// and a paid sale never goes back.
import type { OfflinePix, OfflineReview } from '../../shared/pos-api';
import type { Transaction } from '../../shared/resources';
import type { Db } from '../store/database';
import type { Connectivity } from './connectivity';
import { matchOfflinePayments, type IncomingPix, type OfflineReconciliation, type OfflineSale, type ReviewItem } from './offline-matcher';
import { registeredOfflineSale } from './offline-registration';
import type { OfflineSaleRow, OfflineSalesRepo } from './offline-sales-repo';
import type { SalesRepo } from './sales-repo';
import type { ServiceClient } from './service-client';

export interface OfflineTiming {
  /** How long an offline code is shown and counted as payable (its countdown). */
  windowMs?: number;
  /** Added to the window: a payment started at the last second settles a moment later. */
  graceMs?: number;
  /** How far the service's clock may be from the counter's. */
  clockSkewMs?: number;
  /** How long after a payment the service's transaction list is taken as complete. */
  settleDelayMs?: number;
}

/** A review as the store keeps it: what the screens see, and the Pix records themselves (a receipt needs them). */
export type StoredReview = OfflineReview & { records: Transaction[] };

export const DEFAULT_OFFLINE_GRACE_MS = 60_000;
export const DEFAULT_CLOCK_SKEW_MS = 120_000;
export const DEFAULT_SETTLE_DELAY_MS = 60_000;
// Sales whose windows could overlap an unsettled one's: a window is minutes long, a day is plenty.
const LOOKBACK_MS = 24 * 60 * 60 * 1000;
// How long after its window a sale is still read for late or extra money. After that the owner's
// list keeps what it has and the counter stops asking (each pass lists a day of Pix in).
const WATCH_AFTER_WINDOW_MS = 24 * 60 * 60 * 1000;
const PAGE = 100;
/** The Pix rules' txid: 1 to 25 letters and digits (longer ids are the service's own, not a txid). */
const TXID_SHAPE = /^[A-Za-z0-9]{1,25}$/;

export interface OfflineReconcilerOptions {
  db: Db;
  repo: SalesRepo;
  offline: OfflineSalesRepo;
  connectivity: Connectivity;
  client: () => ServiceClient | null;
  now: () => Date;
  timing: Required<Pick<OfflineTiming, 'clockSkewMs' | 'settleDelayMs'>>;
  onSaleChanged: (saleId: string) => void;
  onChanged: () => void;
}

export class OfflineReconciler {
  private running: Promise<void> | undefined;

  constructor(private readonly options: OfflineReconcilerOptions) {}

  /** One pass; a pass asked for while one runs joins it. */
  run(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    const client = this.options.client();
    if (!client || this.options.connectivity.current.authRefused) return;
    const now = this.options.now();
    const unsettled = this.options.offline.unsettled(client.serviceId, now, WATCH_AFTER_WINDOW_MS);
    if (unsettled.count === 0 || !unsettled.oldestCreatedAt) return;
    const periodStart = Date.parse(unsettled.oldestCreatedAt) - LOOKBACK_MS;
    const rows = this.options.offline.since(client.serviceId, new Date(periodStart).toISOString());
    const { clockSkewMs, settleDelayMs } = this.options.timing;
    const transactions = await this.pixIn(client, new Date(periodStart - clockSkewMs), new Date(now.getTime() + clockSkewMs));
    if (!transactions) return;
    const neighbours = await this.neighbourSales(client, new Date(periodStart), new Set(rows.map((row) => row.txid)));
    if (!neighbours || this.options.client() !== client) return;
    // Other counters' offline sales take part as owners a Pix could belong to: their verdicts are
    // theirs to record, but a Pix that fits one of them is never taken for ours.
    const ours = this.salesOf(rows);
    const sales = [...ours, ...neighbours];
    const incoming = transactions.map(incomingPix);
    const verdict = matchOfflinePayments(sales, incoming, { now: now.toISOString(), clockSkewMs, settleDelayMs });
    const changed = this.record(ours, verdict, new Map(transactions.map((t) => [t.endToEndId, t])));
    for (const saleId of changed) this.options.onSaleChanged(saleId);
    if (changed.length > 0) this.options.onChanged();
  }

  /** The Pix in to the account over [start, end], every page; undefined when the service did not answer. */
  private async pixIn(client: ServiceClient, start: Date, end: Date): Promise<Transaction[] | undefined> {
    const found: Transaction[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const answer = await client.call('listTransactions', {
        query: { start: start.toISOString(), end: end.toISOString(), type: 'PAYMENT', skip: String(skip), limit: String(PAGE) },
      });
      this.options.connectivity.observe(answer);
      if (answer.kind !== 'ok') return undefined;
      // A charge's payment is an online sale's, never an offline one's.
      found.push(...answer.body.transactions.filter((transaction) => transaction.type === 'PAYMENT' && !transaction.charge));
      if (!answer.body.pageInfo.hasNextPage) return found;
    }
  }

  /**
   * The offline sales other counters of the account registered since `since` (newest first, so
   * the pages stop at the first older one; a sale is registered after it was made).
   */
  private async neighbourSales(client: ServiceClient, since: Date, ours: ReadonlySet<string>): Promise<OfflineSale[] | undefined> {
    const found: OfflineSale[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const answer = await client.call('listPixQrCodes', { query: { skip: String(skip), limit: String(PAGE) } });
      this.options.connectivity.observe(answer);
      if (answer.kind !== 'ok') return undefined;
      let older = false;
      for (const qr of answer.body.pixQrCodes) {
        if (Date.parse(qr.createdAt) < since.getTime()) older = true;
        const sale = registeredOfflineSale(qr);
        if (!sale || ours.has(sale.txid)) continue;
        found.push({ correlationID: sale.correlationID, txid: sale.txid, value: sale.value, createdAt: sale.createdAt, windowEnd: sale.windowEnd, state: 'OPEN' });
      }
      if (older || !answer.body.pageInfo.hasNextPage) return found;
    }
  }

  private salesOf(rows: readonly OfflineSaleRow[]): OfflineSale[] {
    const sales: OfflineSale[] = [];
    for (const row of rows) {
      const sale = this.options.repo.sale(row.sale_id);
      if (!sale) continue;
      sales.push({
        correlationID: row.sale_id,
        txid: row.txid,
        value: sale.value,
        createdAt: row.created_at,
        windowEnd: row.window_end,
        state: sale.status === 'CANCELLED' ? 'CANCELLED' : 'OPEN',
      });
    }
    return sales;
  }

  /**
   * The verdict, in one transaction; returns the sales whose rows changed. The pass waited on the
   * network since it read the rows, and meanwhile the sender (registered), the cashier (cancel,
   * "cliente mostrou o comprovante") or the owner (a decision) may have written them: each row is
   * read again here and only the reconciler's own fields change. A sale cancelled or un-cancelled
   * meanwhile was judged on a state it no longer has: it waits for the next pass.
   */
  private record(judged: readonly OfflineSale[], verdict: OfflineReconciliation, transactions: Map<string, Transaction>): string[] {
    const at = this.options.now().toISOString();
    const judgedState = new Map(judged.map((sale) => [sale.correlationID, sale.state]));
    const reviews = new Map<string, StoredReview>();
    for (const item of verdict.review) {
      const named = item.correlationID !== undefined ? [item.correlationID] : (item.possibleSales ?? []);
      for (const saleId of named) reviews.set(saleId, reviewOf(item, saleId, transactions));
    }
    const changed: string[] = [];
    this.options.db.transaction(() => {
      for (const match of verdict.matched) {
        const row = this.current(match.correlationID, judgedState);
        const payment = transactions.get(match.transactionId);
        const extra = reviews.get(match.correlationID);
        reviews.delete(match.correlationID);
        if (!row || !payment) continue;
        if (this.confirm(row, payment, match.by, extra, at)) changed.push(row.sale_id);
      }
      for (const [saleId, review] of reviews) {
        const row = this.current(saleId, judgedState);
        if (!row) continue;
        const reviewJson = JSON.stringify(review);
        // A confirmed sale stays confirmed: its review is only about money beyond its payment.
        const state = row.state === 'CONFIRMED' ? 'CONFIRMED' : 'REVIEW';
        if (row.review_json === reviewJson && row.state === state) continue;
        this.options.offline.update({ ...row, state, review_json: reviewJson, updated_at: at });
        changed.push(saleId);
      }
    })();
    return changed;
  }

  /** This counter's row as it is now, if the verdict still applies to it (ours, undecided, same cancel state). */
  private current(saleId: string, judgedState: ReadonlyMap<string, OfflineSale['state']>): OfflineSaleRow | undefined {
    const seen = judgedState.get(saleId);
    const row = this.options.offline.get(saleId);
    const sale = this.options.repo.sale(saleId);
    if (seen === undefined || !row || !sale || row.decision !== null) return undefined;
    if ((sale.status === 'CANCELLED') !== (seen === 'CANCELLED')) return undefined;
    return row;
  }

  private confirm(row: OfflineSaleRow, payment: Transaction, by: 'txid' | 'value', extra: StoredReview | undefined, at: string): boolean {
    const reviewJson = extra ? JSON.stringify(extra) : null;
    if (row.state === 'CONFIRMED' && row.review_json === reviewJson) return false;
    const sale = this.options.repo.sale(row.sale_id)!;
    if (sale.status !== 'COMPLETED') {
      this.options.repo.updateSale({ ...sale, status: 'COMPLETED', payment_json: JSON.stringify(payment), updated_at: at });
    }
    this.options.offline.update({ ...row, state: 'CONFIRMED', matched_by: by, review_json: reviewJson, updated_at: at });
    return true;
  }
}

/**
 * A transaction as the matcher sees it. Its txid: the identifier of the static QR code it came
 * through (the service links a Pix to the code whose identifier is its txid, registered before or
 * after), else its transactionID when that has a txid's shape (the service shows a static code's
 * payment with transactionID = txid). An id of the service's own (32 characters) is no txid: the
 * payer's bank dropped it, and only the value can tell.
 */
export function incomingPix(transaction: Transaction): IncomingPix {
  const candidate = transaction.pixQrCode?.identifier ?? transaction.transactionID;
  const pix: IncomingPix = { id: transaction.endToEndId, endToEndId: transaction.endToEndId, value: transaction.value, time: transaction.time };
  if (candidate && TXID_SHAPE.test(candidate)) pix.txid = candidate;
  return pix;
}

function reviewOf(item: ReviewItem, saleId: string, transactions: Map<string, Transaction>): StoredReview {
  const records = item.transactionIds.map((id) => transactions.get(id)).filter((t): t is Transaction => t !== undefined);
  const review: StoredReview = {
    reason: item.reason,
    transactions: records.map(offlinePix),
    saleMatched: item.saleMatched,
    records,
  };
  const others = (item.possibleSales ?? []).filter((other) => other !== saleId);
  if (others.length > 0) review.otherSales = others;
  return review;
}

function offlinePix(transaction: Transaction): OfflinePix {
  const pix: OfflinePix = { endToEndId: transaction.endToEndId, value: transaction.value, time: transaction.time };
  if (transaction.payer?.name) pix.payerName = transaction.payer.name;
  return pix;
}
