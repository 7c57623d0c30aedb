// Reconciliation of offline sales once the service can be reached: reads the Pix that came in over
// the offline sales' windows (GET /api/v1/transaction with start and end, paged), hands them and the
// sales to the pure matcher (offline-matcher.ts: zero false matches), and records its verdict in
// one transaction: a matched sale is COMPLETED with its payment; a doubtful one goes to the owner's
// "Conferir pagamentos offline"; a pending one waits. What a person decided is never overwritten,
// and a paid sale never goes back.
// Over 300 lines because reading the Pix windows, paging them and recording each verdict in one
// transaction are one pass with one cursor; the decision itself is offline-matcher.ts.
import type { OfflinePix, OfflineReview } from '#shared/counter/counter-api';
import type { Db } from '#lib/store/database';
import { decodeBrCode } from '#lib/pix';
import type { Connectivity } from '../connection/connectivity';
import type { ContractClient } from '../remote/contract-client';
import { listPages, type Page } from '../pull/list-pages';
import {
  matchOfflinePayments,
  type IncomingPix,
  type OfflineReconciliation,
  type OfflineSale,
  type ReviewItem,
} from './offline-matcher';
import { poolCodeTxid } from './offline-pool';
import { readNeighbours, valueGate, type AccountNeighbours } from './offline-neighbours';
import { registeredTxid } from './offline-registration';
import type { OfflineSaleRow, OfflineSalesRepo } from './offline-sales-repo';
import type { SalesRepo } from '../sales/sales-repo';
import type { ContractPixQrCode, ContractTransaction } from '../remote/service-contract';
import type { ServiceOutcome } from '../remote/service-outcome';

export interface OfflineTiming {
  /** How long an offline code is shown and counted as payable (its countdown). */
  windowMs?: number;
  /** Added to the window: a payment started at the last second settles a moment later. */
  graceMs?: number;
  /** How far the service's clock may be from the counter's. */
  clockSkewMs?: number;
  /** How long after a payment the service's transaction list is taken as complete. */
  settleDelayMs?: number;
  /** How often a counter registers a new code ahead while online (offline-pool.ts). */
  livenessMs?: number;
  /** How long a Pix without txid may wait for another counter's word before it goes to a person. */
  valueWaitMs?: number;
  /** How long a request to the service may take (its timeout): a sale may be made while a code is on its way. */
  requestMarginMs?: number;
  /** While no sale waits for its payment (only watched for money beyond it), a pass this often. */
  watchPassMs?: number;
}

/** A review as the store keeps it: what the screens see, and the Pix records themselves (a receipt needs them). */
export type StoredReview = OfflineReview & { records: ContractTransaction[] };

export const DEFAULT_OFFLINE_GRACE_MS = 60_000;
export const DEFAULT_CLOCK_SKEW_MS = 120_000;
export const DEFAULT_SETTLE_DELAY_MS = 60_000;
export const DEFAULT_VALUE_WAIT_MS = 2 * 60 * 60 * 1000;
export const DEFAULT_WATCH_PASS_MS = 60_000;
// A counter's sale may be made while its code registered ahead is on its way: a request's timeout
// and then some, on top of the clocks' skew both ways.
export const DEFAULT_REQUEST_MARGIN_MS = 6_000;
// No counter sells offline for longer than this after its last word (its caps refuse a sale once
// its oldest unconfirmed one is a day old): a counter silent longer holds nothing unregistered.
const SILENT_AFTER_MS = 25 * 60 * 60 * 1000;
// Sales whose windows could overlap an unsettled one's: a window is minutes long, a day is plenty.
const LOOKBACK_MS = 24 * 60 * 60 * 1000;
// How long after its window a sale is still read for late or extra money. After that the owner's
// list keeps what it has and the counter stops asking (each pass lists a day of Pix in).
const WATCH_AFTER_WINDOW_MS = 24 * 60 * 60 * 1000;
const PAGE = 100;
// A day of Pix in is some pages; the account's static QR codes some more. Past this many a list is
// reported incomplete (and nothing is matched by value on it), never taken as whole.
const MAX_PAGES = 200;
/** The Pix rules' txid: 1 to 25 letters and digits (longer ids are the service's own, not a txid). */
const TXID_SHAPE = /^[A-Za-z0-9]{1,25}$/;

