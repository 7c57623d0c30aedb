import type { Db } from '../../store/database';
import type { ChargeStatus, TransactionType } from '../../../shared/resources';
import { fromGlobalId } from '../ids';
import { perDatabase } from '../repo-cache';

/** One row of table `transactions`, as better-sqlite3 returns it. */
export interface TransactionRow {
  id: string;
  company_id: string;
  account_id: string;
  type: TransactionType;
  status: 'CONFIRMED';
  /** Integer cents, always positive: the direction comes from `type`. */
  value: number;
  /** E… for money received, D… (the return id) for a refund sent. */
  end_to_end_id: string;
  /** PAYMENT of a charge: the charge's transactionID; REFUND: the refundId; otherwise our own 32-hex id. */
  transaction_id: string;
  charge_id: string | null;
  pix_qr_code_id: string | null;
  /** REFUND rows: the id of the refunds row they settle. */
  refund_id: string | null;
  /** REFUND rows: the PAYMENT being returned. */
  original_transaction_id: string | null;
  withdrawal_id: string | null;
  info_pagador: string | null;
  /** JSON of TransactionParty: who sent the money. */
  payer: string | null;
  /** JSON of TransactionParty: who received it (kept for receipts, as it was at that moment). */
  payee: string | null;
  /** When the money moved (settlement instant), ISO 8601 UTC. */
  time: string;
  webhook_sent: 0 | 1;
  created_at: string;
}

/** The row with what its serialization embeds from the charge, the QR code and the original payment. */
export interface TransactionView extends TransactionRow {
  charge_correlation_id: string | null;
  charge_transaction_id: string | null;
  charge_value: number | null;
  charge_status: ChargeStatus | null;
  charge_customer: string | null;
  qr_correlation_id: string | null;
  qr_identifier: string | null;
  qr_name: string | null;
  original_end_to_end_id: string | null;
}

export interface TransactionListFilter {
  start?: string;
  end?: string;
  chargeId?: string;
  pixQrCodeId?: string;
  withdrawalId?: string;
  webhookSent?: boolean;
  type?: TransactionType;
}

const COLUMNS = [
  'id', 'company_id', 'account_id', 'type', 'status', 'value', 'end_to_end_id', 'transaction_id', 'charge_id',
  'pix_qr_code_id', 'refund_id', 'original_transaction_id', 'withdrawal_id', 'info_pagador', 'payer', 'payee',
  'time', 'webhook_sent', 'created_at',
] as const;

// Deleted QR codes stay joinable: a payment keeps pointing at the code it came through.
const VIEW = `
  SELECT t.*,
    c.correlation_id AS charge_correlation_id, c.transaction_id AS charge_transaction_id,
    c.value AS charge_value, c.status AS charge_status, c.customer AS charge_customer,
    q.correlation_id AS qr_correlation_id, q.identifier AS qr_identifier, q.name AS qr_name,
    o.end_to_end_id AS original_end_to_end_id
  FROM transactions t
  LEFT JOIN charges c ON c.id = t.charge_id
  LEFT JOIN pix_qr_codes q ON q.id = t.pix_qr_code_id
  LEFT JOIN transactions o ON o.id = t.original_transaction_id`;

export interface TransactionRepo {
  insert(row: TransactionRow): void;
  /** Our id, globalID or endToEndId, within one company. */
  findByAnyId(companyId: string, id: string): TransactionView | undefined;
  findById(companyId: string, id: string): TransactionView | undefined;
  findByEndToEndId(companyId: string, endToEndId: string): TransactionView | undefined;
  /** The PAYMENT that completed a charge (a charge is paid at most once). */
  findChargePayment(companyId: string, chargeId: string): TransactionView | undefined;
  /** Newest first; `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, filter: TransactionListFilter, skip: number, limit: number): TransactionView[];
}

export const transactionRepo = perDatabase<TransactionRepo>((db: Db) => {
  const insertStmt = db.prepare(
    `INSERT INTO transactions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const byId = db.prepare<[string, string], TransactionView>(`${VIEW} WHERE t.company_id = ? AND t.id = ?`);
  const byEndToEnd = db.prepare<[string, string], TransactionView>(`${VIEW} WHERE t.company_id = ? AND t.end_to_end_id = ?`);
  // A transactionID names one PAYMENT (a charge's) or one REFUND (its refundId); PAYMENT first.
  const byTransactionId = db.prepare<[string, string], TransactionView>(
    `${VIEW} WHERE t.company_id = ? AND t.transaction_id = ? ORDER BY t.type = 'PAYMENT' DESC, t.time LIMIT 1`,
  );
  const chargePayment = db.prepare<[string, string], TransactionView>(
    `${VIEW} WHERE t.company_id = ? AND t.charge_id = ? AND t.type = 'PAYMENT' ORDER BY t.time LIMIT 1`,
  );
  const listCache = new Map<string, ReturnType<Db['prepare']>>();

  const findById = (companyId: string, id: string) => byId.get(companyId, id);
  const findByEndToEndId = (companyId: string, endToEndId: string) => byEndToEnd.get(companyId, endToEndId);

  return {
    insert: (row) => {
      insertStmt.run(row);
    },
    findById,
    findByEndToEndId,
    findByAnyId: (companyId, id) => {
      const objectId = fromGlobalId('PixTransaction', id);
      return (
        (objectId ? findById(companyId, objectId) : undefined) ??
        findById(companyId, id) ??
        findByEndToEndId(companyId, id) ??
        byTransactionId.get(companyId, id)
      );
    },
    findChargePayment: (companyId, chargeId) => chargePayment.get(companyId, chargeId),
    list: (companyId, filter, skip, limit) => {
      const where = ['t.company_id = @companyId'];
      if (filter.type !== undefined) where.push('t.type = @type');
      if (filter.chargeId !== undefined) where.push('t.charge_id = @chargeId');
      if (filter.pixQrCodeId !== undefined) where.push('t.pix_qr_code_id = @pixQrCodeId');
      if (filter.withdrawalId !== undefined) where.push('t.withdrawal_id = @withdrawalId');
      if (filter.webhookSent !== undefined) where.push('t.webhook_sent = @webhookSent');
      if (filter.start !== undefined) where.push('t.time >= @start');
      if (filter.end !== undefined) where.push('t.time <= @end');
      const params = { ...filter, webhookSent: filter.webhookSent ? 1 : 0, companyId, take: limit + 1, skip };
      // rowid breaks ties between transactions of the same instant in insertion order.
      const sql = `${VIEW} WHERE ${where.join(' AND ')} ORDER BY t.time DESC, t.rowid DESC LIMIT @take OFFSET @skip`;
      let stmt = listCache.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        listCache.set(sql, stmt);
      }
      return stmt.all(params) as TransactionView[];
    },
  };
});
