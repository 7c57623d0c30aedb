// The mirror of this counter's sales and their refunds, in the counter's database.
import type { Db } from '../store/database';
import type { SaleStatus } from '../../shared/pos-api';

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
}

export interface ServiceRow {
  id: string;
  label: string;
  company_json: string | null;
  company_fetched_at: string | null;
  pix_keys_json: string | null;
  pix_keys_checked_at: string | null;
}

export class SalesRepo {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      upsertService: db.prepare<[string, string]>(
        'INSERT INTO services (id, label) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET label = excluded.label',
      ),
      service: db.prepare<[string], ServiceRow>('SELECT * FROM services WHERE id = ?'),
      setCompany: db.prepare<[string, string, string]>('UPDATE services SET company_json = ?, company_fetched_at = ? WHERE id = ?'),
      setPixKeys: db.prepare<[string, string, string]>('UPDATE services SET pix_keys_json = ?, pix_keys_checked_at = ? WHERE id = ?'),
      insertSale: db.prepare(
        `INSERT INTO sales (correlation_id, service_id, value, comment, customer_json, expires_in, created_at, status,
           charge_json, payment_json, rejected_reason, updated_at)
         VALUES (@correlation_id, @service_id, @value, @comment, @customer_json, @expires_in, @created_at, @status,
           @charge_json, @payment_json, @rejected_reason, @updated_at)`,
      ),
      sale: db.prepare<[string], SaleRow>('SELECT * FROM sales WHERE correlation_id = ?'),
      updateSale: db.prepare(
        `UPDATE sales SET status = @status, charge_json = @charge_json, payment_json = @payment_json,
           rejected_reason = @rejected_reason, updated_at = @updated_at WHERE correlation_id = @correlation_id`,
      ),
      salesBetween: db.prepare<[string, string, string], SaleRow>(
        'SELECT * FROM sales WHERE service_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at DESC, rowid DESC',
      ),
      openSales: db.prepare<[string], SaleRow>(
        "SELECT * FROM sales WHERE service_id = ? AND status IN ('PENDING', 'ACTIVE') ORDER BY created_at",
      ),
      salesWithUnsettledRefunds: db.prepare<[string], SaleRow>(
        `SELECT * FROM sales WHERE service_id = ? AND correlation_id IN
           (SELECT sale_id FROM refunds WHERE status IN ('QUEUED', 'IN_PROCESSING'))`,
      ),
      insertRefund: db.prepare(
        `INSERT INTO refunds (correlation_id, sale_id, value, comment, created_at, status, refund_json, rejected_reason, updated_at)
         VALUES (@correlation_id, @sale_id, @value, @comment, @created_at, @status, @refund_json, @rejected_reason, @updated_at)`,
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
    this.statements.insertSale.run(row);
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
    this.statements.insertRefund.run(row);
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
