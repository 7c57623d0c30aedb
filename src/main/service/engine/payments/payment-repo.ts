import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

export type PaymentType = 'PIX_KEY' | 'QR_CODE' | 'MANUAL' | 'BOLETO';
export type PaymentStatus = 'CREATED' | 'APPROVED' | 'CONFIRMED' | 'FAILED' | 'DENIED';

/** One row of table `payments` (migration 008). JSON columns hold the request's parts and the route. */
export interface PaymentRow {
  id: string;
  company_id: string;
  account_id: string;
  correlation_id: string;
  type: PaymentType;
  status: PaymentStatus;
  value: number;
  destination_alias: string | null;
  destination_alias_type: string | null;
  pix_key_end_to_end_id: string | null;
  qr_code: string | null;
  /** JSON: the boleto as validated. */
  boleto: string | null;
  /** JSON: MANUAL's {holder, account, psp} as sent. */
  manual: string | null;
  /** JSON: the PaymentRoute (destination, internal receiver, simulated failure). */
  destination: string;
  comment: string | null;
  metadata: string | null;
  end_to_end_id: string | null;
  transaction_id: string | null;
  failure_code: string | null;
  provider_rejected_reason: string | null;
  approved_at: string | null;
  settles_at: string | null;
  settled_at: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'correlation_id',
  'type',
  'status',
  'value',
  'destination_alias',
  'destination_alias_type',
  'pix_key_end_to_end_id',
  'qr_code',
  'boleto',
  'manual',
  'destination',
  'comment',
  'metadata',
  'end_to_end_id',
  'transaction_id',
  'failure_code',
  'provider_rejected_reason',
  'approved_at',
  'settles_at',
  'settled_at',
  'created_at',
  'updated_at',
] as const;

export const paymentRepo = perDatabase((db: Db) => {
  const insert = db.prepare(
    `INSERT INTO payments (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const byId = db.prepare<[string, string], PaymentRow>('SELECT * FROM payments WHERE company_id = ? AND id = ?');
  const byCorrelation = db.prepare<[string, string], PaymentRow>(
    'SELECT * FROM payments WHERE company_id = ? AND correlation_id = ?',
  );
  const list = db.prepare<
    { companyId: string; start: string | null; end: string | null; take: number; skip: number },
    PaymentRow
  >(
    `SELECT * FROM payments WHERE company_id = @companyId
       AND (@start IS NULL OR created_at >= @start) AND (@end IS NULL OR created_at <= @end)
     ORDER BY created_at DESC, id DESC LIMIT @take OFFSET @skip`,
  );
  const count = db.prepare<{ companyId: string; start: string | null; end: string | null }, { n: number }>(
    `SELECT COUNT(*) AS n FROM payments WHERE company_id = @companyId
       AND (@start IS NULL OR created_at >= @start) AND (@end IS NULL OR created_at <= @end)`,
  );
  const approve = db.prepare(
    `UPDATE payments SET status = 'APPROVED', end_to_end_id = @endToEndId, approved_at = @at, settles_at = @settlesAt, updated_at = @at
     WHERE company_id = @companyId AND id = @id AND status = 'CREATED'`,
  );
  const confirm = db.prepare(
    `UPDATE payments SET status = 'CONFIRMED', transaction_id = @transactionId, settled_at = @at, updated_at = @at
     WHERE id = @id AND status = 'APPROVED'`,
  );
  const fail = db.prepare(
    `UPDATE payments SET status = 'FAILED', failure_code = @code, provider_rejected_reason = @reason, settled_at = @at, updated_at = @at
     WHERE id = @id AND status = 'APPROVED'`,
  );
  const due = db.prepare<[string], PaymentRow>(
    "SELECT * FROM payments WHERE status = 'APPROVED' AND settles_at <= ? ORDER BY settles_at, id",
  );
  const earliest = db.prepare<[], { at: string | null }>(
    "SELECT MIN(settles_at) AS at FROM payments WHERE status = 'APPROVED'",
  );
  const byEndToEnd = db.prepare<[string, string], PaymentRow>(
    'SELECT * FROM payments WHERE company_id = ? AND end_to_end_id = ?',
  );
  const serviceWide = db.prepare<[string], PaymentRow>('SELECT * FROM payments WHERE id = ?');
  return {
    insert: (row: PaymentRow) => void insert.run(row),
    /** By id or correlationID, within one company. */
    findByAnyId: (companyId: string, id: string) => byId.get(companyId, id) ?? byCorrelation.get(companyId, id),
    findByCorrelationId: (companyId: string, correlationId: string) => byCorrelation.get(companyId, correlationId),
    findByEndToEndId: (companyId: string, endToEndId: string) => byEndToEnd.get(companyId, endToEndId),
    /**
     * By id alone, in any company: for the service's own settlement (a refund returning a Pix that
     * another company of this service sent), never to answer a caller.
     */
    findServiceWide: (id: string) => serviceWide.get(id),
    /** Newest first; `limit + 1` rows, for pageOf. */
    list: (companyId: string, start: string | undefined, end: string | undefined, skip: number, limit: number) =>
      list.all({ companyId, start: start ?? null, end: end ?? null, take: limit + 1, skip }),
    /** Every payment the list's filter matches (its totalCount). */
    count: (companyId: string, start: string | undefined, end: string | undefined) =>
      count.get({ companyId, start: start ?? null, end: end ?? null })!.n,
    approve: (p: { companyId: string; id: string; endToEndId: string; at: string; settlesAt: string }) =>
      approve.run(p).changes === 1,
    confirm: (id: string, transactionId: string, at: string) => confirm.run({ id, transactionId, at }).changes === 1,
    fail: (id: string, code: string, reason: string | null, at: string) =>
      fail.run({ id, code, reason, at }).changes === 1,
    dueForSettlement: (at: string) => due.all(at),
    earliestPendingSettlement: () => earliest.get()!.at,
  };
});
