// Schema v18: subaccounts, their ledger, and transfers between a company's accounts
// (src/main/service/engine/subaccounts, src/main/service/engine/transfers).
//
// - subaccounts: a company's virtual accounts, each named by the Pix key its withdrawals go to.
//   The key is unique among a company's live subaccounts only: two marketplaces may both have the
//   same seller (the same e-mail key) as a subaccount, and neither ever sees the other's. A deleted
//   subaccount keeps its row (its statement stays on record) and frees its key. `balance` is a
//   projection of its entries, written only by subaccount-ledger.ts, never negative.
// - subaccount_moves: one row per movement (a charge's split, a credit from or a debit to the main
//   account, a transfer between two subaccounts, a withdrawal), unique by correlationID within its
//   company and kind when one was given, so a retry finds the move instead of making a second.
//   `request` is the canonical request, to tell a retry from a different move reusing the id.
// - subaccount_entries: the subaccount's ledger; each entry carries the balance after it, which is
//   what the statement shows. The main account's side of a credit, debit or split is an entry of
//   kind SUBACCOUNT in ledger_entries whose cause_id is the move's id: both are written in the
//   same transaction, so money between the main account and its subaccounts always sums to zero.
// - transfers: POST /api/v1/transfer between two accounts of one company, unique by correlationID.
export const subaccountsSchema = /* sql */ `
CREATE TABLE subaccounts (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  pix_key TEXT NOT NULL,
  pix_key_type TEXT NOT NULL,
  name TEXT NOT NULL,
  balance INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX subaccounts_company_key ON subaccounts(company_id, pix_key) WHERE deleted_at IS NULL;
CREATE INDEX subaccounts_company_created ON subaccounts(company_id, created_at, id) WHERE deleted_at IS NULL;

CREATE TABLE subaccount_moves (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  kind TEXT NOT NULL CHECK (kind IN ('SPLIT', 'CREDIT', 'DEBIT', 'TRANSFER', 'WITHDRAWAL')),
  correlation_id TEXT,
  value INTEGER NOT NULL CHECK (value > 0),
  from_subaccount_id TEXT REFERENCES subaccounts(id),
  to_subaccount_id TEXT REFERENCES subaccounts(id),
  account_id TEXT REFERENCES bank_accounts(id),
  charge_id TEXT,
  end_to_end_id TEXT UNIQUE,
  destination_alias TEXT,
  description TEXT,
  request TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX subaccount_moves_correlation ON subaccount_moves(company_id, kind, correlation_id)
  WHERE correlation_id IS NOT NULL;

CREATE TABLE subaccount_entries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  subaccount_id TEXT NOT NULL REFERENCES subaccounts(id),
  move_id TEXT NOT NULL REFERENCES subaccount_moves(id),
  operation_type TEXT NOT NULL CHECK (operation_type IN ('CREDIT', 'DEBIT', 'TRANSFER_CREDIT', 'TRANSFER_DEBIT', 'WITHDRAWAL')),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  description TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX subaccount_entries_subaccount ON subaccount_entries(subaccount_id, seq);

CREATE TABLE transfers (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  correlation_id TEXT NOT NULL,
  value INTEGER NOT NULL CHECK (value > 0),
  from_account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  to_account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  from_pix_key TEXT NOT NULL,
  to_pix_key TEXT NOT NULL,
  debit_transaction_id TEXT NOT NULL REFERENCES transactions(id),
  credit_transaction_id TEXT NOT NULL REFERENCES transactions(id),
  created_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
`;
