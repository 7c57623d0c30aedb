import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

export type AccountRegisterStatus = 'PENDING' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';

/** A partner of the merchant as the register stores it: CPF digits and a name ('' when unknown). */
export interface StoredRepresentative {
  name: string;
  taxID: string;
}

/** One row of table account_registers (migration 013). */
export interface AccountRegisterRow {
  id: string;
  company_id: string;
  correlation_id: string;
  tax_id: string;
  tax_id_type: 'BR:CNPJ';
  official_name: string;
  trade_name: string;
  /** JSON of StoredRepresentative[]. */
  representatives: string;
  redirect_url: string | null;
  link_token: string;
  status: AccountRegisterStatus;
  account_id: string;
  account_branch: string;
  account_number: string;
  review_due_at: string | null;
  submitted_at: string | null;
  decided_at: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export function representativesOf(row: AccountRegisterRow): StoredRepresentative[] {
  return JSON.parse(row.representatives) as StoredRepresentative[];
}

export interface AccountRegisterRepo {
  insert(row: AccountRegisterRow): void;
  /** The company's live (not deleted) register under a correlationID. */
  find(companyId: string, correlationId: string): AccountRegisterRow | undefined;
  /** Across companies: the page knows only the link's token, which names one live register. */
  findByToken(token: string): AccountRegisterRow | undefined;
  /** The merchant's confirmed data and SUBMITTED, only from PENDING; false when it was not PENDING. */
  submit(
    id: string,
    data: { officialName: string; tradeName: string; representatives: string },
    at: string,
    reviewDueAt: string,
  ): boolean;
  /** APPROVED or REJECTED, only from SUBMITTED. */
  decide(id: string, status: 'APPROVED' | 'REJECTED', at: string): boolean;
  /** Marks the register deleted, only while PENDING; false otherwise. */
  softDelete(id: string, at: string): boolean;
  /** Submitted registers whose review is due by `at`, oldest first. */
  dueForReview(at: string): AccountRegisterRow[];
  earliestReview(): string | null;
}

export const accountRegisterRepo = perDatabase<AccountRegisterRepo>((db: Db) => {
  const insertStmt = db.prepare(
    `INSERT INTO account_registers (id, company_id, correlation_id, tax_id, tax_id_type, official_name, trade_name,
       representatives, redirect_url, link_token, status, account_id, account_branch, account_number, review_due_at,
       submitted_at, decided_at, deleted_at, created_at, updated_at)
     VALUES (@id, @company_id, @correlation_id, @tax_id, @tax_id_type, @official_name, @trade_name, @representatives,
       @redirect_url, @link_token, @status, @account_id, @account_branch, @account_number, @review_due_at,
       @submitted_at, @decided_at, @deleted_at, @created_at, @updated_at)`,
  );
  const byCorrelation = db.prepare<[string, string], AccountRegisterRow>(
    'SELECT * FROM account_registers WHERE company_id = ? AND correlation_id = ? AND deleted_at IS NULL',
  );
  const byToken = db.prepare<[string], AccountRegisterRow>(
    'SELECT * FROM account_registers WHERE link_token = ? AND deleted_at IS NULL',
  );
  const submitStmt = db.prepare<[string, string, string, string, string, string, string]>(
    `UPDATE account_registers SET official_name = ?, trade_name = ?, representatives = ?, status = 'SUBMITTED',
       submitted_at = ?, review_due_at = ?, updated_at = ?
     WHERE id = ? AND status = 'PENDING' AND deleted_at IS NULL`,
  );
  const decideStmt = db.prepare<[string, string, string, string]>(
    `UPDATE account_registers SET status = ?, decided_at = ?, updated_at = ?, review_due_at = NULL
     WHERE id = ? AND status = 'SUBMITTED'`,
  );
  const deleteStmt = db.prepare<[string, string, string]>(
    `UPDATE account_registers SET deleted_at = ?, updated_at = ? WHERE id = ? AND status = 'PENDING' AND deleted_at IS NULL`,
  );
  const dueStmt = db.prepare<[string], AccountRegisterRow>(
    'SELECT * FROM account_registers WHERE review_due_at IS NOT NULL AND review_due_at <= ? ORDER BY review_due_at, id',
  );
  const earliestStmt = db.prepare<[], { at: string | null }>(
    'SELECT MIN(review_due_at) AS at FROM account_registers WHERE review_due_at IS NOT NULL',
  );
  return {
    insert: (row) => {
      insertStmt.run(row);
    },
    find: (companyId, correlationId) => byCorrelation.get(companyId, correlationId),
    findByToken: (token) => byToken.get(token),
    submit: (id, data, at, reviewDueAt) =>
      submitStmt.run(data.officialName, data.tradeName, data.representatives, at, reviewDueAt, at, id).changes === 1,
    decide: (id, status, at) => decideStmt.run(status, at, at, id).changes === 1,
    softDelete: (id, at) => deleteStmt.run(at, at, id).changes === 1,
    dueForReview: (at) => dueStmt.all(at),
    earliestReview: () => earliestStmt.get()?.at ?? null,
  };
});
