// A refund's slip, owed the same way a sale's receipt is (005-print-jobs.ts): by a trigger on the
// refund's own row, in the transaction that makes it CONFIRMED with the service's record of it
// (its end-to-end id) known, when print_rules says refund slips print.
export const refundSlipsSchema = `
CREATE TRIGGER print_refund_slip_when_confirmed AFTER UPDATE OF status, refund_json ON refunds
WHEN NEW.status = 'CONFIRMED' AND NEW.refund_json IS NOT NULL
  AND NOT (OLD.status = 'CONFIRMED' AND OLD.refund_json IS NOT NULL)
BEGIN
  INSERT OR IGNORE INTO print_jobs (document, subject, copy, state, next_attempt_at, created_at)
  SELECT 'refund-slip', NEW.correlation_id, copy.n, 'waiting', NEW.updated_at, NEW.updated_at
  FROM print_rules rule JOIN (SELECT 1 AS n UNION ALL SELECT 2) copy ON copy.n <= rule.copies
  WHERE rule.document = 'refund-slip';
END;
`;
