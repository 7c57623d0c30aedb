import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

export const SITUATION_TYPES = [
  'SCAM',
  'ACCOUNT_TAKEOVER',
  'COERCION',
  'FRAUDULENT_ACCESS',
  'OTHER',
  'UNKNOWN',
] as const;
export type SituationType = (typeof SITUATION_TYPES)[number];

export type FundsRecoveryStatus = 'CREATED' | 'AWAITING_ANALYSIS' | 'COMPLETED' | 'CANCELLED';
export const TERMINAL_STATUSES: ReadonlySet<FundsRecoveryStatus> = new Set(['COMPLETED', 'CANCELLED']);

/** One row of table `funds_recoveries` (migration 012). */
export interface FundsRecoveryRow {
  dict_id: string;
  company_id: string;
  /** The account whose application opened it: the only one that may cancel it. */
  account_id: string;
  /** The WITHDRAW transaction of the Pix out (our id). */
  transaction_id: string;
  /** Its end-to-end id. */
  root_transaction_id: string;
  situation_type: SituationType;
  report_details: string;
  status: FundsRecoveryStatus;
  direction: 'SENT';
  /** ISPB of our institution, which reports it to the central bank. */
  reporter_participant: string;
  /** When the sandbox's analysis moves it on; null once terminal. */
  next_step_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FundsRecoveryEventRow {
  id: string;
  dict_id: string;
  event: FundsRecoveryStatus;
  timestamp: string;
}

const COLUMNS = [
  'dict_id',
  'company_id',
  'account_id',
  'transaction_id',
  'root_transaction_id',
  'situation_type',
  'report_details',
  'status',
  'direction',
  'reporter_participant',
  'next_step_at',
  'created_at',
  'updated_at',
] as const;

export const fundsRecoveryRepo = perDatabase((db: Db) => {
  const insert = db.prepare(
    `INSERT INTO funds_recoveries (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const byDictId = db.prepare<[string, string], FundsRecoveryRow>(
    'SELECT * FROM funds_recoveries WHERE company_id = ? AND dict_id = ?',
  );
  const byRoot = db.prepare<[string, string], FundsRecoveryRow>(
    'SELECT * FROM funds_recoveries WHERE company_id = ? AND root_transaction_id = ?',
  );
  const eventsOf = db.prepare<[string], FundsRecoveryEventRow>(
    'SELECT id, dict_id, event, timestamp FROM funds_recovery_events WHERE dict_id = ? ORDER BY seq',
  );
  const insertEvent = db.prepare(
    'INSERT INTO funds_recovery_events (id, dict_id, event, timestamp) VALUES (@id, @dict_id, @event, @timestamp)',
  );
  const move = db.prepare(
    `UPDATE funds_recoveries SET status = @to, next_step_at = @next, updated_at = @at
     WHERE dict_id = @dictId AND status = @from`,
  );
  const due = db.prepare<[string], FundsRecoveryRow>(
    'SELECT * FROM funds_recoveries WHERE next_step_at IS NOT NULL AND next_step_at <= ? ORDER BY next_step_at, dict_id',
  );
  const earliest = db.prepare<[], { at: string | null }>(
    'SELECT MIN(next_step_at) AS at FROM funds_recoveries WHERE next_step_at IS NOT NULL',
  );

  return {
    insert: (row: FundsRecoveryRow) => void insert.run(row),
    find: (companyId: string, dictId: string) => byDictId.get(companyId, dictId),
    findByRootTransaction: (companyId: string, endToEndId: string) => byRoot.get(companyId, endToEndId),
    events: (dictId: string) => eventsOf.all(dictId),
    /** `from` → `to`, with its event; false (nothing written) when it had already left `from`. */
    move(row: FundsRecoveryRow, to: FundsRecoveryStatus, eventId: string, at: string, next: string | null): boolean {
      if (move.run({ dictId: row.dict_id, from: row.status, to, next, at }).changes !== 1) return false;
      insertEvent.run({ id: eventId, dict_id: row.dict_id, event: to, timestamp: at });
      return true;
    },
    dueForStep: (now: string) => due.all(now),
    earliestStep: () => earliest.get()?.at ?? null,
  };
});
