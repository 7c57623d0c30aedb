// Schema v1: tenancy (companies, bank accounts, Pix keys, applications) and the counter's
// records (customers, charges, static QR codes, transactions, refunds) plus the event outbox.
// Every tenant-owned row carries company_id, and every list filter has an index that starts
// with company_id so one company's lists never scan another's rows.
// Times are stored as ISO 8601 UTC text (sortable) and money as INTEGER cents.
export const coreSchema = /* sql */ `
CREATE TABLE companies (
  id TEXT PRIMARY KEY,
  official_name TEXT NOT NULL,
  trade_name TEXT NOT NULL,
  tax_id TEXT NOT NULL,
  tax_id_type TEXT NOT NULL,
  correlation_id TEXT NOT NULL UNIQUE,
  merchant_name TEXT NOT NULL,
  merchant_city TEXT NOT NULL,
  features TEXT NOT NULL DEFAULT '[]',
  environment TEXT NOT NULL DEFAULT 'SANDBOX',
  created_at TEXT NOT NULL
);

CREATE TABLE bank_accounts (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  is_default INTEGER NOT NULL DEFAULT 0,
  ispb TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  branch TEXT NOT NULL,
  account TEXT NOT NULL,
  account_name TEXT NOT NULL,
  balance_total INTEGER NOT NULL DEFAULT 0,
  balance_blocked INTEGER NOT NULL DEFAULT 0,
  closed_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX bank_accounts_company ON bank_accounts(company_id, created_at);

CREATE TABLE pix_keys (
  key TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  type TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX pix_keys_company ON pix_keys(company_id, created_at);

CREATE TABLE applications (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  client_id TEXT NOT NULL UNIQUE,
  client_secret TEXT NOT NULL,
  app_id TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  removed_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX applications_company ON applications(company_id, created_at);

CREATE TABLE customers (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  correlation_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  tax_id TEXT,
  tax_id_type TEXT,
  address TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
CREATE INDEX customers_company_created ON customers(company_id, created_at);
CREATE INDEX customers_company_tax_id ON customers(company_id, tax_id);
CREATE INDEX customers_company_email ON customers(company_id, email);

CREATE TABLE charges (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  correlation_id TEXT NOT NULL,
  transaction_id TEXT NOT NULL UNIQUE,
  identifier TEXT NOT NULL UNIQUE,
  payment_link_id TEXT NOT NULL,
  location_id TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  value INTEGER NOT NULL,
  comment TEXT,
  customer_id TEXT REFERENCES customers(id),
  customer TEXT,
  br_code TEXT NOT NULL,
  pix_key TEXT,
  expires_in INTEGER NOT NULL,
  expires_at TEXT NOT NULL,
  due_date TEXT,
  days_for_due_date INTEGER,
  days_after_due_date INTEGER,
  interests TEXT,
  fines TEXT,
  discount TEXT,
  additional_info TEXT NOT NULL DEFAULT '[]',
  options TEXT NOT NULL DEFAULT '{}',
  subscription_id TEXT,
  paid_at TEXT,
  paid_value INTEGER,
  payer TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
CREATE INDEX charges_company_created ON charges(company_id, created_at);
CREATE INDEX charges_company_status_created ON charges(company_id, status, created_at);
CREATE INDEX charges_company_customer_created ON charges(company_id, customer_id, created_at);
CREATE INDEX charges_company_subscription_created ON charges(company_id, subscription_id, created_at);
CREATE INDEX charges_payment_link ON charges(payment_link_id, created_at);
CREATE INDEX charges_active_expiry ON charges(status, expires_at);
-- A fixed location is reused by later charges of the same payment link; it serves the newest.
CREATE INDEX charges_location ON charges(location_id, created_at);

CREATE TABLE pix_qr_codes (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  name TEXT NOT NULL,
  correlation_id TEXT NOT NULL,
  identifier TEXT NOT NULL UNIQUE,
  payment_link_id TEXT NOT NULL UNIQUE,
  value INTEGER,
  comment TEXT,
  pix_key TEXT NOT NULL,
  br_code TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
CREATE INDEX pix_qr_codes_company_created ON pix_qr_codes(company_id, created_at);

CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  value INTEGER NOT NULL,
  end_to_end_id TEXT NOT NULL UNIQUE,
  transaction_id TEXT NOT NULL,
  charge_id TEXT REFERENCES charges(id),
  pix_qr_code_id TEXT REFERENCES pix_qr_codes(id),
  refund_id TEXT,
  original_transaction_id TEXT REFERENCES transactions(id),
  withdrawal_id TEXT,
  info_pagador TEXT,
  payer TEXT,
  payee TEXT,
  time TEXT NOT NULL,
  webhook_sent INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX transactions_company_time ON transactions(company_id, time);
CREATE INDEX transactions_company_type_time ON transactions(company_id, type, time);
CREATE INDEX transactions_company_charge ON transactions(company_id, charge_id, time);
CREATE INDEX transactions_company_qr ON transactions(company_id, pix_qr_code_id, time);
CREATE INDEX transactions_company_withdrawal ON transactions(company_id, withdrawal_id, time);
CREATE INDEX transactions_company_webhook_time ON transactions(company_id, webhook_sent, time);
CREATE INDEX transactions_original ON transactions(original_transaction_id);
CREATE INDEX transactions_company_transaction_id ON transactions(company_id, transaction_id);

CREATE TABLE refunds (
  id TEXT PRIMARY KEY,
  company_id TEXT NOT NULL REFERENCES companies(id),
  account_id TEXT NOT NULL REFERENCES bank_accounts(id),
  transaction_id TEXT NOT NULL REFERENCES transactions(id),
  charge_id TEXT REFERENCES charges(id),
  correlation_id TEXT NOT NULL,
  refund_id TEXT NOT NULL UNIQUE,
  return_identification TEXT NOT NULL UNIQUE,
  value INTEGER NOT NULL CHECK (value > 0),
  status TEXT NOT NULL,
  comment TEXT,
  settles_at TEXT NOT NULL,
  settled_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (company_id, correlation_id)
);
CREATE INDEX refunds_company_created ON refunds(company_id, created_at);
CREATE INDEX refunds_transaction ON refunds(transaction_id);
CREATE INDEX refunds_charge ON refunds(company_id, charge_id, created_at);
CREATE INDEX refunds_pending_settlement ON refunds(status, settles_at);

-- The outbox: every state change commits its event row in the same transaction. Webhook
-- delivery and sync read from here; nothing is lost between a write and its notification.
CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  company_id TEXT NOT NULL REFERENCES companies(id),
  name TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX events_company_seq ON events(company_id, seq);
`;
