import type { Db } from '../../store/database';
import type { SourceParty } from './payment-serializer';

/** The paying side of a Pix out: the company and the account the money leaves from. */
export function sourceParty(db: Db, companyId: string, accountId: string): SourceParty {
  const row = db
    .prepare<[string, string], { official_name: string; tax_id: string; bank_name: string; ispb: string; branch: string; account: string }>(
      `SELECT c.official_name, c.tax_id, a.bank_name, a.ispb, a.branch, a.account
       FROM bank_accounts a JOIN companies c ON c.id = a.company_id WHERE a.company_id = ? AND a.id = ?`,
    )
    .get(companyId, accountId);
  if (!row) throw new Error(`payment source ${accountId} not found`);
  return {
    name: row.official_name,
    taxID: row.tax_id,
    bank: { name: row.bank_name, ispb: row.ispb },
    branch: row.branch,
    account: row.account,
  };
}
