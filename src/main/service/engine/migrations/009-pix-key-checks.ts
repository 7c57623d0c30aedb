// Schema v9: Pix key consultations (GET /api/v1/pix-keys/:pixKey/check, POST /api/v1/pix-keys/check)
// and the token bucket that meters them (src/main/service/engine/pix-keys).
//
// - pix_key_checks: one row per consultation that found its key, under the end-to-end id the
//   answer gave (pixKeyEndToEndId). A later Pix out to that key may name the id; the payment then
//   finds here who the key belonged to when it was consulted. The owner is stored unmasked (the
//   answer masks it). owner_account_id: the bank account of this service the key pointed to,
//   null for a holder outside it.
// - pix_key_token_buckets: one bucket per company bank account, created by its first
//   consultation (before that it is full). `tokens` is the count as of `refilled_at`, the last
//   refill step; the count at any later moment follows from the time (whole refill steps since
//   refilled_at), so a read or a refused consultation writes nothing.
// - pix_key_token_logs: every change of a bucket, newest first in the API: REMOVE for a
//   consultation (FOUND or NOT_FOUND, with the key and, when found, its end-to-end id) and ADD for
//   the refill steps since the previous change, written when the bucket is next used.
// Every row carries company_id, and each list has an index that starts with it.
export const pixKeyChecksSchema = /* sql */ `
CREATE TABLE pix_key_checks (
  end_to_end_id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  pix_key TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP')),
  owner_name TEXT NOT NULL,
  owner_tax_id TEXT NOT NULL,
  owner_tax_id_type TEXT NOT NULL CHECK (owner_tax_id_type IN ('BR:CPF', 'BR:CNPJ')),
  owner_ispb TEXT NOT NULL,
  owner_branch TEXT NOT NULL,
  owner_account TEXT NOT NULL,
  owner_account_id TEXT REFERENCES bank_accounts(id),
  checked_at TEXT NOT NULL
);
CREATE INDEX pix_key_checks_company_checked ON pix_key_checks(company_id, checked_at);

CREATE TABLE pix_key_token_buckets (
  account_id TEXT PRIMARY KEY REFERENCES bank_accounts(id),
  company_id TEXT NOT NULL REFERENCES companies(id),
  tokens INTEGER NOT NULL CHECK (tokens >= 0),
  refilled_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX pix_key_token_buckets_company ON pix_key_token_buckets(company_id, account_id);

CREATE TABLE pix_key_token_logs (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  operation TEXT NOT NULL CHECK (operation IN ('ADD', 'REMOVE')),
  reason TEXT NOT NULL,
  tokens INTEGER NOT NULL CHECK (tokens >= 0),
  tokens_before INTEGER NOT NULL,
  tokens_after INTEGER NOT NULL,
  pix_key TEXT,
  result TEXT CHECK (result IN ('FOUND', 'NOT_FOUND')),
  end_to_end_id TEXT REFERENCES pix_key_checks(end_to_end_id),
  created_at TEXT NOT NULL
);
CREATE INDEX pix_key_token_logs_company_created ON pix_key_token_logs(company_id, created_at);
CREATE INDEX pix_key_token_logs_company_account_created ON pix_key_token_logs(company_id, account_id, created_at);
`;
