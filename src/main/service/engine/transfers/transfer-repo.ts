import type { Db } from '#lib/store/database';
import type { LedgerKind } from '../ledger/ledger';
import { perDatabase } from '../repo-cache';

export interface TransferRow {
  id: string;
  company_id: string;
  correlation_id: string;
  value: number;
  from_account_id: string;
  to_account_id: string;
  from_pix_key: string;
  to_pix_key: string;
  debit_transaction_id: string;
  credit_transaction_id: string;
  created_at: string;
}

/** One movement of an account's money (its `total` bucket), with what the statement shows of it. */
export interface StatementRow {
  seq: number;
  kind: LedgerKind;
  amount: number;
  created_at: string;
  /** The total after this entry: the running sum of the account's entries up to it. */
  balance_after: number;
  /** The booked transaction's transactionID, when the entry booked one. */
  transaction_code: string | null;
  /** For a SUBACCOUNT entry: the move's kind and the subaccount's key. */
  move_kind: string | null;
  subaccount_key: string | null;
  charge_correlation_id: string | null;
}

export interface StatementFilter {
  start?: string;
  end?: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'correlation_id',
  'value',
  'from_account_id',
  'to_account_id',
  'from_pix_key',
  'to_pix_key',
  'debit_transaction_id',
  'credit_transaction_id',
  'created_at',
] as const;

/** Transfers between a company's accounts, and the account statement read from the ledger. */
export class TransferRepo {
  private readonly insertStmt;
  private readonly byCorrelationStmt;
  private readonly statementStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO transfers (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.byCorrelationStmt = db.prepare<[string, string], TransferRow>(
      'SELECT * FROM transfers WHERE company_id = ? AND correlation_id = ?',
    );
    // The running balance is summed over every entry of the account (its index on account_id, seq),
    // then the window of time and the page are cut from it: a page shows the true balance after
    // each of its lines, whatever the filter.
    this.statementStmt = db.prepare<
      { companyId: string; accountId: string; start: string | null; end: string | null; limit: number; skip: number },
      StatementRow
    >(
      `SELECT s.seq, s.kind, s.amount, s.created_at, s.balance_after,
              t.transaction_id AS transaction_code, m.kind AS move_kind, sa.pix_key AS subaccount_key,
              c.correlation_id AS charge_correlation_id
       FROM (
         SELECT seq, kind, amount, created_at, transaction_id, cause_id,
                SUM(amount) OVER (ORDER BY seq) AS balance_after
         FROM ledger_entries
         WHERE company_id = @companyId AND account_id = @accountId AND bucket = 'total'
       ) s
       LEFT JOIN transactions t ON t.id = s.transaction_id
       LEFT JOIN subaccount_moves m ON s.kind = 'SUBACCOUNT' AND m.id = s.cause_id
       LEFT JOIN subaccounts sa ON sa.id = COALESCE(m.to_subaccount_id, m.from_subaccount_id)
       LEFT JOIN charges c ON c.id = COALESCE(t.charge_id, m.charge_id)
       WHERE (@start IS NULL OR s.created_at >= @start) AND (@end IS NULL OR s.created_at <= @end)
       ORDER BY s.seq DESC LIMIT @limit OFFSET @skip`,
    );
  }

  insert(row: TransferRow): void {
    this.insertStmt.run(row);
  }

  findByCorrelation(companyId: string, correlationId: string): TransferRow | undefined {
    return this.byCorrelationStmt.get(companyId, correlationId);
  }

  /** The account's movements, newest first. */
  statement(
    companyId: string,
    accountId: string,
    filter: StatementFilter,
    skip: number,
    limit: number,
  ): StatementRow[] {
    return this.statementStmt.all({
      companyId,
      accountId,
      start: filter.start ?? null,
      end: filter.end ?? null,
      limit,
      skip,
    });
  }
}

export const transferRepo = perDatabase((db) => new TransferRepo(db));
