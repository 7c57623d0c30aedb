// Schema v14: subscriptions (recurring charges generated on the clock) and exclusive cashback
// (src/main/service/engine/subscriptions, src/main/service/engine/cashback).
//
// - subscriptions: one row per POST /api/v1/subscriptions, unique by correlationID within its
//   company. `request` keeps the create body as parsed, so a repeat of the same correlationID can
//   be told apart from a different body. `next_generation_at` is when the next installment's
//   charge is due to be generated; NULL once nothing more will be (completed, cancelled, expired),
//   so the sweeper's deadline query reads only live subscriptions through its partial index.
//   `customer` is the customer as it was at creation (JSON), as a charge keeps its own copy.
// - subscription_installments: one row per generated period, keyed by (subscription, number), so
//   a period can never produce two charges: the row, the charge and the subscription's advance
//   are written in one transaction. `charge_id` is not a foreign key: a generated charge may be
//   deleted (DELETE /api/v1/charge) like any other, and its installment stays on record.
// - cashbacks: exclusive (fidelity) cashback granted to one of the company's customers. At most
//   one PENDING per customer (the partial unique index), which is what get-or-create returns.
export const subscriptionsCashbackSchema = /* sql */ `
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  global_id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  correlation_id TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customers(id),
  customer TEXT NOT NULL,
  name TEXT,
  comment TEXT,
  value INTEGER NOT NULL CHECK (value > 0),
  type TEXT NOT NULL CHECK (type IN ('PIX_RECURRING', 'RECURRENT')),
  frequency TEXT NOT NULL CHECK (frequency IN ('WEEKLY', 'MONTHLY', 'BIMONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'ANNUALLY')),
  charge_type TEXT NOT NULL CHECK (charge_type IN ('DYNAMIC', 'OVERDUE', 'BOLETO')),
  day_generate_charge INTEGER NOT NULL CHECK (day_generate_charge BETWEEN 1 AND 31),
  anchor_day TEXT NOT NULL,
  first_generation_at TEXT NOT NULL,
  day_due INTEGER NOT NULL CHECK (day_due >= 3),
  installment_count INTEGER CHECK (installment_count IS NULL OR installment_count >= 1),
  additional_info TEXT NOT NULL DEFAULT '[]',
  pix_recurring_options TEXT,
  payment_link_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'COMPLETED', 'EXPIRED')),
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  generated_count INTEGER NOT NULL DEFAULT 0 CHECK (generated_count >= 0),
  next_generation_at TEXT,
  request TEXT NOT NULL,
  cancelled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
CREATE INDEX subscriptions_company_created ON subscriptions(company_id, created_at);
CREATE INDEX subscriptions_next_generation ON subscriptions(next_generation_at) WHERE next_generation_at IS NOT NULL;

CREATE TABLE subscription_installments (
  subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
  installment_number INTEGER NOT NULL CHECK (installment_number >= 1),
  company_id TEXT NOT NULL REFERENCES companies(id),
  scheduled_at TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('CHARGE_CREATED', 'MISSED', 'FAILED')),
  charge_id TEXT,
  reason TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (subscription_id, installment_number)
);

CREATE TABLE cashbacks (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  customer_id TEXT NOT NULL REFERENCES customers(id),
  value INTEGER NOT NULL CHECK (value > 0),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'PAID')),
  charge_id TEXT,
  paid_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX cashbacks_one_pending ON cashbacks(company_id, customer_id) WHERE status = 'PENDING';
CREATE INDEX cashbacks_customer ON cashbacks(company_id, customer_id, created_at);
`;
