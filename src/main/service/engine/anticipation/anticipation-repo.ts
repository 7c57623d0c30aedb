import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { TaxIdType } from '#shared/lib/tax-id';

export const ANTICIPATION_STATUSES = [
  'PENDING',
  'PROCESSING',
  'CONFIRMED',
  'CANCELED',
  'PAID',
  'OVERDUE',
  'FAILED',
] as const;
export type AnticipationStatus = (typeof ANTICIPATION_STATUSES)[number];

/**
 * The statuses whose amount still counts against the beneficiary's advanceable limit: asked for
 * and not yet released (PENDING), or advanced and not yet repaid. A rejection (CANCELED), a
 * failed payout or a repaid advance (PAID) releases it.
 */
const RESERVING = `('PENDING', 'PROCESSING', 'CONFIRMED', 'OVERDUE')`;

/** Per-beneficiary settings the API takes and the sandbox keeps (JSON column `settings`). */
export interface BeneficiarySettings {
  feeDestinationAccountId?: string | null;
  paymentDaysOverride?: number[] | null;
  frequencyOverride?: { maxAdvances?: number; periodDays?: number } | null;
}

/** One row of table `anticipation_beneficiaries` (migration 020). */
export interface BeneficiaryRow {
  id: string;
  company_id: string;
  tax_id: string;
  tax_id_type: TaxIdType;
  name: string;
  cpf: string | null;
  notify_email: string | null;
  notify_phone: string | null;
  available_amount: number | null;
  max_advanceable_amount: number;
  is_active: 0 | 1;
  auto_approve: 0 | 1 | null;
  /** JSON: BeneficiarySettings. */
  settings: string;
  correlation_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One row of table `anticipation_requests` (migration 020). */
export interface AnticipationRow {
  id: string;
  company_id: string;
  beneficiary_id: string;
  beneficiary_tax_id: string;
  status: AnticipationStatus;
  requested_amount: number;
  fee_amount: number;
  net_amount: number;
  fee_mode: string;
  monthly_fee_percentage: number;
  days_until_due: number;
  due_date: string;
  approved_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  /** The Pix end-to-end id of the payout, once it settled (CONFIRMED on). */
  end_to_end_id: string | null;
  /** The account the payout leaves from: the approving AppID's, which holds net_amount meanwhile. */
  account_id: string | null;
  /** When an approved (PROCESSING) request's payout settles: approval + paymentSettlementMs. */
  settles_at: string | null;
  /** The WITHDRAW transaction that booked the payout. */
  transaction_id: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

const BENEFICIARY_COLUMNS = [
  'id',
  'company_id',
  'tax_id',
  'tax_id_type',
  'name',
  'cpf',
  'notify_email',
  'notify_phone',
  'available_amount',
  'max_advanceable_amount',
  'is_active',
  'auto_approve',
  'settings',
  'correlation_id',
  'created_at',
  'updated_at',
] as const;

const REQUEST_COLUMNS = [
  'id',
  'company_id',
  'beneficiary_id',
  'beneficiary_tax_id',
  'status',
  'requested_amount',
  'fee_amount',
  'net_amount',
  'fee_mode',
  'monthly_fee_percentage',
  'days_until_due',
  'due_date',
  'approved_at',
  'cancelled_at',
  'cancel_reason',
  'end_to_end_id',
  'account_id',
  'settles_at',
  'transaction_id',
  'failure_code',
  'failure_reason',
  'created_at',
  'updated_at',
] as const;

const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

/** Anticipation beneficiaries and requests of one database; every statement is scoped by company. */
export class AnticipationRepo {
  private readonly insertBeneficiaryStmt;
  private readonly beneficiaryByTaxIdStmt;
  private readonly setActiveStmt;
  private readonly setBalanceStmt;
  private readonly insertRequestStmt;
  private readonly requestByIdStmt;
  private readonly reservedStmt;
  private readonly countSinceStmt;
  private readonly listStmt;
  private readonly countStmt;
  private readonly approveStmt;
  private readonly rejectStmt;
  private readonly beneficiaryByIdStmt;
  private readonly dueForPayoutStmt;
  private readonly confirmStmt;
  private readonly fallingDueStmt;
  private readonly overdueOfStmt;
  private readonly closeStmt;
  private readonly earliestStmt;

