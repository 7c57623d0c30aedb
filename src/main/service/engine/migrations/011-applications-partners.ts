// Schema v11: applications created through the API (and by partners for the companies they
// pre-register), their IP allowlists, and partner pre-registrations.
//
// - applications.allowed_ips: JSON array of canonical addresses and CIDR blocks the application
//   may call from ("203.0.113.7", "10.0.0.0/8", "2001:db8::/32"); NULL: any address.
// - applications.is_master: the application the sandbox made with its company. It cannot be
//   deleted through the API ("You cannot delete a master application"): the embedded counter and
//   `npm run serve` find the sandbox company by it. Until now every application was made that
//   way, so each company's first application is its master.
// - applications.partner_company_id: the partner that created the application for a company it
//   pre-registered; a partner's repeated request for the same name answers that application.
// - partner_pre_registrations: one per partner and pre-registered taxID (the partner's
//   idempotency key); another partner pre-registering the same taxID has its own row and never
//   sees this one. company_id is set once a partner application created the company. Lists
//   order by (created_at, rowid): insertion order, also for rows of the same millisecond.
export const applicationsPartnersSchema = /* sql */ `
ALTER TABLE applications ADD COLUMN allowed_ips TEXT;
ALTER TABLE applications ADD COLUMN is_master INTEGER NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN partner_company_id TEXT REFERENCES companies(id);

UPDATE applications SET is_master = 1
WHERE id = (
  SELECT first.id FROM applications AS first
  WHERE first.company_id = applications.company_id
  ORDER BY first.created_at, first.rowid
  LIMIT 1
);

CREATE TABLE partner_pre_registrations (
  id TEXT PRIMARY KEY,
  partner_company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  website TEXT,
  tax_id TEXT NOT NULL,
  tax_id_type TEXT NOT NULL,
  user_first_name TEXT NOT NULL,
  user_last_name TEXT NOT NULL,
  user_email TEXT NOT NULL,
  user_phone TEXT NOT NULL,
  user_tax_id TEXT NOT NULL,
  user_tax_id_type TEXT NOT NULL,
  company_id TEXT REFERENCES companies(id),
  created_at TEXT NOT NULL,
  UNIQUE (partner_company_id, tax_id)
);
CREATE INDEX partner_pre_registrations_list ON partner_pre_registrations(partner_company_id, created_at);
CREATE INDEX partner_pre_registrations_affiliates ON partner_pre_registrations(partner_company_id, created_at)
  WHERE company_id IS NOT NULL;
`;
