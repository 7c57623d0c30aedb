// The counter's own database (counter.db): the mirror of this counter's sales at the service it
// syncs with, the command outbox, and the sync state. The service stays the source of truth for
// what it decides (paid, expired, refunds settled); the counter is the source of truth for what
// the cashier did (a sale, a cancel, a refund), held here until the service has acknowledged it.
export const counterSchema = `
-- Each service this counter has sold on: the embedded sandbox, or a remote (base URL + AppID).
-- The AppID is a secret and never stored here: the id is a hash of base URL and AppID.
CREATE TABLE services (
  id TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  company_json TEXT,
  company_fetched_at TEXT
);

CREATE TABLE sales (
  correlation_id TEXT PRIMARY KEY,
  service_id TEXT NOT NULL REFERENCES services(id),
  value INTEGER NOT NULL CHECK (value > 0),
  comment TEXT,
  customer_json TEXT,
  expires_in INTEGER NOT NULL,
  -- When the cashier pressed Enter: the sale's day and its place in the history.
  created_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED')),
  -- The service's records as last seen: the Charge, and its PAYMENT transaction once paid.
  charge_json TEXT,
  payment_json TEXT,
  rejected_reason TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX sales_by_day ON sales (service_id, created_at);
-- The puller's work list: sales the service may still change.
CREATE INDEX sales_open ON sales (service_id, status, created_at) WHERE status IN ('PENDING', 'ACTIVE');

CREATE TABLE refunds (
  correlation_id TEXT PRIMARY KEY,
  sale_id TEXT NOT NULL REFERENCES sales(correlation_id),
  value INTEGER NOT NULL CHECK (value > 0),
  comment TEXT,
  created_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('QUEUED', 'IN_PROCESSING', 'CONFIRMED', 'REJECTED')),
  refund_json TEXT,
  rejected_reason TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX refunds_of_sale ON refunds (sale_id);
CREATE INDEX refunds_unsettled ON refunds (sale_id) WHERE status IN ('QUEUED', 'IN_PROCESSING');

-- The command outbox: what the cashier did that the service must hear, in order per sale.
-- Written in the same transaction as the local change it stands for.
CREATE TABLE commands (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  service_id TEXT NOT NULL REFERENCES services(id),
  sale_id TEXT NOT NULL REFERENCES sales(correlation_id),
  kind TEXT NOT NULL CHECK (kind IN ('create', 'cancel', 'refund')),
  -- The correlationID the service dedupes on: the sale's (create), the refund's (refund).
  idempotency_key TEXT NOT NULL,
  body_json TEXT,
  state TEXT NOT NULL CHECK (state IN ('queued', 'done', 'rejected')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- 1 once an attempt may have reached the service (any outcome but not-sent): from then on only
  -- the service can say whether it acted, so the command can no longer simply be dropped.
  maybe_delivered INTEGER NOT NULL DEFAULT 0,
  -- Only the head of a sale's queue carries a real time: the commands behind it wait at
  -- '9999-12-31' until it finishes, so "what is due" is one index range, never a scan.
  next_attempt_at TEXT NOT NULL,
  last_outcome TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX commands_due ON commands (service_id, next_attempt_at, id) WHERE state = 'queued';
-- A sale's commands by state: its queue, its queued count and its last refusal (the history
-- shows both for every sale of the day) are each one index range.
CREATE INDEX commands_of_sale ON commands (sale_id, state, id);

CREATE TABLE sync_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
