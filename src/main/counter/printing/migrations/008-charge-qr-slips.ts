// A sale's QR slip (issue 35), for a counter without a customer display: the sale's Pix QR code
// on paper, owed the way a receipt is (005-print-jobs.ts), by a trigger in the transaction that
// gives the sale the code the screen shows, one copy (the customer's), when print_rules says so.
//
// print_rules and print_jobs list the documents they allow in a CHECK, which SQLite cannot alter,
// so both are rebuilt (sqlite.org/lang_altertable.html, "other kinds of table schema changes"):
// the new table is created, the rows copied with their ids, the old one dropped and the new one
// renamed, all in the one transaction the runner gives a migration (lib/store/migrate.ts).
// Nothing references either table by a foreign key. The triggers of 005–007 live on sales,
// refunds and register_sessions and name print_jobs and print_rules in their bodies: SQLite's
// rename since 3.26 checks those bodies against the schema, finds the table just dropped, and
// refuses; with legacy_alter_table on for the rename it leaves them as written, and they find the
// new table by its name. No job is ever deleted, so the copy's highest id is where AUTOINCREMENT
// goes on from. 'test-slip' stays allowed, as shipped: the copy never fails on a row 5 allowed.
export const chargeQrSlipsSchema = `
PRAGMA legacy_alter_table = ON;

CREATE TABLE print_rules_v8 (
  document TEXT PRIMARY KEY CHECK (document IN ('sale-receipt', 'refund-slip', 'register-report', 'charge-qr')),
  copies INTEGER NOT NULL CHECK (copies IN (1, 2))
);
INSERT INTO print_rules_v8 (document, copies) SELECT document, copies FROM print_rules;
DROP TABLE print_rules;
ALTER TABLE print_rules_v8 RENAME TO print_rules;

CREATE TABLE print_jobs_v8 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document TEXT NOT NULL
    CHECK (document IN ('sale-receipt', 'refund-slip', 'register-report', 'test-slip', 'charge-qr')),
  subject TEXT NOT NULL,
  copy INTEGER NOT NULL CHECK (copy >= 1),
  reprint INTEGER NOT NULL DEFAULT 0 CHECK (reprint >= 0),
  state TEXT NOT NULL CHECK (state IN ('waiting', 'sending-body', 'sending-cut', 'printed')),
  may_be_printed INTEGER NOT NULL DEFAULT 0 CHECK (may_be_printed IN (0, 1)),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_problem TEXT,
  next_attempt_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  printed_at TEXT,
  UNIQUE (document, subject, copy, reprint)
);
INSERT INTO print_jobs_v8 (id, document, subject, copy, reprint, state, may_be_printed, attempts, last_problem,
  next_attempt_at, created_at, printed_at)
SELECT id, document, subject, copy, reprint, state, may_be_printed, attempts, last_problem,
  next_attempt_at, created_at, printed_at
FROM print_jobs;
DROP TABLE print_jobs;
ALTER TABLE print_jobs_v8 RENAME TO print_jobs;
CREATE INDEX print_jobs_owed ON print_jobs (next_attempt_at, id) WHERE state <> 'printed';

PRAGMA legacy_alter_table = OFF;

-- The service's charge: owed when the sale first has one while it waits for payment (the create's
-- answer, or a later read when the answer was late). Not for an offline sale: its code is its own
-- (below), and a dynamic charge that reaches it afterwards is being withdrawn, never to be paid.
CREATE TRIGGER print_charge_qr_when_charged AFTER UPDATE OF charge_json ON sales
WHEN OLD.charge_json IS NULL AND NEW.charge_json IS NOT NULL AND NEW.status = 'ACTIVE'
BEGIN
  INSERT OR IGNORE INTO print_jobs (document, subject, copy, state, next_attempt_at, created_at)
  SELECT 'charge-qr', NEW.correlation_id, 1, 'waiting', NEW.updated_at, NEW.updated_at
  FROM print_rules rule
  WHERE rule.document = 'charge-qr'
    AND NOT EXISTS (SELECT 1 FROM offline_sales offline WHERE offline.sale_id = NEW.correlation_id);
END;

-- The same for a sale written with its charge already (no path does today; the receipt's
-- triggers cover the insert too).
CREATE TRIGGER print_charge_qr_when_charged_insert AFTER INSERT ON sales
WHEN NEW.charge_json IS NOT NULL AND NEW.status = 'ACTIVE'
BEGIN
  INSERT OR IGNORE INTO print_jobs (document, subject, copy, state, next_attempt_at, created_at)
  SELECT 'charge-qr', NEW.correlation_id, 1, 'waiting', NEW.updated_at, NEW.updated_at
  FROM print_rules rule
  WHERE rule.document = 'charge-qr'
    AND NOT EXISTS (SELECT 1 FROM offline_sales offline WHERE offline.sale_id = NEW.correlation_id);
END;

-- An offline sale's static code, made by the counter (offline-selling.ts): the row is written in
-- the sale's transaction, after the sale's own row, made or switched to ACTIVE there.
CREATE TRIGGER print_charge_qr_when_offline AFTER INSERT ON offline_sales
BEGIN
  INSERT OR IGNORE INTO print_jobs (document, subject, copy, state, next_attempt_at, created_at)
  SELECT 'charge-qr', NEW.sale_id, 1, 'waiting', NEW.updated_at, NEW.updated_at
  FROM print_rules rule JOIN sales sale ON sale.correlation_id = NEW.sale_id
  WHERE rule.document = 'charge-qr' AND sale.status = 'ACTIVE';
END;
`;
