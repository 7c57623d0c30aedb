// Schema v21: stablecoin subaccounts, deposits, payouts and their INTERNAL balance
// (src/main/service/engine/stablecoin).
//
// - stablecoin_subaccounts: one per (company, account register), the KYB the company requested
//   (POST /api/v1/stablecoin/subaccount is idempotent on accountRegisterId, hence the UNIQUE).
//   sub_account_id is the provider id the API's paths take. IN_REVIEW until review_due_at, then
//   CONFIRMED or REJECTED (the sweeper); the CHECK keeps the due date only while in review.
// - stablecoin_deposits: BRL in, stablecoin out. PENDING until approved or expired; approval
//   holds the BRL on the paying bank account (account_id) and makes it PROCESSING until
//   settle_due_at; then COMPLETED. Unique by correlationId within the company (idempotency).
//   Amounts are integers: value and fee in BRL cents, rate in BRL cents per unit, output in
//   hundredths of the stablecoin.
// - stablecoin_payouts: stablecoin from the INTERNAL balance out as BRL by Pix. Debited when
//   created, PROCESSING until settle_due_at, then COMPLETED. Unique by correlationId.
// - stablecoin_entries: every move of an INTERNAL balance, signed, in hundredths of its asset.
//   A balance is the sum of its entries. UNIQUE (kind, cause_id): a deposit credits once and a
//   payout debits once, whatever retries or sweeps happen.
export const stablecoinSchema = /* sql */ `
CREATE TABLE stablecoin_subaccounts (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  account_register_id TEXT NOT NULL REFERENCES account_registers(id),
  sub_account_id TEXT NOT NULL UNIQUE,
  correlation_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('IN_REVIEW', 'CONFIRMED', 'REJECTED')),
  review_due_at TEXT,
  decided_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, account_register_id),
  CHECK ((status = 'IN_REVIEW') = (review_due_at IS NOT NULL))
);
CREATE INDEX stablecoin_subaccounts_company ON stablecoin_subaccounts(company_id, created_at);
CREATE INDEX stablecoin_subaccounts_review_due ON stablecoin_subaccounts(review_due_at) WHERE review_due_at IS NOT NULL;

CREATE TABLE stablecoin_deposits (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  subaccount_id TEXT NOT NULL REFERENCES stablecoin_subaccounts(id),
  correlation_id TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value > 0),
  currency TEXT NOT NULL CHECK (currency IN ('USDT', 'USDC', 'BRLA')),
  network TEXT NOT NULL CHECK (network IN ('POLYGON', 'ETHEREUM', 'BASE', 'CELO', 'TRON', 'BNB')),
  destination_wallet TEXT,
  fee INTEGER NOT NULL CHECK (fee >= 0),
  rate INTEGER NOT NULL CHECK (rate > 0),
  output INTEGER NOT NULL CHECK (output > 0),
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'EXPIRED')),
  expires_at TEXT NOT NULL,
  settle_due_at TEXT,
  approved_at TEXT,
  completed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id),
  CHECK ((status = 'PROCESSING') = (settle_due_at IS NOT NULL))
);
CREATE INDEX stablecoin_deposits_pending ON stablecoin_deposits(expires_at) WHERE status = 'PENDING';
CREATE INDEX stablecoin_deposits_settle_due ON stablecoin_deposits(settle_due_at) WHERE settle_due_at IS NOT NULL;

CREATE TABLE stablecoin_payouts (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  subaccount_id TEXT NOT NULL REFERENCES stablecoin_subaccounts(id),
  correlation_id TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value > 0),
  currency TEXT NOT NULL CHECK (currency IN ('USDT', 'USDC', 'BRLA')),
  pix_key TEXT NOT NULL,
  pix_key_owner TEXT,
  pix_message TEXT,
  rate INTEGER NOT NULL CHECK (rate > 0),
  fee INTEGER NOT NULL CHECK (fee >= 0),
  output INTEGER NOT NULL CHECK (output > 0),
  status TEXT NOT NULL CHECK (status IN ('PROCESSING', 'COMPLETED')),
  settle_due_at TEXT,
  completed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id),
  CHECK ((status = 'PROCESSING') = (settle_due_at IS NOT NULL))
);
CREATE INDEX stablecoin_payouts_settle_due ON stablecoin_payouts(settle_due_at) WHERE settle_due_at IS NOT NULL;

CREATE TABLE stablecoin_entries (
  id INTEGER PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  subaccount_id TEXT NOT NULL REFERENCES stablecoin_subaccounts(id),
  currency TEXT NOT NULL CHECK (currency IN ('USDT', 'USDC', 'BRLA')),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('DEPOSIT', 'PAYOUT')),
  cause_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (kind, cause_id)
);
CREATE INDEX stablecoin_entries_subaccount ON stablecoin_entries(subaccount_id, currency);
`;
