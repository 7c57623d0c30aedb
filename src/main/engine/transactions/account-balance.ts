import type { Db } from '../../store/database';
import { perDatabase } from '../repo-cache';

/**
 * Money on a bank account. `balance_total` is what the account holds; `balance_blocked` is the
 * part promised to outgoing transfers still in flight (refunds IN_PROCESSING), so
 * available = total − blocked. Every method runs inside its caller's transaction.
 */
export interface AccountBalance {
  /** Money received. */
  credit(companyId: string, accountId: string, cents: number): void;
  /**
   * Reserves `cents` of the available balance for a transfer about to leave; false (and
   * nothing changed) when the available balance does not cover it.
   */
  block(companyId: string, accountId: string, cents: number): boolean;
  /** A reserved transfer left: the money goes out of both total and blocked. */
  debitBlocked(companyId: string, accountId: string, cents: number): void;
  /** A reserved transfer failed: the money is available again. */
  unblock(companyId: string, accountId: string, cents: number): void;
}

export const accountBalance = perDatabase<AccountBalance>((db: Db) => {
  const creditStmt = db.prepare('UPDATE bank_accounts SET balance_total = balance_total + ? WHERE company_id = ? AND id = ?');
  // The check and the reservation are one statement, so no interleaving can overdraw.
  const blockStmt = db.prepare(
    `UPDATE bank_accounts SET balance_blocked = balance_blocked + @cents
     WHERE company_id = @companyId AND id = @accountId AND balance_total - balance_blocked >= @cents`,
  );
  const debitBlockedStmt = db.prepare(
    `UPDATE bank_accounts SET balance_total = balance_total - @cents, balance_blocked = balance_blocked - @cents
     WHERE company_id = @companyId AND id = @accountId`,
  );
  const unblockStmt = db.prepare(
    'UPDATE bank_accounts SET balance_blocked = balance_blocked - @cents WHERE company_id = @companyId AND id = @accountId',
  );
  const expectOne = (changes: number, what: string) => {
    if (changes !== 1) throw new Error(`${what}: bank account not found`);
  };
  return {
    credit: (companyId, accountId, cents) => expectOne(creditStmt.run(cents, companyId, accountId).changes, 'credit'),
    block: (companyId, accountId, cents) => blockStmt.run({ companyId, accountId, cents }).changes === 1,
    debitBlocked: (companyId, accountId, cents) =>
      expectOne(debitBlockedStmt.run({ companyId, accountId, cents }).changes, 'debitBlocked'),
    unblock: (companyId, accountId, cents) => expectOne(unblockStmt.run({ companyId, accountId, cents }).changes, 'unblock'),
  };
});
