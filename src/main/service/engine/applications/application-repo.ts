import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { ApplicationRow } from '../tenancy/tenancy-rows';

/** Applications, always within one company. */
export const applicationRepo = perDatabase((db: Db) => {
  const activeByClientId = db.prepare<[string, string], ApplicationRow>(
    'SELECT * FROM applications WHERE company_id = ? AND client_id = ? AND is_active = 1',
  );
  const activeByPartnerAndName = db.prepare<[string, string, string], ApplicationRow>(
    `SELECT * FROM applications WHERE company_id = ? AND partner_company_id = ? AND name = ? AND is_active = 1
     ORDER BY created_at, rowid LIMIT 1`,
  );
  const firstActiveByPartner = db.prepare<[string, string], ApplicationRow>(
    'SELECT * FROM applications WHERE company_id = ? AND partner_company_id = ? AND is_active = 1 ORDER BY created_at, rowid LIMIT 1',
  );
  const byId = db.prepare<[string], ApplicationRow>('SELECT * FROM applications WHERE id = ?');
  const deactivate = db.prepare('UPDATE applications SET is_active = 0, removed_at = ? WHERE id = ? AND is_active = 1');
  return {
    findActiveByClientId: (companyId: string, clientId: string) => activeByClientId.get(companyId, clientId),
    /** The partner's application of that name for a company it pre-registered: its idempotency key. */
    findActiveByPartnerAndName: (companyId: string, partnerCompanyId: string, name: string) =>
      activeByPartnerAndName.get(companyId, partnerCompanyId, name),
    /** The first live application a partner made for a company (the affiliate's `account.clientId`). */
    firstActiveByPartner: (companyId: string, partnerCompanyId: string) =>
      firstActiveByPartner.get(companyId, partnerCompanyId),
    byId: (id: string) => byId.get(id),
    /** Sets isActive false and records removedAt; false when it was no longer active. */
    deactivate: (id: string, at: string) => deactivate.run(at, id).changes === 1,
  };
});