  constructor(db: Db) {
    this.insertBeneficiaryStmt = db.prepare(insertSql('anticipation_beneficiaries', BENEFICIARY_COLUMNS));
    this.beneficiaryByTaxIdStmt = db.prepare<[string, string], BeneficiaryRow>(
      'SELECT * FROM anticipation_beneficiaries WHERE company_id = ? AND tax_id = ?',
    );
    this.setActiveStmt = db.prepare(
      'UPDATE anticipation_beneficiaries SET is_active = ?, updated_at = ? WHERE company_id = ? AND id = ?',
    );
    this.setBalanceStmt = db.prepare(
      `UPDATE anticipation_beneficiaries SET available_amount = ?, max_advanceable_amount = ?, updated_at = ?
       WHERE company_id = ? AND id = ?`,
    );
    this.insertRequestStmt = db.prepare(insertSql('anticipation_requests', REQUEST_COLUMNS));
    this.requestByIdStmt = db.prepare<[string, string], AnticipationRow>(
      'SELECT * FROM anticipation_requests WHERE company_id = ? AND id = ?',
    );
    this.reservedStmt = db.prepare<[string, string], { reserved: number }>(
      `SELECT COALESCE(SUM(requested_amount), 0) AS reserved FROM anticipation_requests
       WHERE company_id = ? AND beneficiary_id = ? AND status IN ${RESERVING}`,
    );
    this.countSinceStmt = db.prepare<[string, string, string], { n: number }>(
      `SELECT COUNT(*) AS n FROM anticipation_requests
       WHERE company_id = ? AND beneficiary_id = ? AND created_at > ? AND status <> 'CANCELED'`,
    );
    this.listStmt = db.prepare<
      [{ company: string; status: string | null; limit: number; skip: number }],
      AnticipationRow
    >(
      `SELECT * FROM anticipation_requests
       WHERE company_id = @company AND (@status IS NULL OR status = @status)
       ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @skip`,
    );
    this.countStmt = db.prepare<[{ company: string; status: string | null }], { n: number }>(
      `SELECT COUNT(*) AS n FROM anticipation_requests WHERE company_id = @company AND (@status IS NULL OR status = @status)`,
    );
    // Each transition names the status it leaves, so two racing calls cannot both apply it.
    this.approveStmt = db.prepare(
      `UPDATE anticipation_requests SET status = 'PROCESSING', approved_at = @at, updated_at = @at,
         account_id = @accountId, settles_at = @settlesAt
       WHERE company_id = @companyId AND id = @id AND status = 'PENDING'`,
    );
    this.beneficiaryByIdStmt = db.prepare<[string, string], BeneficiaryRow>(
      'SELECT * FROM anticipation_beneficiaries WHERE company_id = ? AND id = ?',
    );
    // The sweeper's reads span every company: it settles what is due, whoever it belongs to.
    this.dueForPayoutStmt = db.prepare<[string], AnticipationRow>(
      `SELECT * FROM anticipation_requests WHERE status = 'PROCESSING' AND settles_at <= ? ORDER BY settles_at, id`,
    );
    this.confirmStmt = db.prepare(
      `UPDATE anticipation_requests SET status = 'CONFIRMED', end_to_end_id = @endToEndId,
         transaction_id = @transactionId, updated_at = @at
       WHERE company_id = @companyId AND id = @id AND status = 'PROCESSING'`,
    );
    this.fallingDueStmt = db.prepare<[string], AnticipationRow>(
      `SELECT * FROM anticipation_requests WHERE status = 'CONFIRMED' AND due_date <= ? ORDER BY due_date, created_at, id`,
    );
    this.overdueOfStmt = db.prepare<[string, string], AnticipationRow>(
      `SELECT * FROM anticipation_requests WHERE company_id = ? AND beneficiary_id = ? AND status = 'OVERDUE'
       ORDER BY due_date, created_at, id`,
    );
    this.closeStmt = db.prepare(
      `UPDATE anticipation_requests SET status = @status, updated_at = @at
       WHERE company_id = @companyId AND id = @id AND status = @from`,
    );
    this.earliestStmt = db.prepare<[], { at: string | null }>(
      `SELECT MIN(at) AS at FROM (
         SELECT MIN(settles_at) AS at FROM anticipation_requests WHERE status = 'PROCESSING'
         UNION ALL SELECT MIN(due_date) FROM anticipation_requests WHERE status = 'CONFIRMED')`,
    );
    this.rejectStmt = db.prepare(
      `UPDATE anticipation_requests SET status = 'CANCELED', cancelled_at = ?, cancel_reason = ?, updated_at = ?
       WHERE company_id = ? AND id = ? AND status = 'PENDING'`,
    );
  }

