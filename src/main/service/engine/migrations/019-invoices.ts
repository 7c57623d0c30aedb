// Schema v19: invoices (notas fiscais de serviço) through the NFe.io integration, simulated
// (src/main/service/engine/invoices).
//
// - invoice_integrations: at most one per company (UNIQUE company_id), type NFEIO. Its tax fields
//   are the ones the OpenAPI file's POST and PUT name. Of the A1 certificate only its SHA-256
//   fingerprint, whether it was a test upload, and when, are kept: never the certificate nor its
//   passphrase. `validates_at` is when the sandbox's NFe.io confirms the test invoice (the
//   integration then turns CONFIGURED and active); null once it did, or before a test.
// - invoices: correlation_id is the caller's idempotency key within a company. `customer` is the
//   JSON snapshot of the tomador at issue (a later change of the customer record does not rewrite
//   an issued note); `charge_id` is the charge it was issued for, read live for its status, and
//   `charge` its snapshot at issue, answered if the charge is deleted later (no foreign key: a
//   charge delete must not fail because a note names it).
//   `issues_at` is when the simulated city hall confirms it (PROCESSING → CONFIRMED), null once
//   it did; `number` and `verification_code` are the NFS-e's, given at confirmation.
export const invoicesSchema = /* sql */ `
CREATE TABLE invoice_integrations (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL UNIQUE REFERENCES companies(id),
  type TEXT NOT NULL CHECK (type IN ('NFEIO')),
  status TEXT NOT NULL CHECK (status IN ('CONFIGURING', 'VALIDATING', 'CONFIGURED')),
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  nfeio_company_id TEXT NOT NULL,
  city_service_code TEXT,
  municipal_subscription TEXT,
  rps_number TEXT,
  special_tax TEXT,
  tax_regime TEXT,
  federal_tax_determination TEXT,
  municipal_tax_determination TEXT,
  legal_nature TEXT,
  is_portal_nacional INTEGER CHECK (is_portal_nacional IN (0, 1)),
  certificate_sha256 TEXT,
  certificate_test INTEGER CHECK (certificate_test IN (0, 1)),
  certificate_uploaded_at TEXT,
  test_invoice_id TEXT,
  validates_at TEXT,
  next_number INTEGER NOT NULL DEFAULT 1 CHECK (next_number >= 1),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX invoice_integrations_validates ON invoice_integrations(validates_at) WHERE validates_at IS NOT NULL;

CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  integration_id TEXT NOT NULL REFERENCES invoice_integrations(id),
  correlation_id TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value > 0),
  description TEXT,
  billing_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PROCESSING', 'CONFIRMED', 'CANCELED')),
  customer_id TEXT NOT NULL REFERENCES customers(id),
  customer TEXT NOT NULL,
  charge_id TEXT,
  charge TEXT,
  number INTEGER,
  verification_code TEXT,
  request TEXT NOT NULL,
  issues_at TEXT,
  confirmed_at TEXT,
  canceled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
CREATE INDEX invoices_company_created ON invoices(company_id, created_at, id);
CREATE INDEX invoices_issues ON invoices(issues_at) WHERE issues_at IS NOT NULL;
CREATE INDEX invoices_charge ON invoices(charge_id) WHERE charge_id IS NOT NULL;
`;
