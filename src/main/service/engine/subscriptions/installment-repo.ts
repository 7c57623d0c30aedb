import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { InstallmentRow } from './subscription-repo';

export const INSTALLMENT_GLOBAL_TYPE = 'PaymentSubscriptionInstallment';

export type CobrStatus = 'CREATED' | 'APPROVED' | 'REJECTED' | 'COMPLETED';
export type CobrTryStatus = 'REQUESTED' | 'REJECTED' | 'COMPLETED';

/** An installment's Pix Automático cobr (migration 022). */
export interface CobrRow {
  installment_id: string;
  company_id: string;
  subscription_id: string;
  identifier_id: string;
  recurrency_id: string;
  status: CobrStatus;
  value: number;
  reject_code: string | null;
  end_to_end_id: string | null;
  /** São Paulo calendar day the payer is debited on. */
  charge_date: string;
  /** Last calendar day a try may run (the charge date plus the retry policy's 7 days). */
  expiry_date: string;
  payment_date: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface CobrTryRow {
  installment_id: string;
  try_number: number;
  status: CobrTryStatus;
  /** AGND: the scheduled first try; NTAG: a new try after a rejection (BCB's finalidadeDoAgendamento). */
  finality_purpose: 'AGND' | 'NTAG';
  value: number;
  reject_code: string | null;
  requested_execution_date: string;
  created_at: string;
  updated_at: string;
}

const COBR_COLUMNS = [
  'installment_id',
  'company_id',
  'subscription_id',
  'identifier_id',
  'recurrency_id',
  'status',
  'value',
  'reject_code',
  'end_to_end_id',
  'charge_date',
  'expiry_date',
  'payment_date',
  'description',
  'created_at',
  'updated_at',
] as const;

const TRY_COLUMNS = [
  'installment_id',
  'try_number',
  'status',
  'finality_purpose',
  'value',
  'reject_code',
  'requested_execution_date',
  'created_at',
  'updated_at',
] as const;

const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

/** Installments, their cobrs and tries; every lookup by a client's id is scoped by company. */
export class InstallmentRepo {
  private readonly byId;
  private readonly byCobrEndToEnd;
  private readonly byPaidChargeEndToEnd;
  private readonly listStmt;
  private readonly countStmt;
  private readonly cobrStmt;
  private readonly insertCobrStmt;
  private readonly updateCobrStmt;
  private readonly triesStmt;
  private readonly insertTryStmt;
  private readonly settleTryStmt;

  constructor(db: Db) {
    this.byId = db.prepare<[string, string], InstallmentRow>(
      'SELECT * FROM subscription_installments WHERE company_id = ? AND id = ?',
    );
    this.byCobrEndToEnd = db.prepare<[string, string], InstallmentRow>(
      `SELECT i.* FROM installment_cobrs c JOIN subscription_installments i ON i.id = c.installment_id
       WHERE c.company_id = ? AND c.end_to_end_id = ?`,
    );
    this.byPaidChargeEndToEnd = db.prepare<[string, string], InstallmentRow>(
      `SELECT i.* FROM transactions t JOIN subscription_installments i ON i.charge_id = t.charge_id
       WHERE t.company_id = ? AND t.end_to_end_id = ? AND t.charge_id IS NOT NULL AND i.company_id = t.company_id
       LIMIT 1`,
    );
    this.listStmt = db.prepare<[string, number, number], InstallmentRow>(
      'SELECT * FROM subscription_installments WHERE subscription_id = ? ORDER BY installment_number LIMIT ? OFFSET ?',
    );
    this.countStmt = db.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM subscription_installments WHERE subscription_id = ?',
    );
    this.cobrStmt = db.prepare<[string], CobrRow>('SELECT * FROM installment_cobrs WHERE installment_id = ?');
    this.insertCobrStmt = db.prepare(insertSql('installment_cobrs', COBR_COLUMNS));
    this.updateCobrStmt = db.prepare(
      `UPDATE installment_cobrs SET status = @status, value = @value, reject_code = @reject_code,
         end_to_end_id = @end_to_end_id, payment_date = @payment_date, updated_at = @updated_at
       WHERE installment_id = @installment_id AND status = @previous_status`,
    );
    this.triesStmt = db.prepare<[string], CobrTryRow>(
      'SELECT * FROM installment_cobr_tries WHERE installment_id = ? ORDER BY try_number',
    );
    this.insertTryStmt = db.prepare(insertSql('installment_cobr_tries', TRY_COLUMNS));
    this.settleTryStmt = db.prepare(
      `UPDATE installment_cobr_tries SET status = ?, reject_code = ?, updated_at = ?
       WHERE installment_id = ? AND try_number = ? AND status = 'REQUESTED'`,
    );
  }

  findById(companyId: string, id: string): InstallmentRow | undefined {
    return this.byId.get(companyId, id);
  }

  /** The installment a Pix paid: its cobr's debit, or a payment of its charge. */
  findByEndToEndId(companyId: string, endToEndId: string): InstallmentRow | undefined {
    return this.byCobrEndToEnd.get(companyId, endToEndId) ?? this.byPaidChargeEndToEnd.get(companyId, endToEndId);
  }

  /** Oldest first; `limit + 1` rows so the caller can tell whether a next page exists. */
  listBySubscription(subscriptionId: string, skip: number, limit: number): InstallmentRow[] {
    return this.listStmt.all(subscriptionId, limit + 1, skip);
  }

  countBySubscription(subscriptionId: string): number {
    return this.countStmt.get(subscriptionId)!.n;
  }

  findCobr(installmentId: string): CobrRow | undefined {
    return this.cobrStmt.get(installmentId);
  }

  insertCobr(row: CobrRow): void {
    this.insertCobrStmt.run(row);
  }

  /** Moves a cobr on from `previousStatus` (compare-and-set); false when it was no longer there. */
  updateCobr(row: CobrRow, previousStatus: CobrStatus): boolean {
    const { status, value, reject_code, end_to_end_id, payment_date, updated_at, installment_id } = row;
    return (
      this.updateCobrStmt.run({
        status,
        value,
        reject_code,
        end_to_end_id,
        payment_date,
        updated_at,
        installment_id,
        previous_status: previousStatus,
      }).changes === 1
    );
  }

  tries(installmentId: string): CobrTryRow[] {
    return this.triesStmt.all(installmentId);
  }

  insertTry(row: CobrTryRow): void {
    this.insertTryStmt.run(row);
  }

  /** Settles a REQUESTED try; false when it was already settled. */
  settleTry(
    installmentId: string,
    tryNumber: number,
    status: 'REJECTED' | 'COMPLETED',
    rejectCode: string | null,
    at: string,
  ): boolean {
    return this.settleTryStmt.run(status, rejectCode, at, installmentId, tryNumber).changes === 1;
  }
}

export const installmentRepo = perDatabase((db) => new InstallmentRepo(db));
