// Offline sales (issue 10): a sale made while the service could not be reached gets a static BR
// Code of the counter's own (the shop's confirmed key, the amount, a txid of its own), and is
// registered at the service and reconciled with the Pix that came in once it is back.
//
// The commands table is rebuilt to accept the new command kind `register` (SQLite cannot alter a
// CHECK constraint). Nothing references commands, so the copy keeps every row and id as it was.
export const offlineSalesSchema = `
CREATE TABLE commands_v2 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  service_id TEXT NOT NULL REFERENCES services(id),
  sale_id TEXT NOT NULL REFERENCES sales(correlation_id),
  kind TEXT NOT NULL CHECK (kind IN ('create', 'cancel', 'refund', 'register')),
  idempotency_key TEXT NOT NULL,
  body_json TEXT,
  state TEXT NOT NULL CHECK (state IN ('queued', 'done', 'rejected')),
  attempts INTEGER NOT NULL DEFAULT 0,
  maybe_delivered INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_outcome TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
INSERT INTO commands_v2 SELECT id, service_id, sale_id, kind, idempotency_key, body_json, state, attempts,
  maybe_delivered, next_attempt_at, last_outcome, last_error, created_at, finished_at FROM commands;
DROP TABLE commands;
ALTER TABLE commands_v2 RENAME TO commands;
CREATE INDEX commands_due ON commands (service_id, next_attempt_at, id) WHERE state = 'queued';
CREATE INDEX commands_of_sale ON commands (sale_id, state, id);

-- What the service said of its account's Pix keys (GET /api/v1/pix-keys), last time it was asked:
-- an offline code may only pay into one of them.
ALTER TABLE services ADD COLUMN pix_keys_json TEXT;
ALTER TABLE services ADD COLUMN pix_keys_checked_at TEXT;

-- One row per sale made offline. The sale's row keeps status ACTIVE while it waits (its code can
-- be paid), COMPLETED once confirmed, EXPIRED when the owner marks it unpaid, CANCELLED by Esc Esc.
CREATE TABLE offline_sales (
  sale_id TEXT PRIMARY KEY REFERENCES sales(correlation_id),
  service_id TEXT NOT NULL REFERENCES services(id),
  -- Tag 62-05 of the code: 1 to 25 letters and digits, never reused.
  txid TEXT NOT NULL UNIQUE,
  br_code TEXT NOT NULL,
  pix_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Counter's clock: the end of the code's countdown on screen, and of its payment window (the
  -- countdown and a grace: a payment started at the last second settles a moment later).
  expires_at TEXT NOT NULL,
  window_end TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('AWAITING', 'CONFIRMED', 'REVIEW', 'CONFIRMED_BY_OWNER', 'UNPAID_BY_OWNER')),
  matched_by TEXT CHECK (matched_by IN ('txid', 'value')),
  -- The review item (reason, the Pix in question, other sales), as JSON, while or since a person looks.
  review_json TEXT,
  decision TEXT CHECK (decision IN ('paid', 'unpaid', 'acknowledged')),
  decided_at TEXT,
  customer_receipt_at TEXT,
  -- 1 once the service has the sale's txid (a static QR code registered with it as identifier).
  registered INTEGER NOT NULL DEFAULT 0,
  -- 1 when a create for this sale may have reached the service before it went offline: that
  -- dynamic charge is deleted there (a cancel command) so the sale never has two payable codes.
  dynamic_withdrawn INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);
-- Caps and the status bar: the unconfirmed sales of a service, oldest first.
CREATE INDEX offline_sales_by_state ON offline_sales (service_id, state, created_at);
`;
