import type { Db } from '../../store/database';
import { perDatabase } from '../repo-cache';
import type { PixKeyRow } from '../tenancy/tenancy-rows';

export interface PixKeyRepo {
  /** One account's keys, oldest first (the key breaks ties), so skip/limit pages never overlap. */
  listByAccount(companyId: string, accountId: string, skip: number, limit: number): PixKeyRow[];
}

export const pixKeyRepo = perDatabase<PixKeyRepo>((db: Db) => {
  // company_id as well as account_id: an account id alone must never reach another company's keys.
  const listStmt = db.prepare<[string, string, number, number], PixKeyRow>(
    'SELECT * FROM pix_keys WHERE company_id = ? AND account_id = ? ORDER BY created_at, key LIMIT ? OFFSET ?',
  );
  return {
    listByAccount: (companyId, accountId, skip, limit) => listStmt.all(companyId, accountId, limit, skip),
  };
});
