import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

export interface SubaccountRow {
  id: string;
  company_id: string;
  pix_key: string;
  pix_key_type: string;
  name: string;
  /** The projection of its entries (subaccount-ledger.ts writes it, nothing else). */
  balance: number;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export type MoveKind = 'SPLIT' | 'CREDIT' | 'DEBIT' | 'TRANSFER' | 'WITHDRAWAL';

export interface SubaccountMoveRow {
  id: string;
  company_id: string;
  kind: MoveKind;
  correlation_id: string | null;
  value: number;
  from_subaccount_id: string | null;
  to_subaccount_id: string | null;
  /** The company bank account on the other side (credit, debit, split). */
  account_id: string | null;
  charge_id: string | null;
  end_to_end_id: string | null;
  destination_alias: string | null;
  description: string | null;
  request: string | null;
  created_at: string;
}

export type OperationType = 'CREDIT' | 'DEBIT' | 'TRANSFER_CREDIT' | 'TRANSFER_DEBIT' | 'WITHDRAWAL';

export interface SubaccountEntryRow {
  seq: number;
  id: string;
  company_id: string;
  subaccount_id: string;
  move_id: string;
  operation_type: OperationType;
  amount: number;
  balance_after: number;
  description: string;
  created_at: string;
}

export interface EntryFilter {
  subaccountId: string;
  start?: string;
  end?: string;
}

const MOVE_COLUMNS = [
  'id',
  'company_id',
  'kind',
  'correlation_id',
  'value',
  'from_subaccount_id',
  'to_subaccount_id',
  'account_id',
  'charge_id',
  'end_to_end_id',
  'destination_alias',
  'description',
  'request',
  'created_at',
] as const;

/** Subaccount rows, moves and entries of one database; every read is scoped by company. */
export class SubaccountRepo {
  private readonly insertStmt;
  private readonly byKeyStmt;
  private readonly byIdStmt;
  private readonly listStmt;
  private readonly countStmt;
  private readonly deleteStmt;
  private readonly insertMoveStmt;
  private readonly moveByCorrelationStmt;
  private readonly addBalanceStmt;
  private readonly spendBalanceStmt;
  private readonly insertEntryStmt;
  private readonly entriesStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO subaccounts (id, company_id, pix_key, pix_key_type, name, balance, deleted_at, created_at, updated_at)
       VALUES (@id, @company_id, @pix_key, @pix_key_type, @name, 0, NULL, @created_at, @updated_at)`,
    );
    this.byKeyStmt = db.prepare<[string, string], SubaccountRow>(
      'SELECT * FROM subaccounts WHERE company_id = ? AND pix_key = ? AND deleted_at IS NULL',
    );
    this.byIdStmt = db.prepare<[string, string], SubaccountRow>(
      'SELECT * FROM subaccounts WHERE company_id = ? AND id = ?',
    );
    this.listStmt = db.prepare<[string, number, number], SubaccountRow>(
      `SELECT * FROM subaccounts WHERE company_id = ? AND deleted_at IS NULL
       ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.countStmt = db.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM subaccounts WHERE company_id = ? AND deleted_at IS NULL',
    );
    this.deleteStmt = db.prepare(
      `UPDATE subaccounts SET deleted_at = ?, updated_at = ?
       WHERE company_id = ? AND id = ? AND deleted_at IS NULL AND balance = 0`,
    );
    this.insertMoveStmt = db.prepare(
      `INSERT INTO subaccount_moves (${MOVE_COLUMNS.join(', ')}) VALUES (${MOVE_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.moveByCorrelationStmt = db.prepare<[string, string, string], SubaccountMoveRow>(
      'SELECT * FROM subaccount_moves WHERE company_id = ? AND kind = ? AND correlation_id = ?',
    );
    this.addBalanceStmt = db.prepare<[number, string, string, string]>(
      `UPDATE subaccounts SET balance = balance + ?, updated_at = ?
       WHERE company_id = ? AND id = ? AND deleted_at IS NULL`,
    );
    // The check and the move are one statement, as the main ledger's spending is.
    this.spendBalanceStmt = db.prepare<[number, string, string, string, number]>(
      `UPDATE subaccounts SET balance = balance - ?, updated_at = ?
       WHERE company_id = ? AND id = ? AND deleted_at IS NULL AND balance >= ?`,
    );
    this.insertEntryStmt = db.prepare(
      `INSERT INTO subaccount_entries
         (id, company_id, subaccount_id, move_id, operation_type, amount, balance_after, description, created_at)
       VALUES (@id, @company_id, @subaccount_id, @move_id, @operation_type, @amount,
         (SELECT balance FROM subaccounts WHERE id = @subaccount_id), @description, @created_at)`,
    );
    this.entriesStmt = db.prepare<
      {
        companyId: string;
        subaccountId: string;
        start: string | null;
        end: string | null;
        limit: number;
        skip: number;
      },
      SubaccountEntryRow
    >(
      `SELECT * FROM subaccount_entries
       WHERE company_id = @companyId AND subaccount_id = @subaccountId
         AND (@start IS NULL OR created_at >= @start) AND (@end IS NULL OR created_at <= @end)
       ORDER BY seq DESC LIMIT @limit OFFSET @skip`,
    );
  }

  insert(row: Omit<SubaccountRow, 'balance' | 'deleted_at'>): void {
    this.insertStmt.run(row);
  }

  /** The company's live subaccount with this (canonical) key. */
  findByKey(companyId: string, pixKey: string): SubaccountRow | undefined {
    return this.byKeyStmt.get(companyId, pixKey);
  }

  findById(companyId: string, id: string): SubaccountRow | undefined {
    return this.byIdStmt.get(companyId, id);
  }

  /** Newest first; `limit + 1` rows tell pageOf whether a next page exists. */
  list(companyId: string, skip: number, limit: number): SubaccountRow[] {
    return this.listStmt.all(companyId, limit + 1, skip);
  }

  count(companyId: string): number {
    return this.countStmt.get(companyId)!.n;
  }

  /** Deletes it only with a zero balance; false when it has money (or is already gone). */
  softDelete(companyId: string, id: string, at: string): boolean {
    return this.deleteStmt.run(at, at, companyId, id).changes === 1;
  }

  insertMove(row: SubaccountMoveRow): void {
    this.insertMoveStmt.run(row);
  }

  moveByCorrelation(companyId: string, kind: MoveKind, correlationId: string): SubaccountMoveRow | undefined {
    return this.moveByCorrelationStmt.get(companyId, kind, correlationId);
  }

  addBalance(companyId: string, id: string, cents: number, at: string): boolean {
    return this.addBalanceStmt.run(cents, at, companyId, id).changes === 1;
  }

  spendBalance(companyId: string, id: string, cents: number, at: string): boolean {
    return this.spendBalanceStmt.run(cents, at, companyId, id, cents).changes === 1;
  }

  /** Written right after the balance it follows: `balance_after` is read from the projection. */
  insertEntry(row: Omit<SubaccountEntryRow, 'seq' | 'balance_after'>): void {
    this.insertEntryStmt.run(row);
  }

  /** Newest first, within the optional time window. */
  entries(companyId: string, filter: EntryFilter, skip: number, limit: number): SubaccountEntryRow[] {
    return this.entriesStmt.all({
      companyId,
      subaccountId: filter.subaccountId,
      start: filter.start ?? null,
      end: filter.end ?? null,
      limit,
      skip,
    });
  }
}

export const subaccountRepo = perDatabase((db) => new SubaccountRepo(db));
