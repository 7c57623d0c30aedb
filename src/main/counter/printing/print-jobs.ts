// The print_jobs table (printing/migrations): the jobs owed, and each step of one on its way.
import type { Db } from '#lib/store/database';

// The table's CHECK also allows 'test-slip' (migration 5, as shipped); the test slip prints at once
// and is never a job. 'charge-qr': a sale's QR slip, while it waits for payment (migration 8).
export type PrintDocument = 'sale-receipt' | 'refund-slip' | 'register-report' | 'charge-qr';

export interface PrintJobRow {
  id: number;
  document: PrintDocument;
  subject: string;
  copy: number;
  reprint: number;
  state: 'waiting' | 'sending-body' | 'sending-cut' | 'printed';
  may_be_printed: 0 | 1;
  attempts: number;
  last_problem: string | null;
  next_attempt_at: string;
  created_at: string;
  printed_at: string | null;
}

export class PrintJobs {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      next: db.prepare<[string], PrintJobRow>(
        "SELECT * FROM print_jobs WHERE state <> 'printed' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1",
      ),
      owed: db.prepare<[], { n: number; problem: string | null }>(
        `SELECT COUNT(*) AS n,
           (SELECT last_problem FROM print_jobs WHERE state <> 'printed' ORDER BY next_attempt_at, id LIMIT 1) AS problem
         FROM print_jobs WHERE state <> 'printed'`,
      ),
      nextAt: db.prepare<[], { at: string | null }>(
        "SELECT MIN(next_attempt_at) AS at FROM print_jobs WHERE state <> 'printed'",
      ),
      sendingCut: db.prepare<[number]>("UPDATE print_jobs SET state = 'sending-cut' WHERE id = ?"),
      start: db.prepare<[number]>("UPDATE print_jobs SET state = 'sending-body', attempts = attempts + 1 WHERE id = ?"),
      printed: db.prepare<[string, number]>(
        "UPDATE print_jobs SET state = 'printed', printed_at = ?, last_problem = NULL WHERE id = ?",
      ),
      retry: db.prepare<[number, string, string, number]>(
        "UPDATE print_jobs SET state = 'waiting', may_be_printed = MAX(may_be_printed, ?), last_problem = ?, next_attempt_at = ? WHERE id = ?",
      ),
      recover: db.prepare(
        `UPDATE print_jobs SET may_be_printed = MAX(may_be_printed, state = 'sending-cut'), state = 'waiting'
         WHERE state IN ('sending-body', 'sending-cut')`,
      ),
      add: db.prepare<[PrintDocument, string, number, number, string, string]>(
        `INSERT INTO print_jobs (document, subject, copy, reprint, state, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, 'waiting', ?, ?)`,
      ),
      lastReprint: db.prepare<[PrintDocument, string], { n: number | null }>(
        'SELECT MAX(reprint) AS n FROM print_jobs WHERE document = ? AND subject = ?',
      ),
      ofSubject: db.prepare<[string], PrintJobRow>('SELECT * FROM print_jobs WHERE subject = ? ORDER BY id'),
    };
  }

  /**
   * Jobs a crash left on their way go back to waiting: one stopped while its body was sending
   * prints again whole; one stopped at its cut may be on paper already, and prints as "2ª via".
   */
  recoverInterrupted(): void {
    this.statements.recover.run();
  }

  /** The job to print now, if any is due. */
  next(now: string): PrintJobRow | undefined {
    return this.statements.next.get(now);
  }

  /** When the next job is due, or null with nothing owed. */
  nextAttemptAt(): string | null {
    return this.statements.nextAt.get()?.at ?? null;
  }

  /** How many jobs are owed, and why the first one did not print last time. */
  owed(): { count: number; problem: string | null } {
    const row = this.statements.owed.get()!;
    return { count: row.n, problem: row.problem };
  }

  startSending(id: number): void {
    this.statements.start.run(id);
  }

  /** The body is on paper; the cut goes next. */
  sendingCut(id: number): void {
    this.statements.sendingCut.run(id);
  }

  printed(id: number, at: string): void {
    this.statements.printed.run(at, id);
  }

  /** Not printed this time: waits until `nextAttemptAt`. `mayBePrinted`: a whole copy may be on paper already. */
  retryLater(id: number, problem: string, nextAttemptAt: string, mayBePrinted: boolean): void {
    this.statements.retry.run(mayBePrinted ? 1 : 0, problem, nextAttemptAt, id);
  }

  /** The cashier asked for the paper again: a new job, the next reprint, printed once as "2ª via". Its number. */
  addReprint(document: PrintDocument, subject: string, at: string): number {
    return this.db.transaction(() => {
      const reprint = (this.statements.lastReprint.get(document, subject)?.n ?? 0) + 1;
      this.statements.add.run(document, subject, 1, reprint, at, at);
      return reprint;
    })();
  }

  /** Every job about a subject (a sale's correlationID), oldest first. */
  ofSubject(subject: string): PrintJobRow[] {
    return this.statements.ofSubject.all(subject);
  }
}
