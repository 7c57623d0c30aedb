// Schema v8: the ledger, the money-out half of the service (payments, withdrawals, blocks) and
// applications that hold every scope by flag instead of by list.
//
// - ledger_entries: every movement of money, written in the same transaction as its cause. The
//   balance columns of bank_accounts are a projection of it, kept in step by the ledger module
//   (src/main/service/engine/ledger) and only by it; tests check that they always equal the sums.
//   Buckets: total (the money held), hold (reserved for a transfer in flight: refunds and Pix out
//   between approval and settlement; the existing balance_blocked), security and withdraw_safety
//   (money the service blocks). Existing balances get one OPENING entry per non-zero bucket.
// - applications.every_scope: the sandbox's first application keeps every scope as operations
//   are added, without a migration per scope. Set for applications that held every scope of v7.
// - bank_accounts: the two block buckets, the account limits (JSON, null = the defaults) and the
//   withdrawal fee rule.
// - payments: Pix out requests (PIX_KEY, QR_CODE, MANUAL, BOLETO).
// - transactions.payment_id: the Pix out a WITHDRAW transaction settles.
export const ledgerSchema = /* sql */ `
ALTER TABLE applications ADD COLUMN every_scope INTEGER NOT NULL DEFAULT 0;
UPDATE applications SET every_scope = 1
WHERE json_valid(scopes)
  AND json_type(scopes) = 'array'
  AND (
    SELECT COUNT(DISTINCT value) FROM json_each(applications.scopes)
    WHERE value IN (
      'CHARGE_POST', 'CHARGE_GET', 'CHARGE_GET_LIST', 'CHARGE_PATCH', 'CHARGE_DELETE', 'CHARGE_IMAGE_GET',
      'CHARGE_BRCODE_IMAGE_GET', 'CHARGE_REFUND_GET_LIST', 'CHARGE_REFUND_POST', 'CUSTOMER_POST', 'CUSTOMER_GET',
      'CUSTOMER_GET_LIST', 'CUSTOMER_PATCH', 'REFUND_POST', 'REFUND_GET', 'REFUND_GET_LIST', 'PIX_QRCODE_POST',
      'PIX_QRCODE_GET', 'PIX_QRCODE_GET_LIST', 'PIX_QRCODE_DELETE', 'TRANSACTION_GET', 'TRANSACTION_GET_LIST',
      'DECODE_EMV_POST', 'COMPANY_GET', 'PIX_KEY_GET_LIST'
    )
  ) = 25;

ALTER TABLE bank_accounts ADD COLUMN balance_blocked_security INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bank_accounts ADD COLUMN balance_blocked_withdraw_safety INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bank_accounts ADD COLUMN limits TEXT;

CREATE TABLE ledger_entries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  kind TEXT NOT NULL,
  bucket TEXT NOT NULL CHECK (bucket IN ('total', 'hold', 'security', 'withdraw_safety')),
  amount INTEGER NOT NULL CHECK (amount <> 0),
  transaction_id TEXT REFERENCES transactions(id),
  cause_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX ledger_entries_account ON ledger_entries(account_id, seq);
CREATE INDEX ledger_entries_transaction ON ledger_entries(transaction_id) WHERE transaction_id IS NOT NULL;

INSERT INTO ledger_entries (company_id, account_id, kind, bucket, amount, created_at)
SELECT company_id, id, 'OPENING', 'total', balance_total, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM bank_accounts WHERE balance_total <> 0;
INSERT INTO ledger_entries (company_id, account_id, kind, bucket, amount, created_at)
SELECT company_id, id, 'OPENING', 'hold', balance_blocked, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM bank_accounts WHERE balance_blocked <> 0;

CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  correlation_id TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('PIX_KEY', 'QR_CODE', 'MANUAL', 'BOLETO')),
  status TEXT NOT NULL CHECK (status IN ('CREATED', 'APPROVED', 'CONFIRMED', 'FAILED', 'DENIED')),
  value INTEGER NOT NULL CHECK (value > 0),
  destination_alias TEXT,
  destination_alias_type TEXT,
  pix_key_end_to_end_id TEXT,
  qr_code TEXT,
  boleto TEXT,
  manual TEXT,
  destination TEXT NOT NULL,
  comment TEXT,
  metadata TEXT,
  end_to_end_id TEXT UNIQUE,
  transaction_id TEXT REFERENCES transactions(id),
  failure_code TEXT,
  provider_rejected_reason TEXT,
  approved_at TEXT,
  settles_at TEXT,
  settled_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
CREATE INDEX payments_company_created ON payments(company_id, created_at, id);
CREATE INDEX payments_settlement ON payments(settles_at) WHERE status = 'APPROVED';

ALTER TABLE transactions ADD COLUMN payment_id TEXT REFERENCES payments(id);
`;
