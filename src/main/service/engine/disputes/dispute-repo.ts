import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/** IN_REVIEW while open; the other three are final (see dispute-money.ts for what each does to the money). */
export type DisputeStatus = 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED' | 'CANCELED';
export type ClosedDisputeStatus = Exclude<DisputeStatus, 'IN_REVIEW'>;

/** One row of table `disputes` (migration 012). */
export interface DisputeRow {
  /** 24-hex object id: the `dispute.id` of the DISPUTE_* webhooks, and an id of the evidence path. */
  id: string;
  company_id: string;
  /** The receiving account, whose money the cautionary block holds. */
  account_id: string;
  /** The disputed PAYMENT transaction (our id). */
  transaction_id: string;
  /** Its end-to-end id: how the API names the dispute. */
  end_to_end_id: string;
  status: DisputeStatus;
  type: 'MED';
  name: string;
  email: string;
  phone_number: string;
  /** Cents the payer claims back. */
  value: number;
  dispute_reason: string;
  /** Cents the dispute blocked (ledger bucket `security`) when it opened. */
  blocked: number;
  /** Cents returned to the payer when it was ACCEPTED (0 otherwise). */
  returned: number;
  created_at: string;
  updated_at: string;
}

export interface EvidenceRow {
  id: string;
  dispute_id: string;
  correlation_id: string;
  url: string;
  description: string | null;
  created_at: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'transaction_id',
  'end_to_end_id',
  'status',
  'type',
  'name',
  'email',
  'phone_number',
  'value',
  'dispute_reason',
  'blocked',
  'returned',
  'created_at',
  'updated_at',
] as const;

export const disputeRepo = perDatabase((db: Db) => {
  const insert = db.prepare(
    `INSERT INTO disputes (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const byEndToEnd = db.prepare<[string, string], DisputeRow>(
    'SELECT * FROM disputes WHERE company_id = ? AND end_to_end_id = ?',
  );
  const byId = db.prepare<[string, string], DisputeRow>('SELECT * FROM disputes WHERE company_id = ? AND id = ?');
  const byTransaction = db.prepare<[string], DisputeRow>('SELECT * FROM disputes WHERE transaction_id = ?');
  const list = db.prepare<
    { companyId: string; start: string | null; end: string | null; take: number; skip: number },
    DisputeRow
  >(
    `SELECT * FROM disputes WHERE company_id = @companyId
       AND (@start IS NULL OR created_at >= @start) AND (@end IS NULL OR created_at <= @end)
     ORDER BY created_at DESC, rowid DESC LIMIT @take OFFSET @skip`,
  );
  const count = db.prepare<{ companyId: string; start: string | null; end: string | null }, { n: number }>(
    `SELECT COUNT(*) AS n FROM disputes WHERE company_id = @companyId
       AND (@start IS NULL OR created_at >= @start) AND (@end IS NULL OR created_at <= @end)`,
  );
  const close = db.prepare(
    `UPDATE disputes SET status = @status, returned = @returned, updated_at = @at
     WHERE company_id = @companyId AND id = @id AND status = 'IN_REVIEW'`,
  );
  const insertEvidence = db.prepare(
    `INSERT INTO dispute_evidence (id, dispute_id, correlation_id, url, description, created_at)
     VALUES (@id, @dispute_id, @correlation_id, @url, @description, @created_at)`,
  );
  const evidenceByCorrelation = db.prepare<[string, string], EvidenceRow>(
    'SELECT * FROM dispute_evidence WHERE dispute_id = ? AND correlation_id = ?',
  );
  const touch = db.prepare('UPDATE disputes SET updated_at = ? WHERE id = ?');

  return {
    insert: (row: DisputeRow) => void insert.run(row),
    /** The API names a dispute by its transaction's end-to-end id; the webhook's `dispute.id` works too. */
    findByAnyId: (companyId: string, id: string) => byEndToEnd.get(companyId, id) ?? byId.get(companyId, id),
    findByTransaction: (transactionId: string) => byTransaction.get(transactionId),
    /** Newest first; `limit + 1` rows, for pageOf. */
    list: (companyId: string, start: string | undefined, end: string | undefined, skip: number, limit: number) =>
      list.all({ companyId, start: start ?? null, end: end ?? null, take: limit + 1, skip }),
    /** Every dispute the list's filter matches (its totalCount). */
    count: (companyId: string, start: string | undefined, end: string | undefined) =>
      count.get({ companyId, start: start ?? null, end: end ?? null })!.n,
    /** IN_REVIEW → a final status; false when it had already left IN_REVIEW. */
    close: (companyId: string, id: string, status: ClosedDisputeStatus, returned: number, at: string) =>
      close.run({ companyId, id, status, returned, at }).changes === 1,
    insertEvidence: (row: EvidenceRow) => void insertEvidence.run(row),
    findEvidence: (disputeId: string, correlationId: string) => evidenceByCorrelation.get(disputeId, correlationId),
    touch: (id: string, at: string) => void touch.run(at, id),
  };
});
