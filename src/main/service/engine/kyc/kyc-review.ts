import type { Sweeper } from '../context';
import { accountRegisterRepo, representativesOf, type AccountRegisterRow } from './account-register-repo';
import { ACCOUNT_REGISTER_EVENTS, accountRegisterEventPayload } from './account-register-serializer';

// The sandbox's compliance review: a register the merchant submitted is decided a moment later,
// on the engine's clock (tests move it), so integrators see both outcomes and their webhooks.

/** How long a SUBMITTED register waits for its decision. */
export const KYC_REVIEW_MS = 3_000;

/**
 * The sandbox rejects a register when one of its representatives has this CPF (000.000.001-91,
 * valid check digits): the documented way to see REJECTED. Every other register is approved.
 */
export const SANDBOX_REJECTED_CPF = '00000000191';

export function reviewDecision(row: AccountRegisterRow): 'APPROVED' | 'REJECTED' {
  return representativesOf(row).some((r) => r.taxID === SANDBOX_REJECTED_CPF) ? 'REJECTED' : 'APPROVED';
}

/** SUBMITTED → APPROVED or REJECTED once the review is due, with its ACCOUNT_REGISTER_* event. */
export const kycReviewSweeper: Sweeper = {
  nextDeadline: (db) => accountRegisterRepo(db).earliestReview(),
  run(db, now, emit) {
    const at = now.toISOString();
    const registers = accountRegisterRepo(db);
    for (const row of registers.dueForReview(at)) {
      const status = reviewDecision(row);
      if (!registers.decide(row.id, status, at)) continue;
      const decided: AccountRegisterRow = { ...row, status, decided_at: at, updated_at: at, review_due_at: null };
      emit(
        row.company_id,
        status === 'APPROVED' ? ACCOUNT_REGISTER_EVENTS.approved : ACCOUNT_REGISTER_EVENTS.rejected,
        accountRegisterEventPayload(decided),
      );
    }
  },
};
