import type { Sweeper } from '../context';
import { chargeRepo } from './charge-repo-instance';
import { serializeCharge } from './charge-serializer';

/** ACTIVE charges become EXPIRED when their time passes, each with its CHARGE_EXPIRED event. */
export const chargeExpirySweeper: Sweeper = {
  nextDeadline: (db) => chargeRepo(db).earliestActiveExpiry(),
  run(db, now, emit, config) {
    const at = now.toISOString();
    const repo = chargeRepo(db);
    for (const row of repo.dueForExpiry(at)) {
      repo.expire(row.id, at);
      emit(row.company_id, 'OPENPIX:CHARGE_EXPIRED', {
        charge: serializeCharge({ ...row, status: 'EXPIRED', updated_at: at }, { db, config }, now),
      });
    }
  },
};
