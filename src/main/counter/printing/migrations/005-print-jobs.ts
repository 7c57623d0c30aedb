// The paper the counter owes: one row per receipt, slip or report to print, written by the same
// transaction as the event that calls for it (a trigger on the sale's own row), so a sale paid
// while the printer is off, or while the counter is killed, still has its receipt waiting.
export const printJobsSchema = `
-- What prints by itself, and in how many copies, as the owner set it in Configurações. The main
-- process writes it from the settings (printing/print-rules.ts); the triggers read it, so a job
-- is owed only for what was to print when the event happened.
CREATE TABLE print_rules (
  document TEXT PRIMARY KEY CHECK (document IN ('sale-receipt', 'refund-slip', 'register-report')),
  copies INTEGER NOT NULL CHECK (copies IN (1, 2))
);

CREATE TABLE print_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document TEXT NOT NULL CHECK (document IN ('sale-receipt', 'refund-slip', 'register-report', 'test-slip')),
  -- What it is about: the sale's correlationID, the refund's, the register session's id.
  subject TEXT NOT NULL,
  -- The copy (1 the shop's, 2 the customer's), and 0 for the first printing, n for the n-th
  -- reprint the cashier asked for: each is a job of its own, printed once.
  copy INTEGER NOT NULL CHECK (copy >= 1),
  reprint INTEGER NOT NULL DEFAULT 0 CHECK (reprint >= 0),
  -- waiting: owed, not yet confirmed printed. sending-body / sending-cut: on its way, so a crash
  -- mid-job is known to have left an uncut copy (print it whole again) or perhaps a whole one
  -- (print it again as "2ª via"). printed: the printer confirmed it.
  state TEXT NOT NULL CHECK (state IN ('waiting', 'sending-body', 'sending-cut', 'printed')),
  -- A copy of this job may already be on paper: the next attempt says "2ª via".
  may_be_printed INTEGER NOT NULL DEFAULT 0 CHECK (may_be_printed IN (0, 1)),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Why the last attempt did not print (paper-out, cover-open, offline, unreachable, ...).
  last_problem TEXT,
  next_attempt_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  printed_at TEXT,
  UNIQUE (document, subject, copy, reprint)
);
CREATE INDEX print_jobs_owed ON print_jobs (next_attempt_at, id) WHERE state <> 'printed';

-- Paid: the sale is COMPLETED and its payment (the receipt's end-to-end id, its payer) is known.
-- Both may arrive in one update or in two, in either order; the receipt is owed once, when the
-- second arrives.
CREATE TRIGGER print_receipt_when_paid_insert AFTER INSERT ON sales
WHEN NEW.status = 'COMPLETED' AND NEW.payment_json IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO print_jobs (document, subject, copy, state, next_attempt_at, created_at)
  SELECT 'sale-receipt', NEW.correlation_id, copy.n, 'waiting', NEW.updated_at, NEW.updated_at
  FROM print_rules rule JOIN (SELECT 1 AS n UNION ALL SELECT 2) copy ON copy.n <= rule.copies
  WHERE rule.document = 'sale-receipt';
END;

CREATE TRIGGER print_receipt_when_paid AFTER UPDATE OF status, payment_json ON sales
WHEN NEW.status = 'COMPLETED' AND NEW.payment_json IS NOT NULL
  AND NOT (OLD.status = 'COMPLETED' AND OLD.payment_json IS NOT NULL)
BEGIN
  INSERT OR IGNORE INTO print_jobs (document, subject, copy, state, next_attempt_at, created_at)
  SELECT 'sale-receipt', NEW.correlation_id, copy.n, 'waiting', NEW.updated_at, NEW.updated_at
  FROM print_rules rule JOIN (SELECT 1 AS n UNION ALL SELECT 2) copy ON copy.n <= rule.copies
  WHERE rule.document = 'sale-receipt';
END;
`;
