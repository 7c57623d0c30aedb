import type { Sweeper } from '../context';
import { generateInstallment } from './subscription-installments';
import { subscriptionRepo } from './subscription-repo';

/**
 * Bounds one sweep's work for a single subscription: a clock moved years ahead (a weekly
 * subscription, a machine left off) is caught up over the next requests instead of in one
 * long transaction; the deadline stays due, so the next request's sweep carries on.
 */
const MAX_INSTALLMENTS_PER_SWEEP = 60;

/**
 * Subscriptions generate their charges on the clock: each live subscription whose next
 * generation instant has passed gets that installment's charge, then the following ones that
 * are also due (several periods can pass between two requests), each exactly once.
 */
export const subscriptionChargeSweeper: Sweeper = {
  nextDeadline: (db) => subscriptionRepo(db).earliestGeneration(),
  run(db, now, emit, config, asCompany) {
    const at = now.toISOString();
    for (const due of subscriptionRepo(db).dueForGeneration(at)) {
      let row: typeof due | null = due;
      for (let generated = 0; generated < MAX_INSTALLMENTS_PER_SWEEP; generated++) {
        if (!row || row.next_generation_at === null || row.next_generation_at > at) break;
        row = generateInstallment(db, row, now, emit, config, asCompany);
      }
    }
  },
};
