// Schema v16: row counts of the largest lists, kept by triggers, for `pageInfo.totalCount`
// (src/main/service/engine/list-counts.ts, issue 25).
//
// The PHP, Java and Ruby SDKs page with `pageInfo.totalCount`. Counting a company's charges with
// COUNT(*) walks its whole index: about 11 ms at 100k charges (4.5 ms for the 50k ACTIVE ones),
// where the first page of the list itself costs about 1.3 ms, so the list's first page would no
// longer cost the same at 100k as at 1k (bench list-scaling, aim ≤ 2). These counts are read in
// one indexed lookup per bucket instead.
//
// - list_counts: one row per (list, company, bucket). `charges` buckets by status (the list's
//   status filter reads one bucket, the unfiltered list sums the few statuses); `transactions`
//   buckets by type (the list's type filter, the same way). Other lists and other filters count
//   with COUNT(*) over their own index (pagination.ts says when that runs at all).
// - Triggers, not the repositories, keep them: every write path changes these tables (the API,
//   the sweepers, the sandbox's payments, rows written directly by the bench's seeding), and a
//   trigger runs inside the statement's own transaction, so a count can never disagree with the
//   rows a read transaction sees. An UPDATE moves a row between buckets only when its bucket or
//   company really changes.
// - The counts of rows already there are taken once, here.
export const listCountsSchema = /* sql */ `
CREATE TABLE list_counts (
  list TEXT NOT NULL,
  company_id TEXT NOT NULL,
  bucket TEXT NOT NULL,
  n INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (list, company_id, bucket)
) WITHOUT ROWID;

INSERT INTO list_counts (list, company_id, bucket, n)
  SELECT 'charges', company_id, status, COUNT(*) FROM charges GROUP BY company_id, status;
INSERT INTO list_counts (list, company_id, bucket, n)
  SELECT 'transactions', company_id, type, COUNT(*) FROM transactions GROUP BY company_id, type;

CREATE TRIGGER charges_count_insert AFTER INSERT ON charges BEGIN
  INSERT INTO list_counts (list, company_id, bucket, n) VALUES ('charges', NEW.company_id, NEW.status, 1)
    ON CONFLICT (list, company_id, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER charges_count_delete AFTER DELETE ON charges BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'charges' AND company_id = OLD.company_id AND bucket = OLD.status;
END;
CREATE TRIGGER charges_count_update AFTER UPDATE OF status, company_id ON charges
  WHEN OLD.status IS NOT NEW.status OR OLD.company_id IS NOT NEW.company_id
BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'charges' AND company_id = OLD.company_id AND bucket = OLD.status;
  INSERT INTO list_counts (list, company_id, bucket, n) VALUES ('charges', NEW.company_id, NEW.status, 1)
    ON CONFLICT (list, company_id, bucket) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions BEGIN
  INSERT INTO list_counts (list, company_id, bucket, n) VALUES ('transactions', NEW.company_id, NEW.type, 1)
    ON CONFLICT (list, company_id, bucket) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER transactions_count_delete AFTER DELETE ON transactions BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'transactions' AND company_id = OLD.company_id AND bucket = OLD.type;
END;
CREATE TRIGGER transactions_count_update AFTER UPDATE OF type, company_id ON transactions
  WHEN OLD.type IS NOT NEW.type OR OLD.company_id IS NOT NEW.company_id
BEGIN
  UPDATE list_counts SET n = n - 1 WHERE list = 'transactions' AND company_id = OLD.company_id AND bucket = OLD.type;
  INSERT INTO list_counts (list, company_id, bucket, n) VALUES ('transactions', NEW.company_id, NEW.type, 1)
    ON CONFLICT (list, company_id, bucket) DO UPDATE SET n = n + 1;
END;
`;
