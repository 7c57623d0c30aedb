import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { PixKeyRow } from '../tenancy/tenancy-rows';

export interface PixKeyRepo {
  /** One account's keys, oldest first (the key breaks ties), so skip/limit pages never overlap. */
  listByAccount(companyId: string, accountId: string, skip: number, limit: number): PixKeyRow[];
  /** Every key of one account, oldest first (an account holds a few: see MAX_KEYS_PER_ACCOUNT). */
  allByAccount(companyId: string, accountId: string): PixKeyRow[];
  countByAccount(companyId: string, accountId: string): number;
  /** A key registered anywhere in the service, whichever company holds it (the sandbox's DICT). */
  findAnywhere(key: string): PixKeyRow | undefined;
  insert(row: PixKeyRow): void;
  delete(companyId: string, key: string): void;
  /** Makes `key` the account's one default key. */
  setDefault(companyId: string, accountId: string, key: string): void;
}

export const pixKeyRepo = perDatabase<PixKeyRepo>((db: Db) => {
  // company_id as well as account_id: an account id alone must never reach another company's keys.
  const listStmt = db.prepare<[string, string, number, number], PixKeyRow>(
    'SELECT * FROM pix_keys WHERE company_id = ? AND account_id = ? ORDER BY created_at, key LIMIT ? OFFSET ?',
  );
  const allStmt = db.prepare<[string, string], PixKeyRow>(
    'SELECT * FROM pix_keys WHERE company_id = ? AND account_id = ? ORDER BY created_at, key',
  );
  const countStmt = db.prepare<[string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM pix_keys WHERE company_id = ? AND account_id = ?',
  );
  const findStmt = db.prepare<[string], PixKeyRow>('SELECT * FROM pix_keys WHERE key = ?');
  const insertStmt = db.prepare<PixKeyRow>(
    'INSERT INTO pix_keys (key, company_id, account_id, type, is_default, created_at) VALUES (@key, @company_id, @account_id, @type, @is_default, @created_at)',
  );
  const deleteStmt = db.prepare<[string, string]>('DELETE FROM pix_keys WHERE company_id = ? AND key = ?');
  const setDefaultStmt = db.prepare<[string, string, string]>(
    'UPDATE pix_keys SET is_default = CASE WHEN key = ? THEN 1 ELSE 0 END WHERE company_id = ? AND account_id = ?',
  );
  return {
    listByAccount: (companyId, accountId, skip, limit) => listStmt.all(companyId, accountId, limit, skip),
    allByAccount: (companyId, accountId) => allStmt.all(companyId, accountId),
    countByAccount: (companyId, accountId) => countStmt.get(companyId, accountId)?.n ?? 0,
    findAnywhere: (key) => findStmt.get(key),
    insert: (row) => void insertStmt.run(row),
    delete: (companyId, key) => void deleteStmt.run(companyId, key),
    setDefault: (companyId, accountId, key) => void setDefaultStmt.run(key, companyId, accountId),
  };
});
