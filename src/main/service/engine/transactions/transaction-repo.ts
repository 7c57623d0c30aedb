import type { Db } from '#lib/store/database';
import type { ChargeStatus, TransactionType } from '#shared/service/resources';
import { badRequest } from '../errors';
import { fromGlobalId } from '../ids';
import { listCounts } from '../list-counts';
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
  /**
   * PAYMENT of a charge: the charge's transactionID; a PAYMENT that carried a txid: that txid
   * (so not unique: a static code may be paid many times); REFUND: the refundId; otherwise our
   * own 32-hex id.
   */
  transaction_id: string;
  charge_id: string | null;
  pix_qr_code_id: string | null;
  /** REFUND rows: the id of the refunds row they settle. */
  refund_id: string | null;
  /** REFUND rows: the PAYMENT being returned. */
  original_transaction_id: string | null;
  /** WITHDRAW rows: the withdrawal (its own id) or, for a Pix out, the payment's withdrawal id. */
  withdrawal_id: string | null;
  /**
   * WITHDRAW rows of a Pix out: the payments row they settle (migration 008). PAYMENT rows of a
   * Pix delivered inside this service: the payer company's payments row that sent it; REFUND rows
   * of a refund received back from inside (and REVERSAL rows): the payment returned. Payments ids
   * are service-wide, so the row may name another company's payment: read it only through the
   * refund settlement, never to answer a caller.
   */
  payment_id: string | null;
  /**
   * PAYMENT rows: the txid (62-05) of the static BR Code the Pix came through, when the payer's
   * bank sent one (migration 006); REFUND rows: their payment's. It links the row to the static
   * QR code with that identifier even when the code was registered after the payment (offline sales).
   * With EngineConfig.linkAtPaymentOnly a txid that named no code or charge at payment time is
   * not kept (null), so nothing links the row later (recordIncomingPix).
   */
  txid: string | null;
  info_pagador: string | null;
  /** JSON of TransactionParty: who sent the money. */
  payer: string | null;
  /** JSON of TransactionParty: who received it (kept for receipts, as it was at that moment). */
  payee: string | null;
  /** When the money moved (settlement instant), ISO 8601 UTC. */
  time: string;
  /** 1 once a webhook delivery about it was answered 200 (the list's hasWebhook filter). */
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
  /** The QR code the payment is linked to: by pix_qr_code_id, else by txid = identifier. */
  qr_id: string | null;
  qr_correlation_id: string | null;
  qr_identifier: string | null;
  qr_name: string | null;
  original_end_to_end_id: string | null;
  /** JSON array of the webhookSent entries (see WEBHOOK_SENT). */
  webhook_sent_json: string;
}

export interface TransactionListFilter {
  start?: string;
  end?: string;
  chargeId?: string;
  /** A static QR code's payments: those linked to it by id, or carrying its identifier as txid. */
  pixQrCodeId?: string;
  pixQrCodeIdentifier?: string;
  withdrawalId?: string;
  webhookSent?: boolean;
  type?: TransactionType;
}

const COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'type',
  'status',
  'value',
  'end_to_end_id',
  'transaction_id',
  'charge_id',
  'pix_qr_code_id',
  'refund_id',
  'original_transaction_id',
  'withdrawal_id',
  'txid',
  'info_pagador',
  'payer',
  'payee',
  'time',
  'webhook_sent',
  'created_at',
  'payment_id',
] as const;

// Deleted QR codes stay joinable: a payment keeps pointing at the code it came through.
// A payment with no QR code of its own but a txid belongs to the company's QR code with that
// identifier, whenever that code was registered: before the payment (a key payment whose txid
// names it) or after (an offline sale registered later). Identifiers are unique within
// a company (migration 023), deleted codes included, so at most one code matches. A charge's payment is the
// charge's, never a QR code's.
const LINKED_QR = `COALESCE(t.pix_qr_code_id, CASE WHEN t.txid IS NOT NULL AND t.charge_id IS NULL THEN
    (SELECT k.id FROM pix_qr_codes k WHERE k.identifier = t.txid AND k.company_id = t.company_id) END)`;
