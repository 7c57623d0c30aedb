import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

export interface CashbackRow {
  id: string;
  company_id: string;
  customer_id: string;
  value: number;
  status: 'PENDING' | 'PAID';
  /** The charge whose payment credited it. */
  charge_id: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A pending cashback and the first charge whose payment credits it. */
export interface CreditableCashback {
  cashback_id: string;
  company_id: string;
  value: number;
  charge_id: string;
  first_paid_at: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'customer_id',
  'value',
  'status',
  'charge_id',
  'paid_at',
  'created_at',
  'updated_at',
] as const;

// CROSS JOIN fixes the order: from the few pending cashbacks to their customers' charges, never
// through every paid charge (the deadline query runs after each write).
// A pending cashback is credited by a charge of its customer that was created with
// enableCashbackExclusivePercentage and paid after the cashback was granted (strictly: a payment
// booked in the same instant as the grant may have come first).
const CREDITING_CHARGES = `
  FROM cashbacks cb
  CROSS JOIN charges c
  WHERE cb.status = 'PENDING' AND c.company_id = cb.company_id AND c.customer_id = cb.customer_id
    AND c.status = 'COMPLETED' AND c.paid_at > cb.created_at
    AND json_extract(c.options, '$.enableCashbackExclusivePercentage') = 1`;

/** Exclusive cashback rows of one database; every read by a client is scoped by company. */
export class CashbackRepo {
  private readonly insertStmt;
  private readonly pendingStmt;
  private readonly latestStmt;
  private readonly earliestCreditStmt;
  private readonly creditableStmt;
  private readonly markPaidStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO cashbacks (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.pendingStmt = db.prepare<[string, string], CashbackRow>(
      `SELECT * FROM cashbacks WHERE company_id = ? AND customer_id = ? AND status = 'PENDING'`,
    );
    this.latestStmt = db.prepare<[string, string], CashbackRow>(
      'SELECT * FROM cashbacks WHERE company_id = ? AND customer_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    );
    this.earliestCreditStmt = db.prepare<[], { at: string | null }>(`SELECT MIN(c.paid_at) AS at ${CREDITING_CHARGES}`);
    this.creditableStmt = db.prepare<[string], CreditableCashback>(
      // With MIN(), SQLite takes the bare c.id from the row holding the minimum: the first charge paid.
      `SELECT cb.id AS cashback_id, cb.company_id AS company_id, cb.value AS value, c.id AS charge_id, MIN(c.paid_at) AS first_paid_at
       ${CREDITING_CHARGES} AND c.paid_at <= ?
       GROUP BY cb.id ORDER BY first_paid_at, cb.id`,
    );
    this.markPaidStmt = db.prepare(
      `UPDATE cashbacks SET status = 'PAID', charge_id = ?, paid_at = ?, updated_at = ? WHERE id = ? AND status = 'PENDING'`,
    );
  }

  insert(row: CashbackRow): void {
    this.insertStmt.run(row);
  }

  /** The customer's pending cashback (at most one: a partial unique index). */
  pending(companyId: string, customerId: string): CashbackRow | undefined {
    return this.pendingStmt.get(companyId, customerId);
  }

  latest(companyId: string, customerId: string): CashbackRow | undefined {
    return this.latestStmt.get(companyId, customerId);
  }

  /** When the earliest pending cashback became creditable (its crediting charge's payment), or null. */
  earliestCredit(): string | null {
    return this.earliestCreditStmt.get()?.at ?? null;
  }

  /** Pending cashbacks creditable by `now`, each with its earliest crediting charge. */
  creditable(now: string): CreditableCashback[] {
    return this.creditableStmt.all(now);
  }

  markPaid(id: string, chargeId: string, now: string): boolean {
    return this.markPaidStmt.run(chargeId, now, now, id).changes === 1;
  }
}

export const cashbackRepo = perDatabase((db) => new CashbackRepo(db));
