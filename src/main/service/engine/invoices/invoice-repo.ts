import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/** PROCESSING (sent to the city hall) → CONFIRMED (issued) → CANCELED. */
export type InvoiceStatus = 'PROCESSING' | 'CONFIRMED' | 'CANCELED';

export interface InvoiceRow {
  id: string;
  company_id: string;
  integration_id: string;
  correlation_id: string;
  value: number;
  description: string | null;
  billing_date: string;
  status: InvoiceStatus;
  customer_id: string;
  /** JSON of InvoiceCustomerSnapshot: the tomador as the note names it. */
  customer: string;
  charge_id: string | null;
  /** JSON of InvoiceChargeSnapshot, taken at issue. */
  charge: string | null;
  number: number | null;
  verification_code: string | null;
  /** The canonical create request: a retry with the same correlationID must send the same one. */
  request: string;
  issues_at: string | null;
  confirmed_at: string | null;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The list's filters: instants (ISO), `end` excluded. */
export interface InvoiceListFilter {
  start?: string;
  end?: string;
}

const COLUMNS = [
  'id',
  'company_id',
  'integration_id',
  'correlation_id',
  'value',
  'description',
  'billing_date',
  'status',
  'customer_id',
  'customer',
  'charge_id',
  'charge',
  'number',
  'verification_code',
  'request',
  'issues_at',
  'confirmed_at',
  'canceled_at',
  'created_at',
  'updated_at',
] as const;

// The list's filter as one statement: a bound NULL turns its condition off.
const LIST_WHERE =
  'company_id = @companyId AND (@start IS NULL OR created_at >= @start) AND (@end IS NULL OR created_at < @end)';

/** Invoice rows of one database; every lookup by a client's id is scoped by company. */
export class InvoiceRepo {
  private readonly insertStmt;
  private readonly byCorrelation;
  private readonly byId;
  private readonly listStmt;
  private readonly countStmt;
  private readonly liveForChargeStmt;
  private readonly earliestStmt;
  private readonly dueStmt;
  private readonly confirmStmt;
  private readonly cancelStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO invoices (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.byCorrelation = db.prepare<[string, string], InvoiceRow>(
      'SELECT * FROM invoices WHERE company_id = ? AND correlation_id = ?',
    );
    this.byId = db.prepare<[string, string], InvoiceRow>('SELECT * FROM invoices WHERE company_id = ? AND id = ?');
    this.listStmt = db.prepare<[Record<string, unknown>], InvoiceRow>(
      `SELECT * FROM invoices WHERE ${LIST_WHERE} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @skip`,
    );
    this.countStmt = db.prepare<[Record<string, unknown>], { n: number }>(
      `SELECT COUNT(*) AS n FROM invoices WHERE ${LIST_WHERE}`,
    );
    this.liveForChargeStmt = db.prepare<[string, string], InvoiceRow>(
      `SELECT * FROM invoices WHERE company_id = ? AND charge_id = ? AND status != 'CANCELED' LIMIT 1`,
    );
    this.earliestStmt = db.prepare<[], { at: string | null }>(
      'SELECT MIN(issues_at) AS at FROM invoices WHERE issues_at IS NOT NULL',
    );
    this.dueStmt = db.prepare<[string], InvoiceRow>(
      'SELECT * FROM invoices WHERE issues_at IS NOT NULL AND issues_at <= ? ORDER BY issues_at, id',
    );
    // Compare-and-set on PROCESSING, so an invoice is issued (and numbered) once.
    this.confirmStmt = db.prepare(
      `UPDATE invoices SET status = 'CONFIRMED', number = ?, verification_code = ?, issues_at = NULL, confirmed_at = ?, updated_at = ?
       WHERE id = ? AND status = 'PROCESSING'`,
    );
    this.cancelStmt = db.prepare(
      `UPDATE invoices SET status = 'CANCELED', canceled_at = ?, updated_at = ? WHERE company_id = ? AND id = ? AND status = 'CONFIRMED'`,
    );
  }

  insert(row: InvoiceRow): void {
    this.insertStmt.run(row);
  }

  findByCorrelationId(companyId: string, correlationId: string): InvoiceRow | undefined {
    return this.byCorrelation.get(companyId, correlationId);
  }

  findById(companyId: string, id: string): InvoiceRow | undefined {
    return this.byId.get(companyId, id);
  }

  /** By correlationID (what the paths name) or the invoice's own id. */
  findByAnyId(companyId: string, id: string): InvoiceRow | undefined {
    return this.byCorrelation.get(companyId, id) ?? this.byId.get(companyId, id);
  }

  /** Newest first; `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, filter: InvoiceListFilter, skip: number, limit: number): InvoiceRow[] {
    return this.listStmt.all({
      companyId,
      start: filter.start ?? null,
      end: filter.end ?? null,
      skip,
      limit: limit + 1,
    });
  }

  count(companyId: string, filter: InvoiceListFilter): number {
    return this.countStmt.get({ companyId, start: filter.start ?? null, end: filter.end ?? null })!.n;
  }

  /** The charge's invoice that is not canceled, if any: one charge, one valid note. */
  liveForCharge(companyId: string, chargeId: string): InvoiceRow | undefined {
    return this.liveForChargeStmt.get(companyId, chargeId);
  }

  earliestIssue(): string | null {
    return this.earliestStmt.get()?.at ?? null;
  }

  dueForIssue(now: string): InvoiceRow[] {
    return this.dueStmt.all(now);
  }

  confirm(id: string, number: number, verificationCode: string, now: string): boolean {
    return this.confirmStmt.run(number, verificationCode, now, now, id).changes === 1;
  }

  /** CONFIRMED → CANCELED; false when it was not confirmed. */
  cancel(companyId: string, id: string, now: string): boolean {
    return this.cancelStmt.run(now, now, companyId, id).changes === 1;
  }
}

export const invoiceRepo = perDatabase((db) => new InvoiceRepo(db));
