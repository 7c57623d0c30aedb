import type { TaxId } from '#shared/service/resources';
import { parseTaxId } from '#lib/pix';
import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { SourceParty } from './payment-serializer';

const sourceRepo = perDatabase((db: Db) =>
  db.prepare<
    [string, string],
    { official_name: string; tax_id: string; bank_name: string; ispb: string; branch: string; account: string }
  >(
    `SELECT c.official_name, c.tax_id, a.bank_name, a.ispb, a.branch, a.account
     FROM bank_accounts a JOIN companies c ON c.id = a.company_id WHERE a.company_id = ? AND a.id = ?`,
  ),
);

/** The paying side of a Pix out: the company and the account the money leaves from. Read for every payment shown. */
export function sourceParty(db: Db, companyId: string, accountId: string): SourceParty {
  const row = sourceRepo(db).get(companyId, accountId);
  if (!row) throw new Error(`payment source ${accountId} not found`);
  return {
    name: row.official_name,
    taxID: row.tax_id,
    bank: { name: row.bank_name, ispb: row.ispb },
    branch: row.branch,
    account: row.account,
  };
}

/** The paying company's tax id as a Pix party carries it (a company's CNPJ, alphanumeric ones included). */
export function sourceTaxId(source: SourceParty): TaxId {
  return parseTaxId(source.taxID) ?? { taxID: source.taxID, type: 'BR:CNPJ' };
}
