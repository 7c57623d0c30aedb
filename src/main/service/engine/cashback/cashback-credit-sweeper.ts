import type { Sweeper } from '../context';
import { CASHBACK_EVENTS } from './cashback-handlers';
import { cashbackRepo } from './cashback-repo';

/**
 * A pending exclusive cashback is credited (PAID) once its customer pays a charge created with
 * enableCashbackExclusivePercentage after the cashback was granted; the first such payment
 * credits it, and the customer may then be granted a new one. A sweeper rather than a step of
 * the payment: the charge's payment knows nothing of cashback, and the deadline query finds the
 * paid charge on the next request.
 */
export const cashbackCreditSweeper: Sweeper = {
  nextDeadline: (db) => cashbackRepo(db).earliestCredit(),
  run(db, now, emit) {
    const at = now.toISOString();
    const repo = cashbackRepo(db);
    for (const credit of repo.creditable(at)) {
      if (repo.markPaid(credit.cashback_id, credit.charge_id, at)) {
        emit(credit.company_id, CASHBACK_EVENTS.paid, { cashback: { value: credit.value, status: 'PAID' } });
      }
    }
  },
};
