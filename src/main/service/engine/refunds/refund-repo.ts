import type { Db } from '#lib/store/database';
import type { RefundStatus } from '#shared/service/resources';
import { perDatabase } from '../repo-cache';

/** One row of table `refunds`. `status` is stored in the charge-refund vocabulary. */
export interface RefundRow {
  id: string;
  company_id: string;
  account_id: string;
  /** The PAYMENT transaction (our id) being returned. */
  transaction_id: string;
  charge_id: string | null;
  correlation_id: string;
  /** 32-hex, the refundId clients see. */
  refund_id: string;
  /** The D… ReturnIdentification: the refund's own end-to-end id. */
  return_identification: string;
  value: number;
  /** 1: the request named `value`; 0: it asked for whatever was left (compared on a repeat). */
  value_given: 0 | 1;
  status: RefundStatus;
  comment: string | null;
  settles_at: string;
  settled_at: string | null;
  created_at: string;
}

/** The row with the end-to-end id of the payment it returns. */
export interface RefundView extends RefundRow {
  original_end_to_end_id: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'transaction_id',
  'charge_id',
  'correlation_id',
  'refund_id',
  'return_identification',
  'value',
  'value_given',
  'status',
  'comment',
  'settles_at',
  'settled_at',
  'created_at',
] as const;

const VIEW = `
  SELECT r.*, t.end_to_end_id AS original_end_to_end_id
  FROM refunds r JOIN transactions t ON t.id = r.transaction_id`;

export interface RefundRepo {
  insert(row: RefundRow): void;
  /** refundId, correlationID, our id or return id, within one company. */
  findByAnyId(companyId: string, id: string): RefundView | undefined;
  findByReturnId(companyId: string, returnId: string): RefundView | undefined;
  findByCorrelationId(companyId: string, correlationId: string): RefundView | undefined;
  /** Cents already promised back from a payment: every refund of it that was not rejected. */
  committedTotal(transactionId: string): number;
  /** Newest first; `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, skip: number, limit: number): RefundView[];
  listByCharge(companyId: string, chargeId: string, skip: number, limit: number): RefundView[];
  /** Every refund of the company, or of one of its charges (the lists' totalCount). */
  count(companyId: string, chargeId?: string): number;
  /** IN_PROCESSING refunds due by `now`, oldest first, across companies (settlement is service-wide). */
  dueForSettlement(now: string): RefundRow[];
  earliestPendingSettlement(): string | null;
  /** IN_PROCESSING → CONFIRMED; false when it had already left IN_PROCESSING. */
  confirm(id: string, settledAt: string): boolean;
  /** IN_PROCESSING → REJECTED (the receiver's PSP refused the return); false when it had already left IN_PROCESSING. */
  reject(id: string, settledAt: string): boolean;
}

export const refundRepo = perDatabase<RefundRepo>((db: Db) => {
  const insertStmt = db.prepare(
    `INSERT INTO refunds (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const by = (column: string) =>
    db.prepare<[string, string], RefundView>(`${VIEW} WHERE r.company_id = ? AND r.${column} = ?`);
  const byRefundId = by('refund_id');
  const byCorrelation = by('correlation_id');
  const byId = by('id');
  const byReturnId = by('return_identification');
  const committedStmt = db.prepare<[string], { total: number }>(
    `SELECT COALESCE(SUM(value), 0) AS total FROM refunds WHERE transaction_id = ? AND status <> 'REJECTED'`,
  );
  // rowid breaks ties between refunds created in the same instant, newest first.
  const listStmt = db.prepare<[string, number, number], RefundView>(
    `${VIEW} WHERE r.company_id = ? ORDER BY r.created_at DESC, r.rowid DESC LIMIT ? OFFSET ?`,
  );
  const byChargeStmt = db.prepare<[string, string, number, number], RefundView>(
    `${VIEW} WHERE r.company_id = ? AND r.charge_id = ? ORDER BY r.created_at DESC, r.rowid DESC LIMIT ? OFFSET ?`,
  );
  // The lists join each refund to its transaction; every refund has one (refunds.transaction_id).
  const countStmt = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM refunds WHERE company_id = ?');
  const countByChargeStmt = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM refunds WHERE company_id = ? AND charge_id = ?',
  );
  const dueStmt = db.prepare<[string], RefundRow>(
    `SELECT * FROM refunds WHERE status = 'IN_PROCESSING' AND settles_at <= ? ORDER BY settles_at, rowid`,
  );
  const earliestStmt = db.prepare<[], { at: string | null }>(
    `SELECT MIN(settles_at) AS at FROM refunds WHERE status = 'IN_PROCESSING'`,
  );
  const confirmStmt = db.prepare(
    `UPDATE refunds SET status = 'CONFIRMED', settled_at = ? WHERE id = ? AND status = 'IN_PROCESSING'`,
  );
  const rejectStmt = db.prepare(
    `UPDATE refunds SET status = 'REJECTED', settled_at = ? WHERE id = ? AND status = 'IN_PROCESSING'`,
  );

  return {
    insert: (row) => {
      insertStmt.run(row);
    },
    findByAnyId: (companyId, id) =>
      byRefundId.get(companyId, id) ??
      byCorrelation.get(companyId, id) ??
      byId.get(companyId, id) ??
      byReturnId.get(companyId, id),
    findByReturnId: (companyId, returnId) => byReturnId.get(companyId, returnId),
    findByCorrelationId: (companyId, correlationId) => byCorrelation.get(companyId, correlationId),
    committedTotal: (transactionId) => committedStmt.get(transactionId)?.total ?? 0,
    list: (companyId, skip, limit) => listStmt.all(companyId, limit + 1, skip),
    listByCharge: (companyId, chargeId, skip, limit) => byChargeStmt.all(companyId, chargeId, limit + 1, skip),
    count: (companyId, chargeId) =>
      (chargeId === undefined ? countStmt.get(companyId) : countByChargeStmt.get(companyId, chargeId))!.n,
    dueForSettlement: (now) => dueStmt.all(now),
    earliestPendingSettlement: () => earliestStmt.get()?.at ?? null,
    confirm: (id, settledAt) => confirmStmt.run(settledAt, id).changes === 1,
    reject: (id, settledAt) => rejectStmt.run(settledAt, id).changes === 1,
  };
});
