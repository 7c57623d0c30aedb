import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { BankAccountRow } from '../tenancy/tenancy-rows';

export type NewAccount = Pick<
  BankAccountRow,
  'id' | 'company_id' | 'ispb' | 'bank_name' | 'branch' | 'account' | 'account_name' | 'created_at'
>;

/** Bank accounts, always read fresh (their balance moves with every Pix) and always within one company. */
export const accountRepo = perDatabase((db: Db) => {
  const find = db.prepare<[string, string], BankAccountRow>(
    'SELECT * FROM bank_accounts WHERE company_id = ? AND id = ?',
  );
  const listOpen = db.prepare<[string, number, number], BankAccountRow>(
    'SELECT * FROM bank_accounts WHERE company_id = ? AND closed_at IS NULL ORDER BY created_at, id LIMIT ? OFFSET ?',
  );
  const countOpen = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM bank_accounts WHERE company_id = ? AND closed_at IS NULL',
  );
  const insert = db.prepare(
    `INSERT INTO bank_accounts (id, company_id, is_default, ispb, bank_name, branch, account, account_name, created_at)
     VALUES (@id, @company_id, 0, @ispb, @bank_name, @branch, @account, @account_name, @created_at)`,
  );
  const byBankDetails = db.prepare<[string, string, string], BankAccountRow>(
    'SELECT * FROM bank_accounts WHERE ispb = ? AND branch = ? AND account = ? AND closed_at IS NULL',
  );
  const close = db.prepare(
    'UPDATE bank_accounts SET closed_at = ? WHERE company_id = ? AND id = ? AND closed_at IS NULL',
  );
  return {
    find: (companyId: string, id: string) => find.get(companyId, id),
    /** `limit + 1` rows, for pageOf. */
    listOpen: (companyId: string, skip: number, limit: number) => listOpen.all(companyId, limit + 1, skip),
    /** Every open account of the company (the list's totalCount). */
    countOpen: (companyId: string) => countOpen.get(companyId)!.n,
    insert: (row: NewAccount) => void insert.run(row),
    /** An open account of any company, by the bank details a MANUAL Pix out names (across companies on purpose). */
    findOpenByBankDetails: (ispb: string, branch: string, account: string) => byBankDetails.get(ispb, branch, account),
    close: (companyId: string, id: string, at: string) => close.run(at, companyId, id).changes === 1,
  };
});
