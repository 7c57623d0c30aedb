import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/** One row of table pix_qr_codes (schema 001 + deleted_at from 002), as better-sqlite3 returns it. */
export interface PixQrCodeRow {
  id: string;
  company_id: string;
  account_id: string;
  name: string;
  correlation_id: string;
  /** The static BR Code's txid (62-05): 1–25 [A-Za-z0-9], unique within its company (migration 023). */
  identifier: string;
  payment_link_id: string;
  /** Fixed amount in cents; null is an open amount (the payer types it). */
  value: number | null;
  comment: string | null;
  pix_key: string;
  br_code: string;
  created_at: string;
  updated_at: string;
  /** Set by DELETE: the row stays because payments may reference it and its identifier stays reserved. */
  deleted_at: string | null;
}

const COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'name',
  'correlation_id',
  'identifier',
  'payment_link_id',
  'value',
  'comment',
  'pix_key',
  'br_code',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

// Every read but `findByIdIncludingDeleted` hides deleted QR codes: to the API they are gone.
const LIVE = 'deleted_at IS NULL';

export interface PixQrCodeRepo {
  insert(row: PixQrCodeRow): void;
  /** Our id, correlationID, identifier or paymentLinkID, within one company. */
  findByAnyId(companyId: string, id: string): PixQrCodeRow | undefined;
  /** The live QR code of a payment link (its public page shows it). */
  findByPaymentLinkId(companyId: string, paymentLinkId: string): PixQrCodeRow | undefined;
  /**
   * The live QR code a Pix reaching the company with this txid links to. Within the company the
   * Pix reaches (through its key): another company may hold a code with the same identifier.
   */
  findByIdentifier(companyId: string, identifier: string): PixQrCodeRow | undefined;
  /** For records that point at a QR code (transactions), which must still read it after deletion. */
  findByIdIncludingDeleted(companyId: string, id: string): PixQrCodeRow | undefined;
  /** Whether a QR code, deleted or not, already holds this correlationID in the company. */
  correlationIdTaken(companyId: string, correlationId: string): boolean;
  /** Whether a QR code, deleted or not, already holds this identifier in the company. */
  identifierTaken(companyId: string, identifier: string): boolean;
  /** Newest first; `limit + 1` rows so the caller can tell whether a next page exists. */
  list(companyId: string, skip: number, limit: number): PixQrCodeRow[];
  /** Every live QR code of the company (the list's totalCount). */
  count(companyId: string): number;
  /** Soft delete at `deletedAt` (the request's instant); false when there was no live QR code with that id. */
  delete(companyId: string, id: string, deletedAt: string): boolean;
}

export const pixQrCodeRepo = perDatabase<PixQrCodeRepo>((db: Db) => {
  const insertStmt = db.prepare(
    `INSERT INTO pix_qr_codes (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const select = (where: string) => `SELECT * FROM pix_qr_codes WHERE ${where} AND ${LIVE}`;
  const byId = db.prepare<[string, string], PixQrCodeRow>(select('company_id = ? AND id = ?'));
  const byCorrelation = db.prepare<[string, string], PixQrCodeRow>(select('company_id = ? AND correlation_id = ?'));
  const byCompanyIdentifier = db.prepare<[string, string], PixQrCodeRow>(select('company_id = ? AND identifier = ?'));
  const byPaymentLink = db.prepare<[string, string], PixQrCodeRow>(select('company_id = ? AND payment_link_id = ?'));
  const byIdAny = db.prepare<[string, string], PixQrCodeRow>(
    'SELECT * FROM pix_qr_codes WHERE company_id = ? AND id = ?',
  );
  const correlationStmt = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM pix_qr_codes WHERE company_id = ? AND correlation_id = ?',
  );
  const identifierStmt = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM pix_qr_codes WHERE company_id = ? AND identifier = ?',
  );
  const listStmt = db.prepare<[string, number, number], PixQrCodeRow>(
    `${select('company_id = ?')} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const countStmt = db.prepare<[string], { n: number }>(
    `SELECT COUNT(*) AS n FROM pix_qr_codes WHERE company_id = ? AND ${LIVE}`,
  );
  const deleteStmt = db.prepare(
    `UPDATE pix_qr_codes SET deleted_at = ?, updated_at = ? WHERE company_id = ? AND id = ? AND ${LIVE}`,
  );

  return {
    insert: (row) => {
      insertStmt.run(row);
    },
    findByAnyId: (companyId, id) =>
      byId.get(companyId, id) ??
      byCorrelation.get(companyId, id) ??
      byCompanyIdentifier.get(companyId, id) ??
      byPaymentLink.get(companyId, id),
    findByPaymentLinkId: (companyId, paymentLinkId) => byPaymentLink.get(companyId, paymentLinkId),
    findByIdentifier: (companyId, identifier) => byCompanyIdentifier.get(companyId, identifier),
    findByIdIncludingDeleted: (companyId, id) => byIdAny.get(companyId, id),
    correlationIdTaken: (companyId, correlationId) => correlationStmt.get(companyId, correlationId) !== undefined,
    identifierTaken: (companyId, identifier) => identifierStmt.get(companyId, identifier) !== undefined,
    list: (companyId, skip, limit) => listStmt.all(companyId, limit + 1, skip),
    count: (companyId) => countStmt.get(companyId)!.n,
    delete: (companyId, id, deletedAt) => deleteStmt.run(deletedAt, deletedAt, companyId, id).changes === 1,
  };
});
