import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/** CONFIGURING (created) → VALIDATING (test invoice issued) → CONFIGURED (NFe.io confirmed it). */
export type IntegrationStatus = 'CONFIGURING' | 'VALIDATING' | 'CONFIGURED';

/** The tax fields the OpenAPI file's POST and PUT name, as columns (null: never set). */
export interface IntegrationTaxFields {
  city_service_code: string | null;
  municipal_subscription: string | null;
  rps_number: string | null;
  special_tax: string | null;
  tax_regime: string | null;
  federal_tax_determination: string | null;
  municipal_tax_determination: string | null;
  legal_nature: string | null;
  is_portal_nacional: 0 | 1 | null;
}

export interface IntegrationRow extends IntegrationTaxFields {
  id: string;
  company_id: string;
  type: 'NFEIO';
  status: IntegrationStatus;
  is_active: 0 | 1;
  nfeio_company_id: string;
  /** SHA-256 (hex) of the uploaded PKCS#12: the certificate itself and its passphrase are never kept. */
  certificate_sha256: string | null;
  certificate_test: 0 | 1 | null;
  certificate_uploaded_at: string | null;
  test_invoice_id: string | null;
  /** When the sandbox's NFe.io confirms the test invoice; null when nothing is pending. */
  validates_at: string | null;
  /** The NFS-e number the next confirmed invoice gets. */
  next_number: number;
  created_at: string;
  updated_at: string;
}

export const TAX_COLUMNS = [
  'city_service_code',
  'municipal_subscription',
  'rps_number',
  'special_tax',
  'tax_regime',
  'federal_tax_determination',
  'municipal_tax_determination',
  'legal_nature',
  'is_portal_nacional',
] as const satisfies readonly (keyof IntegrationTaxFields)[];

const COLUMNS = [
  'id',
  'company_id',
  'type',
  'status',
  'is_active',
  'nfeio_company_id',
  ...TAX_COLUMNS,
  'certificate_sha256',
  'certificate_test',
  'certificate_uploaded_at',
  'test_invoice_id',
  'validates_at',
  'next_number',
  'created_at',
  'updated_at',
] as const;

/** The company's NFe.io integration (at most one). Every lookup is by the caller's company. */
export class InvoiceIntegrationRepo {
  private readonly insertStmt;
  private readonly byCompany;
  private readonly saveStmt;
  private readonly earliestStmt;
  private readonly dueStmt;
  private readonly confirmStmt;
  private readonly takeNumberStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO invoice_integrations (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.byCompany = db.prepare<[string], IntegrationRow>('SELECT * FROM invoice_integrations WHERE company_id = ?');
    // Everything a client may change, in one statement: the handlers build the next row whole.
    const changeable = [
      'status',
      'is_active',
      ...TAX_COLUMNS,
      'certificate_sha256',
      'certificate_test',
      'certificate_uploaded_at',
      'test_invoice_id',
      'validates_at',
      'updated_at',
    ];
    this.saveStmt = db.prepare(
      `UPDATE invoice_integrations SET ${changeable.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id AND company_id = @company_id`,
    );
    this.earliestStmt = db.prepare<[], { at: string | null }>(
      'SELECT MIN(validates_at) AS at FROM invoice_integrations WHERE validates_at IS NOT NULL',
    );
    this.dueStmt = db.prepare<[string], IntegrationRow>(
      'SELECT * FROM invoice_integrations WHERE validates_at IS NOT NULL AND validates_at <= ? ORDER BY validates_at, id',
    );
    // Compare-and-set on the pending validation: a test is confirmed once.
    this.confirmStmt = db.prepare(
      `UPDATE invoice_integrations SET status = 'CONFIGURED', is_active = 1, validates_at = NULL, updated_at = ?
       WHERE id = ? AND validates_at IS NOT NULL`,
    );
    this.takeNumberStmt = db.prepare<[string, string], { number: number }>(
      'UPDATE invoice_integrations SET next_number = next_number + 1, updated_at = ? WHERE id = ? RETURNING next_number - 1 AS number',
    );
  }

  insert(row: IntegrationRow): void {
    this.insertStmt.run(row);
  }

  find(companyId: string): IntegrationRow | undefined {
    return this.byCompany.get(companyId);
  }

  save(row: IntegrationRow): void {
    this.saveStmt.run(row);
  }

  earliestValidation(): string | null {
    return this.earliestStmt.get()?.at ?? null;
  }

  dueForValidation(now: string): IntegrationRow[] {
    return this.dueStmt.all(now);
  }

  /** VALIDATING → CONFIGURED and active; false when no validation was pending. */
  confirm(id: string, now: string): boolean {
    return this.confirmStmt.run(now, id).changes === 1;
  }

  /** The next NFS-e number of the integration, taken (each number is given once). */
  takeNumber(id: string, now: string): number {
    return this.takeNumberStmt.get(now, id)!.number;
  }
}

export const invoiceIntegrationRepo = perDatabase((db) => new InvoiceIntegrationRepo(db));
