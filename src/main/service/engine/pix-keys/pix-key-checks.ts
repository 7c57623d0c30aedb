// The record of Pix key consultations that found their key, by the end-to-end id each answer
// gave (pixKeyEndToEndId). A Pix out to a key may name that id (POST /api/v1/payment,
// `pixKeyEndToEndId`); findPixKeyCheck tells the payment who the key belonged to then.
import type { Db } from '#lib/store/database';
import type { PixKeyType } from '#lib/pix';
import { perDatabase } from '../repo-cache';

/** A consultation as a later payment reads it: the owner unmasked. */
export interface PixKeyCheck {
  endToEndId: string;
  /** Canonical DICT form. */
  pixKey: string;
  type: PixKeyType;
  owner: {
    name: string;
    /** Digits (uppercase letters too for an alphanumeric CNPJ), no mask. */
    taxID: string;
    taxIDType: 'BR:CPF' | 'BR:CNPJ';
    /** The owner's PSP (8 characters). */
    ispb: string;
    branch: string;
    account: string;
    /** The bank account of this service the key pointed to; null for a holder outside it. */
    companyBankAccountId: string | null;
  };
  /** ISO 8601. */
  checkedAt: string;
}

export interface PixKeyCheckRow {
  end_to_end_id: string;
  company_id: string;
  account_id: string;
  pix_key: string;
  type: PixKeyType;
  owner_name: string;
  owner_tax_id: string;
  owner_tax_id_type: 'BR:CPF' | 'BR:CNPJ';
  owner_ispb: string;
  owner_branch: string;
  owner_account: string;
  owner_account_id: string | null;
  checked_at: string;
}

interface CheckRepo {
  find(companyId: string, endToEndId: string): PixKeyCheckRow | undefined;
  exists(endToEndId: string): boolean;
  insert(row: PixKeyCheckRow): void;
}

export const pixKeyCheckRepo = perDatabase<CheckRepo>((db: Db) => {
  // By company as well: one company's consultation is never another's to pay with.
  const findStmt = db.prepare<[string, string], PixKeyCheckRow>(
    'SELECT * FROM pix_key_checks WHERE end_to_end_id = ? AND company_id = ?',
  );
  const existsStmt = db.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM pix_key_checks WHERE end_to_end_id = ?',
  );
  const insertStmt = db.prepare<PixKeyCheckRow>(
    `INSERT INTO pix_key_checks (end_to_end_id, company_id, account_id, pix_key, type, owner_name, owner_tax_id, owner_tax_id_type,
       owner_ispb, owner_branch, owner_account, owner_account_id, checked_at)
     VALUES (@end_to_end_id, @company_id, @account_id, @pix_key, @type, @owner_name, @owner_tax_id, @owner_tax_id_type,
       @owner_ispb, @owner_branch, @owner_account, @owner_account_id, @checked_at)`,
  );
  return {
    find: (companyId, endToEndId) => findStmt.get(endToEndId, companyId),
    exists: (endToEndId) => existsStmt.get(endToEndId) !== undefined,
    insert: (row) => void insertStmt.run(row),
  };
});

/**
 * The consultation of the caller's company that answered with `endToEndId`, or undefined (an
 * unknown id, another company's, or a consultation that found no key: those give no id).
 */
export function findPixKeyCheck(db: Db, companyId: string, endToEndId: string): PixKeyCheck | undefined {
  const row = pixKeyCheckRepo(db).find(companyId, endToEndId);
  if (!row) return undefined;
  return {
    endToEndId: row.end_to_end_id,
    pixKey: row.pix_key,
    type: row.type,
    owner: {
      name: row.owner_name,
      taxID: row.owner_tax_id,
      taxIDType: row.owner_tax_id_type,
      ispb: row.owner_ispb,
      branch: row.owner_branch,
      account: row.owner_account,
      companyBankAccountId: row.owner_account_id,
    },
    checkedAt: row.checked_at,
  };
}
