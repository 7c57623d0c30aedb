// The register's end-of-day report on paper, owed the way a receipt is (005-print-jobs.ts): by a
// trigger on the session's own row, in the transaction that closes it, when print_rules says
// reports print.
export const registerReportsSchema = `
CREATE TRIGGER print_report_when_closed AFTER UPDATE OF closed_at ON register_sessions
WHEN OLD.closed_at IS NULL AND NEW.closed_at IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO print_jobs (document, subject, copy, state, next_attempt_at, created_at)
  SELECT 'register-report', NEW.id, 1, 'waiting', NEW.closed_at, NEW.closed_at
  FROM print_rules rule
  WHERE rule.document = 'register-report';
END;
`;
