// Schema v20: anticipation (antecipação de recebíveis: a company's payroll beneficiaries ask for an
// advance of what they are due, the company approves or rejects it) and boleto transactions.
//
// - anticipation_beneficiaries: one per payout key (CPF or CNPJ, canonical digits) within a
//   company, the key the API addresses them by. `available_amount` is nullable (the document's
//   AnticipationBeneficiary types it so); `max_advanceable_amount` is not. Both are absolute
//   values the company sets (create, balance batch); what pending and approved requests reserve
//   is read from the requests, so a batch that sets the same values twice changes nothing.
// - anticipation_requests: the requests, ids as the document's examples show them (24-hex object
//   ids). The state machine is the handlers' and the sweeper's (anticipation-payout.ts): PENDING →
//   CANCELED on rejection; PENDING → PROCESSING on approval, which holds `net_amount` on the
//   approving account (`account_id`) until `settles_at`; then CONFIRMED with the Pix out booked
//   (`transaction_id`, `end_to_end_id`); at `due_date` PAID or OVERDUE. The CHECKs hold the
//   statuses the document lists.
// - Boleto transactions have no table: they are read from the BOLETO charges paid and the BOLETO
//   payments already on record (src/main/service/engine/boletos/boleto-transaction-repo.ts).
export const anticipationBoletoTransactionsSchema = /* sql */ `
CREATE TABLE anticipation_beneficiaries (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  tax_id TEXT NOT NULL,
  tax_id_type TEXT NOT NULL CHECK (tax_id_type IN ('BR:CPF', 'BR:CNPJ')),
  name TEXT NOT NULL,
  cpf TEXT,
  notify_email TEXT,
  notify_phone TEXT,
  available_amount INTEGER CHECK (available_amount IS NULL OR available_amount >= 0),
  max_advanceable_amount INTEGER NOT NULL CHECK (max_advanceable_amount >= 0),
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  auto_approve INTEGER CHECK (auto_approve IS NULL OR auto_approve IN (0, 1)),
  settings TEXT NOT NULL DEFAULT '{}',
  correlation_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, tax_id)
);

CREATE TABLE anticipation_requests (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  beneficiary_id TEXT NOT NULL REFERENCES anticipation_beneficiaries(id),
  beneficiary_tax_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'CONFIRMED', 'CANCELED', 'PAID', 'OVERDUE', 'FAILED')),
  requested_amount INTEGER NOT NULL CHECK (requested_amount > 0),
  fee_amount INTEGER NOT NULL CHECK (fee_amount >= 0),
  net_amount INTEGER NOT NULL CHECK (net_amount > 0),
  fee_mode TEXT NOT NULL,
  monthly_fee_percentage REAL NOT NULL,
  days_until_due INTEGER NOT NULL CHECK (days_until_due >= 1),
  due_date TEXT NOT NULL,
  approved_at TEXT,
  cancelled_at TEXT,
  cancel_reason TEXT,
  end_to_end_id TEXT,
  account_id TEXT REFERENCES bank_accounts(id),
  settles_at TEXT,
  transaction_id TEXT REFERENCES transactions(id),
  failure_code TEXT,
  failure_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX anticipation_requests_company_created ON anticipation_requests(company_id, created_at, id);
CREATE INDEX anticipation_requests_company_status_created ON anticipation_requests(company_id, status, created_at, id);
CREATE INDEX anticipation_requests_beneficiary_status ON anticipation_requests(beneficiary_id, status);
-- The sweeper's two deadlines: payouts to settle, advances falling due.
CREATE INDEX anticipation_requests_settling ON anticipation_requests(settles_at) WHERE status = 'PROCESSING';
CREATE INDEX anticipation_requests_falling_due ON anticipation_requests(due_date) WHERE status = 'CONFIRMED';
`;
