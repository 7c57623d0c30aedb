import type { Sweeper } from '../context';
import { newUuid } from '../ids';
import { fundsRecoveryRepo, type FundsRecoveryStatus } from './funds-recovery-repo';
import { serializeFundsRecovery } from './funds-recovery-serializer';

/**
 * The sandbox's central bank: how long a funds recovery waits in each state before it moves on.
 * Short enough to watch in a demo, long enough to cancel in between. Constants, not EngineConfig:
 * tests move a ManualClock past them, and no deployment needs other values.
 */
export const FUNDS_RECOVERY_SCHEDULE = {
  /** CREATED → AWAITING_ANALYSIS: the report reaches the receiver's institution. */
  awaitingAnalysisAfterMs: 60_000,
  /** AWAITING_ANALYSIS → COMPLETED: the analysis ends. */
  completedAfterMs: 5 * 60_000,
} as const;

/** Internal event names (no public webhook exists for funds recoveries): never delivered, seen by the app. */
export const FUNDS_RECOVERY_EVENTS: Record<FundsRecoveryStatus, string> = {
  CREATED: 'FUNDS_RECOVERY_CREATED',
  AWAITING_ANALYSIS: 'FUNDS_RECOVERY_AWAITING_ANALYSIS',
  COMPLETED: 'FUNDS_RECOVERY_COMPLETED',
  CANCELLED: 'FUNDS_RECOVERY_CANCELLED',
};

/** The automatic move out of each non-terminal state, and when the one after it is due. */
const NEXT: Partial<Record<FundsRecoveryStatus, { to: FundsRecoveryStatus; thenAfterMs: number | null }>> = {
  CREATED: { to: 'AWAITING_ANALYSIS', thenAfterMs: FUNDS_RECOVERY_SCHEDULE.completedAfterMs },
  AWAITING_ANALYSIS: { to: 'COMPLETED', thenAfterMs: null },
};

/**
 * Moves funds recoveries on when their time has come: CREATED → AWAITING_ANALYSIS →
 * COMPLETED, each step appended to `events` with the instant it was due (a clock that jumped
 * past both steps records both, in order, at their own times). Completion records the end of
 * the analysis only: the record carries no amount, and this sandbox does not simulate money
 * coming back (a return can be simulated with the sandbox's payment reversal).
 */
export const fundsRecoverySweeper: Sweeper = {
  nextDeadline: (db) => fundsRecoveryRepo(db).earliestStep(),
  run(db, now, emit) {
    const repo = fundsRecoveryRepo(db);
    for (let row of repo.dueForStep(now.toISOString())) {
      while (row.next_step_at !== null && row.next_step_at <= now.toISOString()) {
        const step = NEXT[row.status];
        if (!step) break;
        const at = row.next_step_at;
        const next = step.thenAfterMs === null ? null : new Date(Date.parse(at) + step.thenAfterMs).toISOString();
        if (!repo.move(row, step.to, newUuid(), at, next)) break;
        row = repo.find(row.company_id, row.dict_id)!;
        emit(row.company_id, FUNDS_RECOVERY_EVENTS[step.to], { fundsRecovery: serializeFundsRecovery(db, row) });
      }
    }
  },
};
