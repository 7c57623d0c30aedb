// Schema v12: disputes (MED claims against a Pix the company received) and funds recoveries (MED
// requests the company opens for a Pix it sent).
//
// - disputes: one per received PAYMENT transaction (UNIQUE), found by the end-to-end id of that
//   transaction. `blocked` is the cautionary block (ledger bucket `security`) the dispute put on
//   the receiving account when it opened; resolving the dispute lifts it (REJECTED, CANCELED) or
//   returns the money to the payer (ACCEPTED, a REFUND booked against the payment).
// - dispute_evidence: documents the company sent in its defence; the client's correlationID is the
//   idempotency key within one dispute.
// - funds_recoveries: one per transaction sent (UNIQUE by root end-to-end id within a company);
//   `account_id` is the account whose application opened it (only that account may cancel it);
//   `next_step_at` is when the sandbox's analysis moves it on (null once terminal).
// - funds_recovery_events: its progress (`events` in the API), in order.
export const disputesFundsRecoverySchema = /* sql */ `
CREATE TABLE disputes (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  transaction_id TEXT NOT NULL UNIQUE REFERENCES transactions(id),
  end_to_end_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('IN_REVIEW', 'ACCEPTED', 'REJECTED', 'CANCELED')),
  type TEXT NOT NULL CHECK (type IN ('MED')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value > 0),
  dispute_reason TEXT NOT NULL,
  blocked INTEGER NOT NULL CHECK (blocked >= 0),
  returned INTEGER NOT NULL DEFAULT 0 CHECK (returned >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, end_to_end_id)
);
CREATE INDEX disputes_company_created ON disputes(company_id, created_at, id);

CREATE TABLE dispute_evidence (
  id TEXT PRIMARY KEY,
  dispute_id TEXT NOT NULL REFERENCES disputes(id),
  correlation_id TEXT NOT NULL,
  url TEXT NOT NULL,
  description TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (dispute_id, correlation_id)
);

CREATE TABLE funds_recoveries (
  dict_id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  transaction_id TEXT NOT NULL REFERENCES transactions(id),
  root_transaction_id TEXT NOT NULL,
  situation_type TEXT NOT NULL CHECK (situation_type IN ('SCAM', 'ACCOUNT_TAKEOVER', 'COERCION', 'FRAUDULENT_ACCESS', 'OTHER', 'UNKNOWN')),
  report_details TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'AWAITING_ANALYSIS', 'COMPLETED', 'CANCELLED')),
  direction TEXT NOT NULL CHECK (direction IN ('SENT')),
  reporter_participant TEXT NOT NULL,
  next_step_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, root_transaction_id)
);
CREATE INDEX funds_recoveries_next_step ON funds_recoveries(next_step_at) WHERE next_step_at IS NOT NULL;

CREATE TABLE funds_recovery_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  dict_id TEXT NOT NULL REFERENCES funds_recoveries(dict_id),
  event TEXT NOT NULL,
  timestamp TEXT NOT NULL
);
CREATE INDEX funds_recovery_events_recovery ON funds_recovery_events(dict_id, seq);
`;