// Every webhook attempt of the events about the transaction (webhook_events.transaction_id),
// oldest first, as the API's webhookSent entries: {"<EVENT>": {status, time}, isRetry}.
const WEBHOOK_SENT = `(SELECT json_group_array(json(x.entry)) FROM (
    SELECT json_object(e.name, json_object('status', a.status, 'time', a.at),
             'isRetry', json(CASE a.is_retry WHEN 1 THEN 'true' ELSE 'false' END)) AS entry
    FROM webhook_events e JOIN webhook_attempts a ON a.event_id = e.id
    WHERE e.transaction_id = t.id ORDER BY a.id) x)`;
const VIEW = `
  SELECT t.*,
    c.correlation_id AS charge_correlation_id, c.transaction_id AS charge_transaction_id,
    c.value AS charge_value, c.status AS charge_status, c.customer AS charge_customer,
    q.id AS qr_id, q.correlation_id AS qr_correlation_id, q.identifier AS qr_identifier, q.name AS qr_name,
    o.end_to_end_id AS original_end_to_end_id,
    ${WEBHOOK_SENT} AS webhook_sent_json
  FROM transactions t
  LEFT JOIN charges c ON c.id = t.charge_id
  LEFT JOIN pix_qr_codes q ON q.id = ${LINKED_QR}
  LEFT JOIN transactions o ON o.id = t.original_transaction_id`;

/** The WHERE of the list and of its count, over `transactions t` (named parameters: the filter's and companyId). */
function transactionListWhere(filter: TransactionListFilter): string {
  const byQrCode = filter.pixQrCodeId !== undefined;
  // With the QR code filter, its two indexed lookups below pick the rows; a plain
  // `t.company_id = ?` would let SQLite walk the company's whole time index instead (it
  // prefers an index that gives the order), so the unary + keeps the check off the indexes.
  const where = [byQrCode ? '+t.company_id = @companyId' : 't.company_id = @companyId'];
  if (filter.type !== undefined) where.push('t.type = @type');
  if (filter.chargeId !== undefined) where.push('t.charge_id = @chargeId');
  if (byQrCode) {
    // The view's link: paid through the code, or carrying its identifier as txid.
    where.push(
      filter.pixQrCodeIdentifier !== undefined
        ? `t.rowid IN (
            SELECT rowid FROM transactions WHERE company_id = @companyId AND pix_qr_code_id = @pixQrCodeId
            UNION ALL
            SELECT rowid FROM transactions WHERE company_id = @companyId AND txid = @pixQrCodeIdentifier
              AND pix_qr_code_id IS NULL AND charge_id IS NULL)`
        : 't.rowid IN (SELECT rowid FROM transactions WHERE company_id = @companyId AND pix_qr_code_id = @pixQrCodeId)',
    );
  }
  if (filter.withdrawalId !== undefined) where.push('t.withdrawal_id = @withdrawalId');
  if (filter.webhookSent !== undefined) where.push('t.webhook_sent = @webhookSent');
  if (filter.start !== undefined) where.push('t.time >= @start');
  if (filter.end !== undefined) where.push('t.time <= @end');
  return where.join(' AND ');
}

/** The list's statement for these filters (named parameters: the filter's, companyId, take, skip). */
export function transactionListSql(filter: TransactionListFilter): string {
  // rowid breaks ties between transactions of the same instant in insertion order.
  return `${VIEW} WHERE ${transactionListWhere(filter)} ORDER BY t.time DESC, t.rowid DESC LIMIT @take OFFSET @skip`;
}

/** The count of the same rows, without the view's joins (named parameters: the filter's and companyId). */
export function transactionCountSql(filter: TransactionListFilter): string {
  return `SELECT COUNT(*) AS n FROM transactions t WHERE ${transactionListWhere(filter)}`;
}

