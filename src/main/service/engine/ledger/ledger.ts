import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';

/**
 * Where an entry's money sits. `total` is what the account holds; the other three are parts of
 * it that cannot be spent: `hold` is reserved for a transfer in flight (a refund or a Pix out
 * between approval and settlement), `security` and `withdraw_safety` are blocked by the service.
 */
export type LedgerBucket = 'total' | 'hold' | 'security' | 'withdraw_safety';

/** What caused an entry; the transaction types of the API come from these. */
export type LedgerKind =
  | 'OPENING'
  | 'PIX_IN'
  | 'REFUND'
  | 'PIX_OUT'
  | 'WITHDRAW'
  | 'FEE'
  | 'BALANCE_BLOCK'
  | 'BALANCE_UNBLOCK'
  | 'REVERSAL'
  | 'INTERNAL_TRANSFER'
  /**
   * Money between the account and one of its company's subaccounts (a credit, a debit, a charge's
   * split): no transaction of its own; `causeId` names the subaccount move (subaccount-ledger.ts).
   */
  | 'SUBACCOUNT';

export interface Balance {
  total: number;
  /** Everything that cannot be spent: holds and both blocks. */
  blocked: number;
  available: number;
  blockedBySecurity: number;
  blockedByWithdrawSafety: number;
}

export interface EntryCause {
  kind: LedgerKind;
  /** The transaction the movement booked, when it booked one. */
  transactionId?: string | null;
  /** The record that caused it (refund, payment), for holds that book no transaction yet. */
  causeId?: string | null;
  at: string;
}

export interface AccountRef {
  companyId: string;
  accountId: string;
}

/**
 * Every movement of money on a bank account, as ledger entries, and the balance they add up to.
 * The balance columns of bank_accounts are a projection of the entries, written here and nowhere
 * else, in the same statement sequence as the entry, inside the caller's transaction: a caller
 * commits its record, its entries and its outbox rows together or not at all. Each spending
 * check and its update are one conditional UPDATE, so no interleaving can overdraw.
 */
export interface Ledger {
  /** Money received (a Pix in, a reversal). */
  credit(account: AccountRef, cents: number, cause: EntryCause): void;
  /** Money leaving at once (a withdrawal, a fee); false and nothing written when `available` does not cover it. */
  debit(account: AccountRef, cents: number, cause: EntryCause): boolean;
  /** Reserves available money for a transfer about to leave; false and nothing written when it does not cover it. */
  hold(account: AccountRef, cents: number, cause: EntryCause): boolean;
  /** A held transfer left: out of the hold and out of the total. */
  settleHold(account: AccountRef, cents: number, cause: EntryCause): void;
  /** A held transfer failed: the money is available again. */
  releaseHold(account: AccountRef, cents: number, cause: EntryCause): void;
  /** Blocks available money (security, withdraw safety); false and nothing written when it does not cover it. */
  block(account: AccountRef, bucket: 'security' | 'withdraw_safety', cents: number, cause: EntryCause): boolean;
  /** Lifts (part of) a block; false when less than `cents` is blocked there. */
  unblock(account: AccountRef, bucket: 'security' | 'withdraw_safety', cents: number, cause: EntryCause): boolean;
  /** The balance from the projection (what every read uses). */
  balance(account: AccountRef): Balance;
  /** The balance summed from the entries themselves: the invariant the projection must always meet. */
  balanceFromEntries(account: AccountRef): Balance;
}

interface BalanceRow {
  total: number;
  hold: number;
  security: number;
  withdraw_safety: number;
}

export function toBalance(row: BalanceRow): Balance {
  const blocked = row.hold + row.security + row.withdraw_safety;
  return {
    total: row.total,
    blocked,
    available: row.total - blocked,
    blockedBySecurity: row.security,
    blockedByWithdrawSafety: row.withdraw_safety,
  };
}

const AVAILABLE = 'balance_total - balance_blocked - balance_blocked_security - balance_blocked_withdraw_safety';
const COLUMN: Record<LedgerBucket, string> = {
  total: 'balance_total',
  hold: 'balance_blocked',
  security: 'balance_blocked_security',
  withdraw_safety: 'balance_blocked_withdraw_safety',
};