export interface OfflineReconcilerOptions {
  db: Db;
  repo: SalesRepo;
  offline: OfflineSalesRepo;
  connectivity: Connectivity;
  client: () => ContractClient | null;
  now: () => Date;
  /** Shorter in tests; each one absent is its default above. */
  timing?: OfflineTiming;
  /** This counter among the account's counters (offline-pool.ts). */
  counterId: string;
  onSaleChanged: (saleId: string) => void;
  onChanged: () => void;
}

export class OfflineReconciler {
  private running: Promise<void> | undefined;
  private lastPassAt = -Infinity;
  /**
   * The Pix in already read, by end-to-end id, for one service: a pass reads only what may have
   * come since the last one (its settle delay and the clocks' skew before it), not the whole
   * period again. `from` is where the cache starts, `readAt` when it was last read.
   */
  private seen: { serviceId: string; from: number; readAt: number; pix: Map<string, ContractTransaction> } | undefined;

  private readonly timing: Required<
    Pick<OfflineTiming, 'clockSkewMs' | 'settleDelayMs' | 'valueWaitMs' | 'requestMarginMs' | 'watchPassMs'>
  >;

  constructor(private readonly options: OfflineReconcilerOptions) {
    const timing = options.timing;
    this.timing = {
      clockSkewMs: timing?.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS,
      settleDelayMs: timing?.settleDelayMs ?? DEFAULT_SETTLE_DELAY_MS,
      valueWaitMs: timing?.valueWaitMs ?? DEFAULT_VALUE_WAIT_MS,
      requestMarginMs: timing?.requestMarginMs ?? DEFAULT_REQUEST_MARGIN_MS,
      watchPassMs: timing?.watchPassMs ?? DEFAULT_WATCH_PASS_MS,
    };
  }

