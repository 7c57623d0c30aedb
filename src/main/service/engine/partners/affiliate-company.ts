import type { Db } from '#lib/store/database';
import { insertCompany, insertDefaultAccount, insertEvpKey } from '../tenancy/tenancy-writes';
import { partnerRepo, type PreRegistrationRow } from './partner-repo';

/**
 * Turns a pre-registration into a company of the partner's environment: the company (named as
 * pre-registered, no features), its default bank account and an EVP key to receive with, as a
 * sandbox company gets them. The pre-registration gives no city; the sandbox's default city is
 * used for its BR Codes. Must run in the caller's transaction.
 */
export function createAffiliateCompany(
  db: Db,
  at: string,
  pre: PreRegistrationRow,
  environment: 'SANDBOX' | 'PRODUCTION',
): string {
  const companyId = insertCompany(db, at, {
    officialName: pre.name,
    tradeName: pre.name,
    taxID: pre.tax_id,
    taxIDType: pre.tax_id_type,
    merchantName: pre.name,
    merchantCity: 'São Paulo',
    features: [],
    environment,
  });
  const accountId = insertDefaultAccount(db, at, companyId, pre.name);
  insertEvpKey(db, at, companyId, accountId);
  if (!partnerRepo(db).setCompany(pre.id, companyId))
    throw new Error(`pre-registration ${pre.id} already has a company`);
  return companyId;
}