export interface TransactionRepo {
  insert(row: TransactionRow): void;
  /**
   * Our id, globalID, endToEndId or transactionID, within one company. Throws a 400 when a
   * transactionID names more than one payment (a static code's txid paid twice): answering
   * with either could refund the wrong Pix; the endToEndId names exactly one.
   */
  findByAnyId(companyId: string, id: string): TransactionView | undefined;
  findById(companyId: string, id: string): TransactionView | undefined;
  findByEndToEndId(companyId: string, endToEndId: string): TransactionView | undefined;
  /** The PAYMENT that completed a charge (a charge is paid at most once). */
  findChargePayment(companyId: string, chargeId: string): TransactionView | undefined;
  /** Newest first; `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, filter: TransactionListFilter, skip: number, limit: number): TransactionView[];
  /**
   * Every transaction the filter matches, on all pages: from the counts migration 016 keeps when
   * only the type filters, else COUNT(*) over the index the list uses.
   */
  count(companyId: string, filter: TransactionListFilter): number;
}

export const transactionRepo = perDatabase<TransactionRepo>((db: Db) => {
  const insertStmt = db.prepare(
    `INSERT INTO transactions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const byId = db.prepare<[string, string], TransactionView>(`${VIEW} WHERE t.company_id = ? AND t.id = ?`);
  const byEndToEnd = db.prepare<[string, string], TransactionView>(
    `${VIEW} WHERE t.company_id = ? AND t.end_to_end_id = ?`,
  );
  // A transactionID names a PAYMENT (a charge's, or a txid's: maybe several) or one REFUND (its
  // refundId); PAYMENT first, and a second row tells whether it is ambiguous.
  const byTransactionId = db.prepare<[string, string], TransactionView>(
    `${VIEW} WHERE t.company_id = ? AND t.transaction_id = ? ORDER BY t.type = 'PAYMENT' DESC, t.time, t.rowid LIMIT 2`,
  );
  const chargePayment = db.prepare<[string, string], TransactionView>(
    `${VIEW} WHERE t.company_id = ? AND t.charge_id = ? AND t.type = 'PAYMENT' ORDER BY t.time LIMIT 1`,
  );
  const listCache = new Map<string, ReturnType<Db['prepare']>>();
  const statement = (sql: string) => {
    let stmt = listCache.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      listCache.set(sql, stmt);
    }
    return stmt;
  };
  const params = (filter: TransactionListFilter) => ({ ...filter, webhookSent: filter.webhookSent ? 1 : 0 });

  const findById = (companyId: string, id: string) => byId.get(companyId, id);
  const findByEndToEndId = (companyId: string, endToEndId: string) => byEndToEnd.get(companyId, endToEndId);
  const byTransactionIdOnly = (companyId: string, transactionId: string): TransactionView | undefined => {
    const [first, second] = byTransactionId.all(companyId, transactionId);
    if (first?.type === 'PAYMENT' && second?.type === 'PAYMENT') {
      throw badRequest(
        `transactionID ${transactionId} names more than one payment: use the endToEndId of the one you mean`,
      );
    }
    return first;
  };

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
        byTransactionIdOnly(companyId, id)
      );
    },
    findChargePayment: (companyId, chargeId) => chargePayment.get(companyId, chargeId),
    list: (companyId, filter, skip, limit) =>
      statement(transactionListSql(filter)).all({
        ...params(filter),
        companyId,
        take: limit + 1,
        skip,
      }) as TransactionView[],
    count: (companyId, filter) => {
      const { type, ...others } = filter;
      if (Object.values(others).every((value) => value === undefined))
        return listCounts(db).count('transactions', companyId, type);
      return (statement(transactionCountSql(filter)).get({ ...params(filter), companyId }) as { n: number }).n;
    },
  };
});
