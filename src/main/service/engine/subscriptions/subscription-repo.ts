import type { Db } from '#lib/store/database';
import { fromGlobalId } from '../ids';
import { perDatabase } from '../repo-cache';

export const SUBSCRIPTION_GLOBAL_TYPE = 'PaymentSubscription';

export type SubscriptionStatus = 'ACTIVE' | 'COMPLETED' | 'EXPIRED';

export interface SubscriptionRow {
  id: string;
  global_id: string;
  company_id: string;
  account_id: string;
  correlation_id: string;
  customer_id: string;
  /** JSON of the customer at creation (SubscriptionCustomer). */
  customer: string;
  name: string | null;
  comment: string | null;
  value: number;
  type: 'PIX_RECURRING' | 'RECURRENT';
  frequency: string;
  charge_type: 'DYNAMIC' | 'OVERDUE' | 'BOLETO';
  day_generate_charge: number;
  anchor_day: string;
  first_generation_at: string;
  day_due: number;
  installment_count: number | null;
  additional_info: string;
  pix_recurring_options: string | null;
  payment_link_id: string;
  status: SubscriptionStatus;
  is_active: 0 | 1;
  generated_count: number;
  next_generation_at: string | null;
  request: string;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface InstallmentRow {
  /** The object id of its globalID (PaymentSubscriptionInstallment:<id>). */
  id: string;
  subscription_id: string;
  installment_number: number;
  company_id: string;
  scheduled_at: string;
  outcome: 'CHARGE_CREATED' | 'MISSED' | 'FAILED';
  charge_id: string | null;
  reason: string | null;
  /** What the period charges: the subscription's value when it was generated. */
  value: number;
  created_at: string;
}

const COLUMNS = [
  'id',
  'global_id',
  'company_id',
  'account_id',
  'correlation_id',
  'customer_id',
  'customer',
  'name',
  'comment',
  'value',
  'type',
  'frequency',
  'charge_type',
  'day_generate_charge',
  'anchor_day',
  'first_generation_at',
  'day_due',
  'installment_count',
  'additional_info',
  'pix_recurring_options',
  'payment_link_id',
  'status',
  'is_active',
  'generated_count',
  'next_generation_at',
  'request',
  'cancelled_at',
  'created_at',
  'updated_at',
] as const;

const INSTALLMENT_COLUMNS = [
  'id',
  'subscription_id',
  'installment_number',
  'company_id',
  'scheduled_at',
  'outcome',
  'charge_id',
  'reason',
  'value',
  'created_at',
] as const;

/** Subscription rows of one database; every lookup by a client's id is scoped by company. */
export class SubscriptionRepo {
  private readonly insertStmt;
  private readonly byCorrelation;
  private readonly byId;
  private readonly listStmt;
  private readonly countStmt;
  private readonly dueStmt;
  private readonly earliestStmt;
  private readonly advanceStmt;
  private readonly endStmt;
  private readonly valueStmt;
  private readonly insertInstallmentStmt;
  private readonly installmentStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO subscriptions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.byCorrelation = db.prepare<[string, string], SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE company_id = ? AND correlation_id = ?',
    );
    this.byId = db.prepare<[string, string], SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE company_id = ? AND id = ?',
    );
    this.listStmt = db.prepare<[string, number, number], SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE company_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
    );
    this.countStmt = db.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM subscriptions WHERE company_id = ?',
    );
    this.dueStmt = db.prepare<[string], SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE next_generation_at IS NOT NULL AND next_generation_at <= ? ORDER BY next_generation_at, rowid',
    );
    this.earliestStmt = db.prepare<[], { at: string | null }>(
      'SELECT MIN(next_generation_at) AS at FROM subscriptions WHERE next_generation_at IS NOT NULL',
    );
    this.advanceStmt = db.prepare(
      'UPDATE subscriptions SET generated_count = ?, next_generation_at = ?, updated_at = ? WHERE id = ? AND generated_count = ?',
    );
    this.endStmt = db.prepare(
      `UPDATE subscriptions SET status = ?, is_active = 0, next_generation_at = NULL, cancelled_at = COALESCE(?, cancelled_at), updated_at = ?
       WHERE id = ?`,
    );
    this.valueStmt = db.prepare('UPDATE subscriptions SET value = ?, updated_at = ? WHERE id = ?');
    this.insertInstallmentStmt = db.prepare(
      `INSERT INTO subscription_installments (${INSTALLMENT_COLUMNS.join(', ')}) VALUES (${INSTALLMENT_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.installmentStmt = db.prepare<[string, number], InstallmentRow>(
      'SELECT * FROM subscription_installments WHERE subscription_id = ? AND installment_number = ?',
    );
  }

  insert(row: SubscriptionRow): void {
    this.insertStmt.run(row);
  }

  findByCorrelationId(companyId: string, correlationId: string): SubscriptionRow | undefined {
    return this.byCorrelation.get(companyId, correlationId);
  }

  /** By globalID (the documented id) or correlationID, within the company. */
  findByAnyId(companyId: string, id: string): SubscriptionRow | undefined {
    const objectId = fromGlobalId(SUBSCRIPTION_GLOBAL_TYPE, id);
    return (objectId ? this.byId.get(companyId, objectId) : undefined) ?? this.byCorrelation.get(companyId, id);
  }

  findById(companyId: string, id: string): SubscriptionRow | undefined {
    return this.byId.get(companyId, id);
  }

  /** Newest first; `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, skip: number, limit: number): SubscriptionRow[] {
    return this.listStmt.all(companyId, limit + 1, skip);
  }

  /** Every subscription of the company (the list's totalCount). */
  count(companyId: string): number {
    return this.countStmt.get(companyId)!.n;
  }

  /** Live subscriptions whose next installment is due by `now`, earliest first. */
  dueForGeneration(now: string): SubscriptionRow[] {
    return this.dueStmt.all(now);
  }

  earliestGeneration(): string | null {
    return this.earliestStmt.get()?.at ?? null;
  }

  /**
   * Moves a subscription past installment `generated` (compare-and-set on the previous count, so
   * one installment can only be counted once) and schedules the next, or none.
   */
  advance(id: string, previousCount: number, generated: number, nextAt: string | null, now: string): boolean {
    return this.advanceStmt.run(generated, nextAt, now, id, previousCount).changes === 1;
  }

  /** Stops generation for good: COMPLETED (all installments), or EXPIRED (cancelled, or its account is gone). */
  end(id: string, status: SubscriptionStatus, cancelledAt: string | null, now: string): void {
    this.endStmt.run(status, cancelledAt, now, id);
  }

  /** The value of the installments generated from now on (PUT /subscriptions/{id}/value). */
  updateValue(id: string, value: number, now: string): void {
    this.valueStmt.run(value, now, id);
  }

  insertInstallment(row: InstallmentRow): void {
    this.insertInstallmentStmt.run(row);
  }

  findInstallment(subscriptionId: string, number: number): InstallmentRow | undefined {
    return this.installmentStmt.get(subscriptionId, number);
  }
}

export const subscriptionRepo = perDatabase((db) => new SubscriptionRepo(db));
