// The counter's offline sales (see migrations/002-offline-sales.ts): each sale's code, its state
// of confirmation, and what a person decided.
import type { OfflineDecision, OfflineSaleState } from '#shared/counter/counter-api';
import type { Db } from '#lib/store/database';
import type { UnconfirmedOffline } from './offline-caps';

export interface OfflineSaleRow {
  sale_id: string;
  service_id: string;
  txid: string;
  br_code: string;
  pix_key: string;
  created_at: string;
  expires_at: string;
  window_end: string;
  state: OfflineSaleState;
  matched_by: 'txid' | 'value' | null;
  review_json: string | null;
  decision: OfflineDecision | null;
  decided_at: string | null;
  customer_receipt_at: string | null;
  registered: 0 | 1;
  dynamic_withdrawn: 0 | 1;
  updated_at: string;
}

/** Unconfirmed: waiting or under review, on a sale the cashier did not cancel. */
const UNCONFIRMED = `o.state IN ('AWAITING', 'REVIEW') AND s.status <> 'CANCELLED'`;

export class OfflineSalesRepo {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO offline_sales (sale_id, service_id, txid, br_code, pix_key, created_at, expires_at, window_end, state, matched_by,
           review_json, decision, decided_at, customer_receipt_at, registered, dynamic_withdrawn, updated_at)
         VALUES (@sale_id, @service_id, @txid, @br_code, @pix_key, @created_at, @expires_at, @window_end, @state, @matched_by,
           @review_json, @decision, @decided_at, @customer_receipt_at, @registered, @dynamic_withdrawn, @updated_at)`,
      ),
      get: db.prepare<[string], OfflineSaleRow>('SELECT * FROM offline_sales WHERE sale_id = ?'),
      update: db.prepare(
        `UPDATE offline_sales SET state = @state, matched_by = @matched_by, review_json = @review_json, decision = @decision,
           decided_at = @decided_at, customer_receipt_at = @customer_receipt_at, registered = @registered, dynamic_withdrawn = @dynamic_withdrawn,
           updated_at = @updated_at WHERE sale_id = @sale_id`,
      ),
      unconfirmed: db.prepare<[string], { count: number; value: number | null; oldest: string | null }>(
        `SELECT COUNT(*) AS count, SUM(s.value) AS value, MIN(o.created_at) AS oldest
         FROM offline_sales o JOIN sales s ON s.correlation_id = o.sale_id
         WHERE o.service_id = ? AND ${UNCONFIRMED}`,
      ),
      reviewCount: db.prepare<[string], { n: number }>(
        'SELECT COUNT(*) AS n FROM offline_sales WHERE service_id = ? AND review_json IS NOT NULL AND decision IS NULL',
      ),
      underReview: db.prepare<[string], OfflineSaleRow>(
        'SELECT * FROM offline_sales WHERE service_id = ? AND review_json IS NOT NULL AND decision IS NULL ORDER BY created_at, sale_id',
      ),
      unsettled: db.prepare<[string, string], { n: number; oldest: string | null; awaiting: number }>(
        `SELECT COUNT(*) AS n, MIN(o.created_at) AS oldest, COALESCE(SUM(o.state = 'AWAITING' AND s.status <> 'CANCELLED'), 0) AS awaiting
         FROM offline_sales o JOIN sales s ON s.correlation_id = o.sale_id
         WHERE o.service_id = ? AND o.decision IS NULL AND o.state IN ('AWAITING', 'CONFIRMED', 'REVIEW')
           AND ((o.state = 'AWAITING' AND s.status <> 'CANCELLED') OR o.window_end >= ?)`,
      ),
      since: db.prepare<[string, string], OfflineSaleRow>(
        'SELECT * FROM offline_sales WHERE service_id = ? AND created_at >= ? ORDER BY created_at',
      ),
      ofSalesBetween: db.prepare<[string, string, string], OfflineSaleRow>(
        `SELECT o.* FROM offline_sales o JOIN sales s ON s.correlation_id = o.sale_id
         WHERE s.service_id = ? AND s.created_at >= ? AND s.created_at < ?`,
      ),
    };
  }

  insert(row: OfflineSaleRow): void {
    this.statements.insert.run(row);
  }

  get(saleId: string): OfflineSaleRow | undefined {
    return this.statements.get.get(saleId);
  }

  update(row: OfflineSaleRow): void {
    this.statements.update.run(row);
  }

  unconfirmed(serviceId: string): UnconfirmedOffline {
    const row = this.statements.unconfirmed.get(serviceId)!;
    return { count: row.count, value: row.value ?? 0, ...(row.oldest ? { oldestCreatedAt: row.oldest } : {}) };
  }

  reviewCount(serviceId: string): number {
    return this.statements.reviewCount.get(serviceId)!.n;
  }

  underReview(serviceId: string): OfflineSaleRow[] {
    return this.statements.underReview.all(serviceId);
  }

  /**
   * Whether a reconciliation has anything left to decide, and since when: every sale still
   * waiting for its payment, however old (the counter may have been offline for days); and, for
   * `watchMs` after their window, the cancelled ones and those confirmed or under review without
   * a decision, since money may still come for them (a late or second payment changes the review).
   */
  /** Sales still read for money (`count`, the oldest), and how many of them still wait for their payment (`awaiting`). */
  unsettled(
    serviceId: string,
    now: Date,
    watchMs: number,
  ): { count: number; awaiting: number; oldestCreatedAt?: string } {
    const row = this.statements.unsettled.get(serviceId, new Date(now.getTime() - watchMs).toISOString())!;
    return { count: row.n, awaiting: row.awaiting, ...(row.oldest ? { oldestCreatedAt: row.oldest } : {}) };
  }

  /** Every offline sale made since `start` (ISO), oldest first. */
  since(serviceId: string, start: string): OfflineSaleRow[] {
    return this.statements.since.all(serviceId, start);
  }

  /** The offline rows of the sales made in [start, end), by sale: one query for a day's history. */
  ofSalesBetween(serviceId: string, start: string, end: string): Map<string, OfflineSaleRow> {
    return new Map(this.statements.ofSalesBetween.all(serviceId, start, end).map((row) => [row.sale_id, row]));
  }
}
