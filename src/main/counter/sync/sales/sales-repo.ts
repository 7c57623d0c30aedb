// The mirror of this counter's sales and their refunds, in the counter's database.
import type { Db } from '#lib/store/database';
import type { SaleStatus } from '#shared/counter/counter-api';
import type { Attribution } from '../../register/sales-store-port';

export interface SaleRow {
  correlation_id: string;
  service_id: string;
  value: number;
  comment: string | null;
  customer_json: string | null;
  expires_in: number;
  created_at: string;
  status: SaleStatus;
  charge_json: string | null;
  payment_json: string | null;
  rejected_reason: string | null;
  updated_at: string;
  /** The register session and operator of the sale (none before the register was set up). */
  session_id?: string | null;
  operator_id?: string | null;
  /** Given by the insert: 1, 2, 3… within the session ("Venda 0042"). */
  session_number?: number | null;
  cancelled_by?: string | null;
  cancelled_at?: string | null;
  cancelled_session_id?: string | null;
  /** Read with the sale (the operators' names as they are now). */
  operator_name?: string | null;
  cancelled_by_name?: string | null;
}

export type RefundStatus = 'QUEUED' | 'IN_PROCESSING' | 'CONFIRMED' | 'REJECTED';

export interface RefundRow {
  correlation_id: string;
  sale_id: string;
  value: number;
  comment: string | null;
  created_at: string;
  status: RefundStatus;
  refund_json: string | null;
  rejected_reason: string | null;
  updated_at: string;
  session_id?: string | null;
  operator_id?: string | null;
  approved_by?: string | null;
  approved_by_integration?: string | null;
}

export interface ServiceRow {
  id: string;
  label: string;
  company_json: string | null;
  company_fetched_at: string | null;
  pix_keys_json: string | null;
  pix_keys_checked_at: string | null;
}

// A sale with the names of who made and who cancelled it, as the operators table has them now.
const SALE_COLUMNS = `sales.*,
  (SELECT name FROM operators WHERE operators.id = sales.operator_id) AS operator_name,
  (SELECT name FROM operators WHERE operators.id = sales.cancelled_by) AS cancelled_by_name`;