  insertBeneficiary(row: BeneficiaryRow): void {
    this.insertBeneficiaryStmt.run(row);
  }

  beneficiaryByTaxId(companyId: string, taxId: string): BeneficiaryRow | undefined {
    return this.beneficiaryByTaxIdStmt.get(companyId, taxId);
  }

  setActive(companyId: string, id: string, active: boolean, now: string): void {
    this.setActiveStmt.run(active ? 1 : 0, now, companyId, id);
  }

  setBalance(companyId: string, id: string, available: number, maxAdvanceable: number, now: string): void {
    this.setBalanceStmt.run(available, maxAdvanceable, now, companyId, id);
  }

  insertRequest(row: AnticipationRow): void {
    this.insertRequestStmt.run(row);
  }

  request(companyId: string, id: string): AnticipationRow | undefined {
    return this.requestByIdStmt.get(companyId, id);
  }

  /** What the beneficiary's open requests hold of the advanceable limit, in cents. */
  reserved(companyId: string, beneficiaryId: string): number {
    return this.reservedStmt.get(companyId, beneficiaryId)!.reserved;
  }

  /** Requests of the beneficiary created after `since` and not rejected (the frequency window). */
  countSince(companyId: string, beneficiaryId: string, since: string): number {
    return this.countSinceStmt.get(companyId, beneficiaryId, since)!.n;
  }

  list(companyId: string, status: AnticipationStatus | null, limit: number, skip: number): AnticipationRow[] {
    return this.listStmt.all({ company: companyId, status, limit, skip });
  }

  count(companyId: string, status: AnticipationStatus | null): number {
    return this.countStmt.get({ company: companyId, status })!.n;
  }

  approve(companyId: string, id: string, accountId: string, at: string, settlesAt: string): boolean {
    return this.approveStmt.run({ companyId, id, accountId, at, settlesAt }).changes === 1;
  }

  beneficiaryById(companyId: string, id: string): BeneficiaryRow | undefined {
    return this.beneficiaryByIdStmt.get(companyId, id);
  }

  /** PROCESSING requests, of every company, whose payout settles by `at`. */
  dueForPayout(at: string): AnticipationRow[] {
    return this.dueForPayoutStmt.all(at);
  }

  confirm(row: AnticipationRow, endToEndId: string, transactionId: string, at: string): boolean {
    return this.confirmStmt.run({ companyId: row.company_id, id: row.id, endToEndId, transactionId, at }).changes === 1;
  }

  /** CONFIRMED (paid-out) requests, of every company, due by `at`, oldest due first. */
  fallingDue(at: string): AnticipationRow[] {
    return this.fallingDueStmt.all(at);
  }

  /** The beneficiary's OVERDUE requests, oldest due first. */
  overdueOf(companyId: string, beneficiaryId: string): AnticipationRow[] {
    return this.overdueOfStmt.all(companyId, beneficiaryId);
  }

  /** A paid-out advance reaches its end: PAID (repaid) or OVERDUE, from the status it leaves. */
  close(row: AnticipationRow, from: AnticipationStatus, status: 'PAID' | 'OVERDUE', at: string): boolean {
    return this.closeStmt.run({ companyId: row.company_id, id: row.id, from, status, at }).changes === 1;
  }

  /** The sweeper's next deadline: the earliest payout to settle or paid-out advance to fall due. */
  earliestDeadline(): string | null {
    return this.earliestStmt.get()!.at;
  }

  reject(companyId: string, id: string, reason: string | null, now: string): boolean {
    return this.rejectStmt.run(now, reason, now, companyId, id).changes === 1;
  }
}

export const anticipationRepo = perDatabase((db) => new AnticipationRepo(db));
