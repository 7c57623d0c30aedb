import type { Db } from '#lib/store/database';
import type { TaxIdType } from '#shared/service/resources';
import { perDatabase } from '../repo-cache';

export interface CustomerRow {
  id: string;
  company_id: string;
  correlation_id: string;
  name: string;
  /** Lower-case. */
  email: string | null;
  /** E.164. */
  phone: string | null;
  /** Canonical CPF/CNPJ (no mask, upper-case). */
  tax_id: string | null;
  tax_id_type: TaxIdType | null;
  /** JSON of a non-empty Address, or null. */
  address: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'correlation_id',
  'name',
  'email',
  'phone',
  'tax_id',
  'tax_id_type',
  'address',
  'created_at',
  'updated_at',
] as const;

/**
 * Customer rows of one database. Every statement is scoped by company_id: another company's
 * customer is indistinguishable from one that does not exist.
 */
export class CustomerRepo {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly byCorrelation;
  private readonly byTaxId;
  private readonly byEmail;
  private readonly byEmailWithoutTaxId;
  private readonly listStmt;
  private readonly countStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO customers (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.updateStmt = db.prepare(
      `UPDATE customers SET name = @name, email = @email, phone = @phone, tax_id = @tax_id, tax_id_type = @tax_id_type,
         address = @address, updated_at = @updated_at
       WHERE company_id = @company_id AND id = @id`,
    );
    this.byCorrelation = db.prepare<[string, string], CustomerRow>(
      'SELECT * FROM customers WHERE company_id = ? AND correlation_id = ?',
    );
    // tax_id is unique per company by rule (enforced on write); the ORDER BY only makes reads
    // deterministic should older data ever hold a duplicate.
    this.byTaxId = db.prepare<[string, string], CustomerRow>(
      'SELECT * FROM customers WHERE company_id = ? AND tax_id = ? ORDER BY created_at, rowid LIMIT 1',
    );
    this.byEmail = db.prepare<[string, string], CustomerRow>(
      'SELECT * FROM customers WHERE company_id = ? AND email = ? ORDER BY created_at, rowid LIMIT 1',
    );
    this.byEmailWithoutTaxId = db.prepare<[string, string], CustomerRow>(
      'SELECT * FROM customers WHERE company_id = ? AND email = ? AND tax_id IS NULL ORDER BY created_at, rowid LIMIT 1',
    );
    // rowid breaks ties between customers created in the same instant, keeping "newest first" stable.
    this.listStmt = db.prepare<[string, number, number], CustomerRow>(
      'SELECT * FROM customers WHERE company_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?',
    );
    this.countStmt = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM customers WHERE company_id = ?');
  }

  insert(row: CustomerRow): void {
    this.insertStmt.run(row);
  }

  update(row: CustomerRow): void {
    this.updateStmt.run(row);
  }

  findByCorrelationId(companyId: string, correlationId: string): CustomerRow | undefined {
    return this.byCorrelation.get(companyId, correlationId);
  }

  findByTaxId(companyId: string, taxId: string): CustomerRow | undefined {
    return this.byTaxId.get(companyId, taxId);
  }

  /** The oldest customer with this e-mail; `withoutTaxId` skips those who already have a CPF/CNPJ. */
  findByEmail(companyId: string, email: string, withoutTaxId = false): CustomerRow | undefined {
    return (withoutTaxId ? this.byEmailWithoutTaxId : this.byEmail).get(companyId, email);
  }

  /** Newest first; fetches `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, skip: number, limit: number): CustomerRow[] {
    return this.listStmt.all(companyId, limit + 1, skip);
  }

  /** Every customer of the company (the list's totalCount). */
  count(companyId: string): number {
    return this.countStmt.get(companyId)!.n;
  }
}

/** The CustomerRepo of a database, built once so its statements are prepared once. */
export const customerRepo = perDatabase((db) => new CustomerRepo(db));
