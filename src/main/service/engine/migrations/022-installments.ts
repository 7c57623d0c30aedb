// Subscription installments as a resource of their own (GET /api/v1/installments/{id}) and the
// Pix Automático cobr of each (POST /api/v1/installments/{id}/cobr and …/cobr/retry).
//
// - subscription_installments gains `id` (its globalID's object id) and `value` (what the period
//   charges: the subscription's value when it was generated; PUT /subscriptions/{id}/value changes
//   the next ones only). Rows generated before this migration get a random 24-hex id and the value
//   of their charge, or of their subscription when they have none.
// - installment_cobrs: at most one cobr per installment (its primary key), so a repeated POST can
//   never make a second one.
// - installment_cobr_tries: the cobr's attempts at debiting the payer, the first (AGND) and up to
//   three retries (NTAG) under the THREE_RETRIES_7_DAYS policy; (cobr, number) keys them, so one
//   retry request adds one try at most.
export const installmentsSchema = /* sql */ `
ALTER TABLE subscription_installments ADD COLUMN id TEXT;
ALTER TABLE subscription_installments ADD COLUMN value INTEGER CHECK (value IS NULL OR value > 0);
UPDATE subscription_installments SET id = lower(hex(randomblob(12))) WHERE id IS NULL;
UPDATE subscription_installments SET value = COALESCE(
  (SELECT c.value FROM charges c WHERE c.id = subscription_installments.charge_id),
  (SELECT s.value FROM subscriptions s WHERE s.id = subscription_installments.subscription_id)
);
CREATE UNIQUE INDEX subscription_installments_id ON subscription_installments(id);
CREATE INDEX subscription_installments_charge ON subscription_installments(charge_id) WHERE charge_id IS NOT NULL;

CREATE TABLE installment_cobrs (
  installment_id TEXT PRIMARY KEY REFERENCES subscription_installments(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
  identifier_id TEXT NOT NULL UNIQUE,
  recurrency_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'APPROVED', 'REJECTED', 'COMPLETED')),
  value INTEGER NOT NULL CHECK (value > 0),
  reject_code TEXT,
  end_to_end_id TEXT,
  charge_date TEXT NOT NULL,
  expiry_date TEXT NOT NULL,
  payment_date TEXT,
  description TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX installment_cobrs_end_to_end ON installment_cobrs(company_id, end_to_end_id) WHERE end_to_end_id IS NOT NULL;

CREATE TABLE installment_cobr_tries (
  installment_id TEXT NOT NULL REFERENCES installment_cobrs(installment_id),
  try_number INTEGER NOT NULL CHECK (try_number BETWEEN 1 AND 4),
  status TEXT NOT NULL CHECK (status IN ('REQUESTED', 'REJECTED', 'COMPLETED')),
  finality_purpose TEXT NOT NULL CHECK (finality_purpose IN ('AGND', 'NTAG')),
  value INTEGER NOT NULL CHECK (value > 0),
  reject_code TEXT,
  requested_execution_date TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (installment_id, try_number)
);
`;
