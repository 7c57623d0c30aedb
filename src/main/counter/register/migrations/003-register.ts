// Register sessions and operators (issue 13): who sold, refunded or cancelled, at which till, in
// which session (abertura e fechamento de caixa). The counter is the source of truth for these:
// the service never hears of operators or sessions.
export const registerSchema = `
-- The people who work the counter. A PIN is never stored: only its scrypt hash, its salt and the
-- parameters it was made with (so they can be raised later without breaking older hashes).
-- Wrong PINs lock the operator for a growing delay; the count survives a restart.
CREATE TABLE operators (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  role TEXT NOT NULL CHECK (role IN ('CASHIER', 'MANAGER')),
  pin_hash TEXT NOT NULL,
  pin_salt TEXT NOT NULL,
  pin_kdf TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT,
  created_at TEXT NOT NULL,
  created_by TEXT REFERENCES operators(id),
  disabled_at TEXT,
  disabled_by TEXT REFERENCES operators(id)
);
-- Two active operators with the same name could not be told apart on the login screen.
CREATE UNIQUE INDEX operators_active_name ON operators (lower(name)) WHERE disabled_at IS NULL;

-- A register session: from the opening (who, when, the float note) to the closing (who, when,
-- and the summary as it was shown and confirmed, kept as JSON for the report).
CREATE TABLE register_sessions (
  id TEXT PRIMARY KEY,
  till_name TEXT NOT NULL,
  opened_by TEXT NOT NULL REFERENCES operators(id),
  opened_at TEXT NOT NULL,
  opening_note TEXT,
  closed_by TEXT REFERENCES operators(id),
  closed_at TEXT,
  closing_summary_json TEXT
);
-- One open session per counter at a time.
CREATE UNIQUE INDEX register_sessions_one_open ON register_sessions ((1)) WHERE closed_at IS NULL;
CREATE INDEX register_sessions_by_opening ON register_sessions (opened_at);

-- Sales made before this migration (or before the first operator) have none of these.
ALTER TABLE sales ADD COLUMN session_id TEXT REFERENCES register_sessions(id);
ALTER TABLE sales ADD COLUMN operator_id TEXT REFERENCES operators(id);
-- "Venda 0042": 1, 2, 3… within the session, given in the same statement that inserts the sale.
ALTER TABLE sales ADD COLUMN session_number INTEGER;
ALTER TABLE sales ADD COLUMN cancelled_by TEXT REFERENCES operators(id);
ALTER TABLE sales ADD COLUMN cancelled_at TEXT;
CREATE UNIQUE INDEX sales_number_in_session ON sales (session_id, session_number) WHERE session_id IS NOT NULL;

-- A refund belongs to the session it was made in (not the sale's) and names who asked for it
-- and the manager who approved it.
ALTER TABLE refunds ADD COLUMN session_id TEXT REFERENCES register_sessions(id);
ALTER TABLE refunds ADD COLUMN operator_id TEXT REFERENCES operators(id);
ALTER TABLE refunds ADD COLUMN approved_by TEXT REFERENCES operators(id);
CREATE INDEX refunds_of_session ON refunds (session_id) WHERE session_id IS NOT NULL;
-- A sale cancelled in a session other than its own counts in the session where it was cancelled.
ALTER TABLE sales ADD COLUMN cancelled_session_id TEXT REFERENCES register_sessions(id);
CREATE INDEX sales_of_session ON sales (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX sales_cancelled_in_session ON sales (cancelled_session_id) WHERE cancelled_session_id IS NOT NULL;
`;