  /** One pass; a pass asked for while one runs joins it. `force`: even when only watching (tests, bench). */
  run(force = false): Promise<void> {
    this.running ??= this.pass(force).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(force: boolean): Promise<void> {
    const client = this.options.client();
    if (!client || this.options.connectivity.current.authRefused) return;
    const now = this.options.now();
    const unsettled = this.options.offline.unsettled(client.serviceId, now, WATCH_AFTER_WINDOW_MS);
    if (unsettled.count === 0 || !unsettled.oldestCreatedAt) return;
    // Sales that only wait for money beyond their payment (or for the owner) are read seldom.
    if (!force && unsettled.awaiting === 0 && now.getTime() - this.lastPassAt < this.timing.watchPassMs) return;
    this.lastPassAt = now.getTime();
    const periodStart = Date.parse(unsettled.oldestCreatedAt) - LOOKBACK_MS;
    const rows = this.options.offline.since(client.serviceId, new Date(periodStart).toISOString());
    const { clockSkewMs, settleDelayMs } = this.timing;
    const transactions = await this.pixSince(client, periodStart - clockSkewMs, now.getTime());
    if (!transactions) return;
    const neighbours = await this.neighbours(
      client,
      new Date(periodStart - SILENT_AFTER_MS),
      new Set(rows.map((row) => row.txid)),
    );
    if (neighbours === 'failed' || this.options.client() !== client) return;
    // Other counters' offline sales take part as owners a Pix could belong to: their verdicts are
    // theirs to record, but a Pix that fits one of them is never taken for ours. When they could
    // not all be read, no Pix is taken by its value alone; while a counter may still hold one
    // unregistered, a Pix that fits only ours waits (offline-neighbours.ts).
    const ours = this.salesOf(rows);
    const sales = [...ours, ...(neighbours === 'incomplete' ? [] : neighbours.sales)];
    const codes = new Map(sales.map((sale) => [sale.correlationID, sale.txid]));
    const incoming = transactions.map((transaction) => incomingPix(transaction, codes));
    const byValue =
      neighbours === 'incomplete'
        ? () => 'no' as const
        : valueGate(neighbours.counters, {
            now: now.getTime(),
            marginMs: 2 * clockSkewMs + this.timing.requestMarginMs,
            silentAfterMs: SILENT_AFTER_MS,
            maxWaitMs: this.timing.valueWaitMs,
          });
    const verdict = matchOfflinePayments(sales, incoming, {
      now: now.toISOString(),
      clockSkewMs,
      settleDelayMs,
      byValue,
    });
    const changed = this.record(ours, verdict, new Map(transactions.map((t) => [t.endToEndId, t])));
    for (const saleId of changed) this.options.onSaleChanged(saleId);
    if (changed.length > 0) this.options.onChanged();
  }

  /**
   * The Pix in to the account from `from` to now (and the skew), from the cache and a read of what
   * may have come since the cache was read; undefined when the service did not answer.
   */
  private async pixSince(
    client: ContractClient,
    from: number,
    now: number,
  ): Promise<ContractTransaction[] | undefined> {
    const { clockSkewMs, settleDelayMs } = this.timing;
    const cached = this.seen?.serviceId === client.serviceId && this.seen.from <= from ? this.seen : undefined;
    // A Pix shows in the list within the settle delay of its time (the service's clock).
    const readFrom = cached ? Math.max(from, cached.readAt - settleDelayMs - 2 * clockSkewMs) : from;
    const fresh = await this.pixIn(client, new Date(readFrom), new Date(now + clockSkewMs));
    if (!fresh) return undefined;
    const pix = new Map([...(cached?.pix ?? [])].filter(([, transaction]) => Date.parse(transaction.time) >= from));
    for (const transaction of fresh) pix.set(transaction.endToEndId, transaction);
    this.seen = { serviceId: client.serviceId, from, readAt: now, pix };
    return [...pix.values()];
  }

  /** The Pix in to the account over [start, end], every page; undefined when the service did not answer. */
  private async pixIn(client: ContractClient, start: Date, end: Date): Promise<ContractTransaction[] | undefined> {
    const result = await listPages(
      (skip, limit) =>
        this.page(
          client.call('listTransactions', {
            query: {
              start: start.toISOString(),
              end: end.toISOString(),
              type: 'PAYMENT',
              skip: String(skip),
              limit: String(limit),
            },
          }),
          (body) => ({
            items: body.transactions,
            hasNextPage: body.pageInfo.hasNextPage,
          }),
        ),
      { idOf: (transaction) => transaction.endToEndId, limit: PAGE, maxPages: MAX_PAGES },
    );
    // A Pix missing from a partial list could be any sale's: nothing is judged on it.
    if (result.kind !== 'complete') return undefined;
    // A charge's payment is an online sale's, never an offline one's.
    return result.items.filter(
      (transaction) => (transaction.type === undefined || transaction.type === 'PAYMENT') && !transaction.charge,
    );
  }

  /**
   * What the other counters of the account registered since `since` (offline-neighbours.ts). The
   * list's order is not documented: when the pages come newest first the reading stops at the
   * first code older than `since`; otherwise it reads them all. 'incomplete' when that is more
   * than the bound allows; 'failed' when the service did not answer.
   */
  private async neighbours(
    client: ContractClient,
    since: Date,
    ours: ReadonlySet<string>,
  ): Promise<AccountNeighbours | 'incomplete' | 'failed'> {
    const olderThanSince = (code: ContractPixQrCode) => Date.parse(code.createdAt) < since.getTime();
    const result = await listPages(
      (skip, limit) =>
        this.page(client.call('listPixQrCodes', { query: { skip: String(skip), limit: String(limit) } }), (body) => ({
          items: body.pixQrCodes,
          hasNextPage: body.pageInfo.hasNextPage,
        })),
      {
        idOf: (code) => code.correlationID,
        limit: PAGE,
        maxPages: MAX_PAGES,
        enough: (page) => newestFirst(page) && page.some(olderThanSince),
      },
    );
    // Refused (no permission to list the codes): the other tills cannot be known, so no Pix is
    // matched by value alone; the txid still confirms what it names.
    if (result.kind === 'failed') return result.outcome.kind === 'auth' ? 'incomplete' : 'failed';
    if (result.kind === 'incomplete') return 'incomplete';
    return readNeighbours(result.items, this.options.counterId, ours);
  }

  /** One page of a list, as the pager reads it; every outcome is heard by the connectivity. */
  private async page<B, T>(
    call: Promise<ServiceOutcome<B>>,
    toPage: (body: B) => Page<T>,
  ): Promise<ServiceOutcome<Page<T>>> {
    const answer = await call;
    this.options.connectivity.observe(answer);
    return answer.kind === 'ok' ? { kind: 'ok', body: toPage(answer.body) } : answer;
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
  private record(
    judged: readonly OfflineSale[],
    verdict: OfflineReconciliation,
    transactions: Map<string, ContractTransaction>,
  ): string[] {
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

  private confirm(
    row: OfflineSaleRow,
    payment: ContractTransaction,
    by: 'txid' | 'value',
    extra: StoredReview | undefined,
    at: string,
  ): boolean {
    const reviewJson = extra ? JSON.stringify(extra) : null;
    if (row.state === 'CONFIRMED' && row.review_json === reviewJson) return false;
    const sale = this.options.repo.sale(row.sale_id)!;
    if (sale.status !== 'COMPLETED') {
      this.options.repo.updateSale({
        ...sale,
        status: 'COMPLETED',
        payment_json: JSON.stringify(payment),
        updated_at: at,
      });
    }
    this.options.offline.update({
      ...row,
      state: 'CONFIRMED',
      matched_by: by,
      review_json: reviewJson,
      updated_at: at,
    });
    return true;
  }
}

/**
 * A transaction as the matcher sees it. Its txid is what the service's link says: the static QR
 * code it paid (documented `pixQrCode`), known by its correlationID (an offline sale's
 * registration has the sale's; a code registered ahead, balcao-reserva-<txid>), else by its name
 * or its BR Code's txid (62-05). A Pix the service
 * linked to some other code is that code's (a txid no sale has). A Pix the service did not link
 * has no txid here: its payer's bank dropped it, or it came before any code with it was
 * registered, and only its value can tell. The transaction's own `transactionID` is not read: the
 * document does not say it is the txid.
 */
export function incomingPix(transaction: ContractTransaction, txidOfCode: ReadonlyMap<string, string>): IncomingPix {
  const pix: IncomingPix = {
    id: transaction.endToEndId,
    endToEndId: transaction.endToEndId,
    value: transaction.value,
    time: transaction.time,
  };
  const code = transaction.pixQrCode;
  if (!code) return pix;
  const known =
    (code.correlationID !== undefined ? txidOfCode.get(code.correlationID) : undefined) ??
    poolCodeTxid(code) ??
    registeredTxid(code.name) ??
    brCodeTxid(code.brCode);
  pix.txid = known && TXID_SHAPE.test(known) ? known : `qr:${code.correlationID ?? code.name ?? '?'}`;
  return pix;
}

function brCodeTxid(brCode: string | undefined): string | undefined {
  if (!brCode) return undefined;
  try {
    return decodeBrCode(brCode).txid ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether a page's codes come newest first (its first code is the newest of the page). */
function newestFirst(page: readonly ContractPixQrCode[]): boolean {
  if (page.length < 2) return false;
  return Date.parse(page[0]!.createdAt) > Date.parse(page[page.length - 1]!.createdAt);
}

function reviewOf(item: ReviewItem, saleId: string, transactions: Map<string, ContractTransaction>): StoredReview {
  const records = item.transactionIds
    .map((id) => transactions.get(id))
    .filter((t): t is ContractTransaction => t !== undefined);
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

function offlinePix(transaction: ContractTransaction): OfflinePix {
  const pix: OfflinePix = { endToEndId: transaction.endToEndId, value: transaction.value, time: transaction.time };
  if (transaction.payer?.name) pix.payerName = transaction.payer.name;
  return pix;
}
