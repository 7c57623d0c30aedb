import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

// Boleto transactions are not a table of their own: they are what already happened to boletos.
// - BOLETO_IN, "a boleto your payer paid": a BOLETO charge's payment, the transaction that
//   settled it (the sandbox's payer pays the charge through /openpix/testing, and the amount is
//   credited at once, so created and settled are the same instant). Its id is that transaction's.
// - BOLETO_OUT, "a boleto your company paid": a BOLETO payment (POST /api/v1/payment with
//   boletoBarcode). Its id is the payment's.
// Both are read with the `btx_` prefix of the document's ids.

export const BOLETO_TRANSACTION_TYPES = ['BOLETO_IN', 'BOLETO_OUT'] as const;
export const BOLETO_TRANSACTION_STATUSES = ['CREATED', 'PROCESSING', 'PENDING', 'CONFIRMED', 'REJECTED'] as const;
export type BoletoTransactionType = (typeof BOLETO_TRANSACTION_TYPES)[number];
export type BoletoTransactionStatus = (typeof BOLETO_TRANSACTION_STATUSES)[number];

export interface BoletoTransactionRow {
  type: BoletoTransactionType;
  /** The transaction's id (BOLETO_IN) or the payment's (BOLETO_OUT). */
  source_id: string;
  status: BoletoTransactionStatus;
  value: number;
  created_at: string;
  settled_at: string | null;
  /** BOLETO_IN only: the charge paid. */
  charge_id: string | null;
  charge_value: number | null;
  charge_status: string | null;
  charge_due_date: string | null;
}

export interface BoletoTransactionFilter {
  company: string;
  type: BoletoTransactionType | null;
  status: BoletoTransactionStatus | null;
  start: string | null;
  end: string | null;
  settledStart: string | null;
  settledEnd: string | null;
}

// A payment's status as a boleto transaction: created and waiting for approval; approved and on
// its way (PROCESSING); paid; failed or denied (REJECTED).
const ALL = `
  SELECT 'BOLETO_IN' AS type, t.id AS source_id, 'CONFIRMED' AS status, t.value AS value,
         t.created_at AS created_at, t.time AS settled_at,
         c.id AS charge_id, c.value AS charge_value, c.status AS charge_status, c.due_date AS charge_due_date
  FROM charges c
  JOIN transactions t ON t.company_id = c.company_id AND t.charge_id = c.id AND t.type = 'PAYMENT'
  WHERE c.company_id = @company AND c.type = 'BOLETO'
  UNION ALL
  SELECT 'BOLETO_OUT', p.id,
         CASE p.status WHEN 'CREATED' THEN 'CREATED' WHEN 'APPROVED' THEN 'PROCESSING'
                       WHEN 'CONFIRMED' THEN 'CONFIRMED' ELSE 'REJECTED' END,
         p.value, p.created_at, NULL, NULL, NULL, NULL, NULL
  FROM payments p
  WHERE p.company_id = @company AND p.type = 'BOLETO'`;

// settled_at exists only on a settled BOLETO_IN, so a settled-date filter leaves BOLETO_OUT out.
const FILTERED = `
  SELECT * FROM (${ALL})
  WHERE (@type IS NULL OR type = @type)
    AND (@status IS NULL OR status = @status)
    AND (@start IS NULL OR created_at >= @start)
    AND (@end IS NULL OR created_at <= @end)
    AND (@settledStart IS NULL OR settled_at >= @settledStart)
    AND (@settledEnd IS NULL OR settled_at <= @settledEnd)`;

/** Boleto transactions of one database, read from charges, transactions and payments; scoped by company. */
export class BoletoTransactionRepo {
  private readonly listStmt;
  private readonly countStmt;
  private readonly byIdStmt;

  constructor(db: Db) {
    this.listStmt = db.prepare<[BoletoTransactionFilter & { limit: number; skip: number }], BoletoTransactionRow>(
      `${FILTERED} ORDER BY created_at DESC, source_id DESC LIMIT @limit OFFSET @skip`,
    );
    this.countStmt = db.prepare<[BoletoTransactionFilter], { n: number }>(`SELECT COUNT(*) AS n FROM (${FILTERED})`);
    this.byIdStmt = db.prepare<[{ company: string; id: string }], BoletoTransactionRow>(
      `SELECT * FROM (${ALL}) WHERE source_id = @id`,
    );
  }

  /** One page, most recent first; `limit + 1` rows tell whether a next page exists. */
  list(filter: BoletoTransactionFilter, limit: number, skip: number): BoletoTransactionRow[] {
    return this.listStmt.all({ ...filter, limit, skip });
  }

  count(filter: BoletoTransactionFilter): number {
    return this.countStmt.get(filter)!.n;
  }

  find(companyId: string, sourceId: string): BoletoTransactionRow | undefined {
    return this.byIdStmt.get({ company: companyId, id: sourceId });
  }
}

export const boletoTransactionRepo = perDatabase((db) => new BoletoTransactionRepo(db));
