import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { BankAccountRow } from '../tenancy/tenancy-rows';

export interface PreRegistrationRow {
  id: string;
  partner_company_id: string;
  name: string;
  website: string | null;
  tax_id: string;
  tax_id_type: 'BR:CNPJ' | 'BR:CPF';
  user_first_name: string;
  user_last_name: string;
  user_email: string;
  user_phone: string;
  user_tax_id: string;
  user_tax_id_type: 'BR:CNPJ' | 'BR:CPF';
  /** The company a partner application created for it; null until then. */
  company_id: string | null;
  created_at: string;
}

/** A pre-registration that became a company, with the company's own fields. */
export interface AffiliateRow extends PreRegistrationRow {
  company_id: string;
  company_name: string;
  company_tax_id: string;
  company_tax_id_type: 'BR:CNPJ' | 'BR:CPF';
  company_created_at: string;
}

/** Pre-registrations, always within one partner: another partner's are never read. */
export const partnerRepo = perDatabase((db: Db) => {
  const byTaxId = db.prepare<[string, string], PreRegistrationRow>(
    'SELECT * FROM partner_pre_registrations WHERE partner_company_id = ? AND tax_id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO partner_pre_registrations (id, partner_company_id, name, website, tax_id, tax_id_type, user_first_name,
       user_last_name, user_email, user_phone, user_tax_id, user_tax_id_type, company_id, created_at)
     VALUES (@id, @partner_company_id, @name, @website, @tax_id, @tax_id_type, @user_first_name, @user_last_name,
       @user_email, @user_phone, @user_tax_id, @user_tax_id_type, @company_id, @created_at)`,
  );
  const setCompany = db.prepare(
    'UPDATE partner_pre_registrations SET company_id = ? WHERE id = ? AND company_id IS NULL',
  );
  const list = db.prepare<[string, number, number], PreRegistrationRow>(
    'SELECT * FROM partner_pre_registrations WHERE partner_company_id = ? ORDER BY created_at, rowid LIMIT ? OFFSET ?',
  );
  const affiliates = db.prepare<[string, number, number], AffiliateRow>(
    `SELECT p.*, c.official_name AS company_name, c.tax_id AS company_tax_id, c.tax_id_type AS company_tax_id_type,
       c.created_at AS company_created_at
     FROM partner_pre_registrations p JOIN companies c ON c.id = p.company_id
     WHERE p.partner_company_id = ? AND p.company_id IS NOT NULL
     ORDER BY p.created_at, p.rowid LIMIT ? OFFSET ?`,
  );
  const count = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM partner_pre_registrations WHERE partner_company_id = ?',
  );
  const countAffiliates = db.prepare<[string], { n: number }>(
    `SELECT COUNT(*) AS n FROM partner_pre_registrations p JOIN companies c ON c.id = p.company_id
     WHERE p.partner_company_id = ? AND p.company_id IS NOT NULL`,
  );
  const defaultAccount = db.prepare<[string], BankAccountRow>(
    'SELECT * FROM bank_accounts WHERE company_id = ? AND closed_at IS NULL ORDER BY is_default DESC, created_at, id LIMIT 1',
  );
  return {
    findByTaxId: (partnerCompanyId: string, taxId: string) => byTaxId.get(partnerCompanyId, taxId),
    insert: (row: PreRegistrationRow) => void insert.run(row),
    setCompany: (id: string, companyId: string) => setCompany.run(companyId, id).changes === 1,
    /** `limit + 1` rows, for pageOf. */
    list: (partnerCompanyId: string, skip: number, limit: number) => list.all(partnerCompanyId, limit + 1, skip),
    /** Every pre-registration of the partner (the list's totalCount). */
    count: (partnerCompanyId: string) => count.get(partnerCompanyId)!.n,
    /** `limit + 1` rows, for pageOf. */
    affiliates: (partnerCompanyId: string, skip: number, limit: number) =>
      affiliates.all(partnerCompanyId, limit + 1, skip),
    /** Every affiliate of the partner (the affiliate list's totalCount). */
    countAffiliates: (partnerCompanyId: string) => countAffiliates.get(partnerCompanyId)!.n,
    /** The account an affiliate receives with: its default open account (or its oldest open one). */
    receivingAccount: (companyId: string) => defaultAccount.get(companyId),
  };
});
