// Schema v13: account registers, the KYC onboarding of a merchant (POST /api/v1/kyc/onboarding,
// GET and DELETE /api/v1/account-register, the onboarding page; src/main/service/engine/kyc).
//
// - One row per onboarding. correlation_id is the caller's idempotency key, unique per company
//   among live registers: a deleted register (deleted_at) frees its correlationID, and its link
//   stops working.
// - link_token is the last segment of linkOnboarding: 256 random bits, unique, nothing of the
//   company's or the register's ids in it, so the page (reached without an AppID) can name only
//   the register whose link the merchant was given.
// - representatives: the partners as JSON `[{name, taxID}]` (CPF digits); a value of the register,
//   read and written with it, never queried on its own.
// - status: PENDING at creation, SUBMITTED when the merchant sends the page, then APPROVED or
//   REJECTED when the sandbox's review (review_due_at) comes due.
// - account_id, account_branch, account_number: the merchant's account at the PSP as the
//   ACCOUNT_REGISTER_* events describe it, reserved at creation (not a bank account of the
//   calling company).
export const accountRegistersSchema = /* sql */ `
CREATE TABLE account_registers (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  correlation_id TEXT NOT NULL,
  tax_id TEXT NOT NULL,
  tax_id_type TEXT NOT NULL CHECK (tax_id_type = 'BR:CNPJ'),
  official_name TEXT NOT NULL,
  trade_name TEXT NOT NULL,
  representatives TEXT NOT NULL,
  redirect_url TEXT,
  link_token TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'SUBMITTED', 'APPROVED', 'REJECTED')),
  account_id TEXT NOT NULL,
  account_branch TEXT NOT NULL,
  account_number TEXT NOT NULL,
  review_due_at TEXT,
  submitted_at TEXT,
  decided_at TEXT,
  deleted_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((status = 'SUBMITTED') = (review_due_at IS NOT NULL))
);
CREATE UNIQUE INDEX account_registers_company_correlation ON account_registers(company_id, correlation_id) WHERE deleted_at IS NULL;
CREATE INDEX account_registers_review_due ON account_registers(review_due_at) WHERE review_due_at IS NOT NULL;
`;
