import type { Db } from '#lib/store/database';
import { badRequest } from '../errors';
import { perDatabase } from '../repo-cache';
import type { BankAccountRow } from '../tenancy/tenancy-rows';
import { accountLimitsOf, limitPeriodAt, outLimitsFor, type Holder } from './account-limits';

interface Usage {
  overall: number;
  same: number;
}

const usageRepo = perDatabase((db: Db) => {
  // Pix out counts from its approval (a held payment is already promised) unless it failed. A
  // boleto paid is not a Pix: it is held to the balance, not to the Pix limits.
  const payments = db.prepare<
    { companyId: string; accountId: string; taxId: string; start: string; end: string },
    Usage
  >(
    `SELECT COALESCE(SUM(value), 0) AS overall,
            COALESCE(SUM(CASE WHEN json_extract(destination, '$.destination.taxID') = @taxId THEN value END), 0) AS same
     FROM payments
     WHERE company_id = @companyId AND account_id = @accountId AND status IN ('APPROVED', 'CONFIRMED') AND type <> 'BOLETO'
       AND approved_at >= @start AND approved_at < @end`,
  );
  // Withdrawals go to the holder's own account elsewhere: always the same holder.
  const withdrawals = db.prepare<
    { companyId: string; accountId: string; start: string; end: string },
    { total: number }
  >(
    `SELECT COALESCE(SUM(value), 0) AS total FROM transactions
     WHERE company_id = @companyId AND account_id = @accountId AND type = 'WITHDRAW' AND payment_id IS NULL
       AND time >= @start AND time < @end`,
  );
  return {
    usage(companyId: string, accountId: string, taxId: string, start: string, end: string): Usage {
      const paid = payments.get({ companyId, accountId, taxId, start, end })!;
      const withdrawn = withdrawals.get({ companyId, accountId, start, end })!.total;
      return { overall: paid.overall + withdrawn, same: paid.same + withdrawn };
    },
  };
});

const reais = (cents: number) => `R$ ${(cents / 100).toFixed(2)}`;

/**
 * Refuses (400) a Pix out of `value` that would take the account past its limits for the current
 * period: the overall day or night limit, and the one for the same or a different holder. Runs
 * inside the write transaction that books the Pix out, so two approvals cannot both fit.
 */
export function assertWithinPixOutLimits(
  db: Db,
  account: BankAccountRow,
  holderTaxId: string,
  holder: Holder,
  value: number,
  now: Date,
): void {
  const limits = accountLimitsOf(account.limits);
  const period = limitPeriodAt(limits, now);
  const caps = outLimitsFor(limits, period.kind, holder);
  const used = usageRepo(db).usage(account.company_id, account.id, holderTaxId, period.start, period.end);
  const usedByHolder = holder === 'same' ? used.same : used.overall - used.same;
  const periodName = period.kind === 'day' ? 'day' : 'night';
  if (used.overall + value > caps.overall) {
    throw badRequest(
      `REACH_TRANSFER_LIMIT: the Pix ${periodName} limit of ${reais(caps.overall)} would be exceeded (${reais(used.overall)} used since ${period.start})`,
    );
  }
  if (usedByHolder + value > caps.holder) {
    throw badRequest(
      `REACH_TRANSFER_LIMIT: the Pix out ${periodName} limit to ${holder === 'same' ? 'the same holder' : 'other holders'} of ${reais(caps.holder)} would be exceeded (${reais(usedByHolder)} used since ${period.start})`,
    );
  }
}