export class SalesRepo {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      upsertService: db.prepare<[string, string]>(
        'INSERT INTO services (id, label) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET label = excluded.label',
      ),
      service: db.prepare<[string], ServiceRow>('SELECT * FROM services WHERE id = ?'),
      setCompany: db.prepare<[string, string, string]>(
        'UPDATE services SET company_json = ?, company_fetched_at = ? WHERE id = ?',
      ),
      setPixKeys: db.prepare<[string, string, string]>(
        'UPDATE services SET pix_keys_json = ?, pix_keys_checked_at = ? WHERE id = ?',
      ),
      insertSale: db.prepare(
        `INSERT INTO sales (correlation_id, service_id, value, comment, customer_json, expires_in, created_at, status,
           charge_json, payment_json, rejected_reason, updated_at, session_id, operator_id, session_number)
         VALUES (@correlation_id, @service_id, @value, @comment, @customer_json, @expires_in, @created_at, @status,
           @charge_json, @payment_json, @rejected_reason, @updated_at, @session_id, @operator_id,
           CASE WHEN @session_id IS NULL THEN NULL
                ELSE (SELECT COALESCE(MAX(session_number), 0) + 1 FROM sales WHERE session_id = @session_id) END)`,
      ),
      sale: db.prepare<[string], SaleRow>(`SELECT ${SALE_COLUMNS} FROM sales WHERE correlation_id = ?`),
      salesOfSession: db.prepare<[string, string], SaleRow>(
        `SELECT ${SALE_COLUMNS} FROM sales WHERE session_id = ? OR cancelled_session_id = ?
         ORDER BY created_at, rowid`,
      ),
      refundsOfSession: db.prepare<[string], RefundRow>(
        'SELECT * FROM refunds WHERE session_id = ? ORDER BY created_at, rowid',
      ),
      markCancelled: db.prepare<[string | null, string, string | null, string]>(
        'UPDATE sales SET cancelled_by = ?, cancelled_at = ?, cancelled_session_id = ? WHERE correlation_id = ?',
      ),
      updateSale: db.prepare(
        `UPDATE sales SET status = @status, charge_json = @charge_json, payment_json = @payment_json,
           rejected_reason = @rejected_reason, updated_at = @updated_at WHERE correlation_id = @correlation_id`,
      ),
      salesBetween: db.prepare<[string, string, string], SaleRow>(
        `SELECT ${SALE_COLUMNS} FROM sales WHERE service_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at DESC, rowid DESC`,
      ),
      openSales: db.prepare<[string], SaleRow>(
        "SELECT * FROM sales WHERE service_id = ? AND status IN ('PENDING', 'ACTIVE') ORDER BY created_at",
      ),
      salesWithUnsettledRefunds: db.prepare<[string], SaleRow>(
        `SELECT * FROM sales WHERE service_id = ? AND correlation_id IN
           (SELECT sale_id FROM refunds WHERE status IN ('QUEUED', 'IN_PROCESSING'))`,
      ),
      insertRefund: db.prepare(
        `INSERT INTO refunds (correlation_id, sale_id, value, comment, created_at, status, refund_json, rejected_reason, updated_at,
           session_id, operator_id, approved_by, approved_by_integration)
         VALUES (@correlation_id, @sale_id, @value, @comment, @created_at, @status, @refund_json, @rejected_reason, @updated_at,
           @session_id, @operator_id, @approved_by, @approved_by_integration)`,
      ),
      refund: db.prepare<[string], RefundRow>('SELECT * FROM refunds WHERE correlation_id = ?'),
      saleWithPayment: db.prepare<[string], { correlation_id: string }>(
        "SELECT correlation_id FROM sales WHERE json_extract(payment_json, '$.endToEndId') = ? LIMIT 1",
      ),
      updateRefund: db.prepare(
        `UPDATE refunds SET status = @status, refund_json = @refund_json, rejected_reason = @rejected_reason,
           updated_at = @updated_at WHERE correlation_id = @correlation_id`,
      ),
      refundsOf: db.prepare<[string], RefundRow>('SELECT * FROM refunds WHERE sale_id = ? ORDER BY created_at, rowid'),
      refundsOfSalesBetween: db.prepare<[string, string, string], RefundRow>(
        `SELECT r.* FROM refunds r JOIN sales s ON s.correlation_id = r.sale_id
         WHERE s.service_id = ? AND s.created_at >= ? AND s.created_at < ? ORDER BY r.created_at, r.rowid`,
      ),
    };
  }

  ensureService(id: string, label: string): void {
    this.statements.upsertService.run(id, label);
  }

  service(id: string): ServiceRow | undefined {
    return this.statements.service.get(id);
  }

  setCompany(serviceId: string, companyJson: string, at: string): void {
    this.statements.setCompany.run(companyJson, at, serviceId);
  }

  /** What the service last said of its account's Pix keys (see offline-key.ts). */
  setPixKeys(serviceId: string, json: string, at: string): void {
    this.statements.setPixKeys.run(json, at, serviceId);
  }

  insertSale(row: SaleRow): void {
    this.statements.insertSale.run({ session_id: null, operator_id: null, ...row });
  }

  /** Who cancelled the sale, when, in which session (the audit keeps the cancelled sale's record). */
  markCancelled(correlationID: string, at: string, by: Attribution | undefined): void {
    this.statements.markCancelled.run(by?.operatorId ?? null, at, by?.sessionId ?? null, correlationID);
  }

  /** The sales made in a session, and those of other sessions cancelled in it, oldest first. */
  salesOfSession(sessionId: string): SaleRow[] {
    return this.statements.salesOfSession.all(sessionId, sessionId);
  }

  /** The refunds asked for in a session (whichever session their sale was made in). */
  refundsOfSession(sessionId: string): RefundRow[] {
    return this.statements.refundsOfSession.all(sessionId);
  }

  sale(correlationID: string): SaleRow | undefined {
    return this.statements.sale.get(correlationID);
  }

  updateSale(row: SaleRow): void {
    this.statements.updateSale.run(row);
  }

  /** Sales made in [start, end), newest first. */
  salesBetween(serviceId: string, start: string, end: string): SaleRow[] {
    return this.statements.salesBetween.all(serviceId, start, end);
  }

  /** Sales the service may still change on its own (paid, expired), oldest first. */
  openSales(serviceId: string): SaleRow[] {
    return this.statements.openSales.all(serviceId);
  }

  salesWithUnsettledRefunds(serviceId: string): SaleRow[] {
    return this.statements.salesWithUnsettledRefunds.all(serviceId);
  }

  /** The sale whose payment this Pix is, if any (an owner's decision never gives one Pix to two sales). */
  saleWithPayment(endToEndId: string): string | undefined {
    return this.statements.saleWithPayment.get(endToEndId)?.correlation_id;
  }

  insertRefund(row: RefundRow): void {
    this.statements.insertRefund.run({
      session_id: null,
      operator_id: null,
      approved_by: null,
      approved_by_integration: null,
      ...row,
    });
  }

  refund(correlationID: string): RefundRow | undefined {
    return this.statements.refund.get(correlationID);
  }

  updateRefund(row: RefundRow): void {
    this.statements.updateRefund.run(row);
  }

  refundsOf(saleId: string): RefundRow[] {
    return this.statements.refundsOf.all(saleId);
  }

  /** The refunds of every sale made in [start, end), by sale: one query for a whole day. */
  refundsOfSalesBetween(serviceId: string, start: string, end: string): Map<string, RefundRow[]> {
    const bySale = new Map<string, RefundRow[]>();
    for (const refund of this.statements.refundsOfSalesBetween.all(serviceId, start, end)) {
      const list = bySale.get(refund.sale_id);
      if (list) list.push(refund);
      else bySale.set(refund.sale_id, [refund]);
    }
    return bySale;
  }
}