export const ledger = perDatabase<Ledger>((db: Db) => {
  const insertEntry = db.prepare(
    `INSERT INTO ledger_entries (company_id, account_id, kind, bucket, amount, transaction_id, cause_id, created_at)
     VALUES (@companyId, @accountId, @kind, @bucket, @amount, @transactionId, @causeId, @at)`,
  );
  const add = Object.fromEntries(
    (Object.keys(COLUMN) as LedgerBucket[]).map((bucket) => [
      bucket,
      db.prepare(
        `UPDATE bank_accounts SET ${COLUMN[bucket]} = ${COLUMN[bucket]} + @amount WHERE company_id = @companyId AND id = @accountId`,
      ),
    ]),
  ) as Record<LedgerBucket, ReturnType<Db['prepare']>>;
  // Spending: the check and the move are one statement.
  const spendInto = Object.fromEntries(
    (['total', 'hold', 'security', 'withdraw_safety'] as LedgerBucket[]).map((bucket) => [
      bucket,
      db.prepare(
        bucket === 'total'
          ? `UPDATE bank_accounts SET balance_total = balance_total - @cents
             WHERE company_id = @companyId AND id = @accountId AND ${AVAILABLE} >= @cents`
          : `UPDATE bank_accounts SET ${COLUMN[bucket]} = ${COLUMN[bucket]} + @cents
             WHERE company_id = @companyId AND id = @accountId AND ${AVAILABLE} >= @cents`,
      ),
    ]),
  ) as Record<LedgerBucket, ReturnType<Db['prepare']>>;
  const unblockStmt = Object.fromEntries(
    (['security', 'withdraw_safety'] as const).map((bucket) => [
      bucket,
      db.prepare(
        `UPDATE bank_accounts SET ${COLUMN[bucket]} = ${COLUMN[bucket]} - @cents
         WHERE company_id = @companyId AND id = @accountId AND ${COLUMN[bucket]} >= @cents`,
      ),
    ]),
  ) as Record<'security' | 'withdraw_safety', ReturnType<Db['prepare']>>;
  const projection = db.prepare<[string, string], BalanceRow>(
    `SELECT balance_total AS total, balance_blocked AS hold, balance_blocked_security AS security,
            balance_blocked_withdraw_safety AS withdraw_safety
     FROM bank_accounts WHERE company_id = ? AND id = ?`,
  );
  const sums = db.prepare<[string, string], BalanceRow>(
    `SELECT COALESCE(SUM(CASE bucket WHEN 'total' THEN amount END), 0) AS total,
            COALESCE(SUM(CASE bucket WHEN 'hold' THEN amount END), 0) AS hold,
            COALESCE(SUM(CASE bucket WHEN 'security' THEN amount END), 0) AS security,
            COALESCE(SUM(CASE bucket WHEN 'withdraw_safety' THEN amount END), 0) AS withdraw_safety
     FROM ledger_entries WHERE company_id = ? AND account_id = ?`,
  );

  const assertPositive = (cents: number) => {
    if (!Number.isSafeInteger(cents) || cents <= 0)
      throw new Error(`ledger: amount must be a positive integer of cents, got ${cents}`);
  };
  const assertInTransaction = () => {
    // An entry without its cause, or a cause without its entry, is what the ledger exists to prevent.
    if (!db.inTransaction) throw new Error('ledger: entries are written inside their cause’s transaction');
  };
  const entry = (account: AccountRef, bucket: LedgerBucket, amount: number, cause: EntryCause) => {
    insertEntry.run({
      companyId: account.companyId,
      accountId: account.accountId,
      kind: cause.kind,
      bucket,
      amount,
      transactionId: cause.transactionId ?? null,
      causeId: cause.causeId ?? null,
      at: cause.at,
    });
  };
  const move = (account: AccountRef, bucket: LedgerBucket, amount: number, cause: EntryCause) => {
    if (add[bucket].run({ ...account, amount }).changes !== 1)
      throw new Error(`ledger: bank account ${account.accountId} not found`);
    entry(account, bucket, amount, cause);
  };
  const spend = (account: AccountRef, bucket: LedgerBucket, cents: number, cause: EntryCause): boolean => {
    assertPositive(cents);
    assertInTransaction();
    if (spendInto[bucket].run({ ...account, cents }).changes !== 1) return false;
    entry(account, bucket, bucket === 'total' ? -cents : cents, cause);
    return true;
  };

  return {
    credit(account, cents, cause) {
      assertPositive(cents);
      assertInTransaction();
      move(account, 'total', cents, cause);
    },
    debit: (account, cents, cause) => spend(account, 'total', cents, cause),
    hold: (account, cents, cause) => spend(account, 'hold', cents, cause),
    settleHold(account, cents, cause) {
      assertPositive(cents);
      assertInTransaction();
      move(account, 'hold', -cents, cause);
      move(account, 'total', -cents, cause);
    },
    releaseHold(account, cents, cause) {
      assertPositive(cents);
      assertInTransaction();
      move(account, 'hold', -cents, cause);
    },
    block: (account, bucket, cents, cause) => spend(account, bucket, cents, cause),
    unblock(account, bucket, cents, cause) {
      assertPositive(cents);
      assertInTransaction();
      if (unblockStmt[bucket].run({ ...account, cents }).changes !== 1) return false;
      entry(account, bucket, -cents, cause);
      return true;
    },
    balance(account) {
      const row = projection.get(account.companyId, account.accountId);
      if (!row) throw new Error(`ledger: bank account ${account.accountId} not found`);
      return toBalance(row);
    },
    balanceFromEntries: (account) => toBalance(sums.get(account.companyId, account.accountId)!),
  };
});
