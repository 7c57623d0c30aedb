import type { Db } from '#lib/store/database';
import { perDatabase } from '../repo-cache';
import type { Network, Stablecoin } from './stablecoin-rates';

export type SubAccountStatus = 'IN_REVIEW' | 'CONFIRMED' | 'REJECTED';
export type DepositStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'EXPIRED';
export type PayoutStatus = 'PROCESSING' | 'COMPLETED';

export interface SubAccountRow {
  id: string;
  company_id: string;
  account_id: string;
  account_register_id: string;
  sub_account_id: string;
  correlation_id: string;
  status: SubAccountStatus;
  review_due_at: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DepositRow {
  id: string;
  company_id: string;
  account_id: string;
  subaccount_id: string;
  correlation_id: string;
  value: number;
  currency: Stablecoin;
  network: Network;
  destination_wallet: string | null;
  fee: number;
  rate: number;
  output: number;
  status: DepositStatus;
  expires_at: string;
  settle_due_at: string | null;
  approved_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PayoutRow {
  id: string;
  company_id: string;
  subaccount_id: string;
  correlation_id: string;
  value: number;
  currency: Stablecoin;
  pix_key: string;
  /** JSON of {name, taxId, bankName}, or null when the key's holder is not known. */
  pix_key_owner: string | null;
  pix_message: string | null;
  rate: number;
  fee: number;
  output: number;
  status: PayoutStatus;
  settle_due_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RegisterRef {
  id: string;
  status: string;
  deleted_at: string | null;
}

const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;

const SUBACCOUNT_COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'account_register_id',
  'sub_account_id',
  'correlation_id',
  'status',
  'review_due_at',
  'decided_at',
  'created_at',
  'updated_at',
] as const;

const DEPOSIT_COLUMNS = [
  'id',
  'company_id',
  'account_id',
  'subaccount_id',
  'correlation_id',
  'value',
  'currency',
  'network',
  'destination_wallet',
  'fee',
  'rate',
  'output',
  'status',
  'expires_at',
  'settle_due_at',
  'approved_at',
  'completed_at',
  'created_at',
  'updated_at',
] as const;

const PAYOUT_COLUMNS = [
  'id',
  'company_id',
  'subaccount_id',
  'correlation_id',
  'value',
  'currency',
  'pix_key',
  'pix_key_owner',
  'pix_message',
  'rate',
  'fee',
  'output',
  'status',
  'settle_due_at',
  'completed_at',
  'created_at',
  'updated_at',
] as const;

/**
 * The stablecoin tables of one database. Every read a client's request makes is scoped by its
 * company, so another company's subaccount, deposit or payout reads exactly as an unknown one.
 * Only the sweeper's queries (due reviews and settlements) cross companies.
 */
export class StablecoinRepo {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      insertSubAccount: db.prepare(insertSql('stablecoin_subaccounts', SUBACCOUNT_COLUMNS)),
      subAccountsOf: db.prepare<[string], SubAccountRow>(
        'SELECT * FROM stablecoin_subaccounts WHERE company_id = ? ORDER BY created_at DESC, id DESC',
      ),
      subAccountByProviderId: db.prepare<[string, string], SubAccountRow>(
        'SELECT * FROM stablecoin_subaccounts WHERE company_id = ? AND sub_account_id = ?',
      ),
      subAccountByRegister: db.prepare<[string, string], SubAccountRow>(
        'SELECT * FROM stablecoin_subaccounts WHERE company_id = ? AND account_register_id = ?',
      ),
      subAccountOfBankAccount: db.prepare<[string, string], SubAccountRow>(
        // The confirmed one first: a bank account may have several KYBs, one of them rejected.
        `SELECT * FROM stablecoin_subaccounts WHERE company_id = ? AND account_id = ?
         ORDER BY status = 'CONFIRMED' DESC, created_at DESC, id DESC LIMIT 1`,
      ),
      confirmedOfCompany: db.prepare<[string], SubAccountRow>(
        `SELECT * FROM stablecoin_subaccounts WHERE company_id = ? AND status = 'CONFIRMED'
         ORDER BY created_at DESC, id DESC LIMIT 1`,
      ),
      subAccountById: db.prepare<[string], SubAccountRow>('SELECT * FROM stablecoin_subaccounts WHERE id = ?'),
      dueReviews: db.prepare<[string], SubAccountRow>(
        'SELECT * FROM stablecoin_subaccounts WHERE review_due_at IS NOT NULL AND review_due_at <= ? ORDER BY review_due_at, id',
      ),
      decide: db.prepare<[string, string, string, string]>(
        `UPDATE stablecoin_subaccounts SET status = ?, decided_at = ?, updated_at = ?, review_due_at = NULL
         WHERE id = ? AND status = 'IN_REVIEW'`,
      ),
      register: db.prepare<[{ company: string; ref: string }], RegisterRef>(
        // A register is named by its id or by the correlationID the company gave it (the only id the
        // KYC answers show); live registers only.
        `SELECT id, status, deleted_at FROM account_registers
         WHERE company_id = @company AND deleted_at IS NULL AND (id = @ref OR correlation_id = @ref)
         ORDER BY id = @ref DESC LIMIT 1`,
      ),
      registerById: db.prepare<[string], RegisterRef>(
        'SELECT id, status, deleted_at FROM account_registers WHERE id = ?',
      ),
      openBankAccount: db.prepare<[string, string], { id: string }>(
        'SELECT id FROM bank_accounts WHERE company_id = ? AND id = ? AND closed_at IS NULL',
      ),
      defaultBankAccount: db.prepare<[string], { id: string }>(
        `SELECT id FROM bank_accounts WHERE company_id = ? AND closed_at IS NULL
         ORDER BY is_default DESC, created_at, id LIMIT 1`,
      ),

      insertDeposit: db.prepare(insertSql('stablecoin_deposits', DEPOSIT_COLUMNS)),
      depositByCorrelation: db.prepare<[string, string], DepositRow>(
        'SELECT * FROM stablecoin_deposits WHERE company_id = ? AND correlation_id = ?',
      ),
      approveDeposit: db.prepare<[string, string, string, string, string]>(
        `UPDATE stablecoin_deposits SET status = 'PROCESSING', settle_due_at = ?, approved_at = ?, updated_at = ?
         WHERE id = ? AND status = 'PENDING' AND expires_at > ?`,
      ),
      dueDeposits: db.prepare<[string], DepositRow>(
        'SELECT * FROM stablecoin_deposits WHERE settle_due_at IS NOT NULL AND settle_due_at <= ? ORDER BY settle_due_at, id',
      ),
      completeDeposit: db.prepare<[string, string, string]>(
        `UPDATE stablecoin_deposits SET status = 'COMPLETED', settle_due_at = NULL, completed_at = ?, updated_at = ?
         WHERE id = ? AND status = 'PROCESSING'`,
      ),
      expireDeposits: db.prepare<[string, string]>(
        `UPDATE stablecoin_deposits SET status = 'EXPIRED', updated_at = ? WHERE status = 'PENDING' AND expires_at <= ?`,
      ),

      insertPayout: db.prepare(insertSql('stablecoin_payouts', PAYOUT_COLUMNS)),
      payoutById: db.prepare<[string, string], PayoutRow>(
        'SELECT * FROM stablecoin_payouts WHERE company_id = ? AND id = ?',
      ),
      payoutByCorrelation: db.prepare<[string, string], PayoutRow>(
        'SELECT * FROM stablecoin_payouts WHERE company_id = ? AND correlation_id = ?',
      ),
      duePayouts: db.prepare<[string], PayoutRow>(
        'SELECT * FROM stablecoin_payouts WHERE settle_due_at IS NOT NULL AND settle_due_at <= ? ORDER BY settle_due_at, id',
      ),
      // SET reads the row as it was: completed_at takes the due instant being cleared.
      completePayout: db.prepare<[string, string]>(
        `UPDATE stablecoin_payouts SET status = 'COMPLETED', completed_at = settle_due_at, settle_due_at = NULL, updated_at = ?
         WHERE id = ? AND status = 'PROCESSING'`,
      ),

      insertEntry: db.prepare(
        `INSERT INTO stablecoin_entries (company_id, subaccount_id, currency, amount, kind, cause_id, created_at)
         VALUES (@company_id, @subaccount_id, @currency, @amount, @kind, @cause_id, @created_at)`,
      ),
      balances: db.prepare<[string], { currency: Stablecoin; amount: number }>(
        'SELECT currency, SUM(amount) AS amount FROM stablecoin_entries WHERE subaccount_id = ? GROUP BY currency',
      ),
      nextDeadline: db.prepare<[], { at: string | null }>(
        `SELECT MIN(at) AS at FROM (
           SELECT MIN(review_due_at) AS at FROM stablecoin_subaccounts WHERE review_due_at IS NOT NULL
           UNION ALL SELECT MIN(expires_at) FROM stablecoin_deposits WHERE status = 'PENDING'
           UNION ALL SELECT MIN(settle_due_at) FROM stablecoin_deposits WHERE settle_due_at IS NOT NULL
           UNION ALL SELECT MIN(settle_due_at) FROM stablecoin_payouts WHERE settle_due_at IS NOT NULL
         )`,
      ),
    };
  }

  insertSubAccount(row: SubAccountRow): void {
    this.stmts.insertSubAccount.run(row);
  }

  /** The company's subaccounts, most recent first (the list's documented order). */
  subAccountsOf(companyId: string): SubAccountRow[] {
    return this.stmts.subAccountsOf.all(companyId);
  }

  subAccount(companyId: string, subAccountId: string): SubAccountRow | undefined {
    return this.stmts.subAccountByProviderId.get(companyId, subAccountId);
  }

  subAccountByRegister(companyId: string, registerId: string): SubAccountRow | undefined {
    return this.stmts.subAccountByRegister.get(companyId, registerId);
  }

  /** The subaccount bound to a bank account (the AppID's): its confirmed one, else its latest. */
  subAccountOfBankAccount(companyId: string, accountId: string): SubAccountRow | undefined {
    return this.stmts.subAccountOfBankAccount.get(companyId, accountId);
  }

  latestConfirmed(companyId: string): SubAccountRow | undefined {
    return this.stmts.confirmedOfCompany.get(companyId);
  }

  subAccountById(id: string): SubAccountRow | undefined {
    return this.stmts.subAccountById.get(id);
  }

  dueReviews(at: string): SubAccountRow[] {
    return this.stmts.dueReviews.all(at);
  }

  decide(id: string, status: 'CONFIRMED' | 'REJECTED', at: string): boolean {
    return this.stmts.decide.run(status, at, at, id).changes === 1;
  }

  /** The company's live account register named by its id or its correlationID. */
  register(companyId: string, idOrCorrelation: string): RegisterRef | undefined {
    return this.stmts.register.get({ company: companyId, ref: idOrCorrelation });
  }

  registerById(id: string): RegisterRef | undefined {
    return this.stmts.registerById.get(id);
  }

  openBankAccount(companyId: string, accountId: string): string | undefined {
    return this.stmts.openBankAccount.get(companyId, accountId)?.id;
  }

  defaultBankAccount(companyId: string): string | undefined {
    return this.stmts.defaultBankAccount.get(companyId)?.id;
  }

  insertDeposit(row: DepositRow): void {
    this.stmts.insertDeposit.run(row);
  }

  deposit(companyId: string, correlationId: string): DepositRow | undefined {
    return this.stmts.depositByCorrelation.get(companyId, correlationId);
  }

  /** PENDING and not expired to PROCESSING; false when it was not both. */
  approveDeposit(id: string, settleDueAt: string, at: string): boolean {
    return this.stmts.approveDeposit.run(settleDueAt, at, at, id, at).changes === 1;
  }

  dueDeposits(at: string): DepositRow[] {
    return this.stmts.dueDeposits.all(at);
  }

  completeDeposit(id: string, at: string): boolean {
    return this.stmts.completeDeposit.run(at, at, id).changes === 1;
  }

  expireDeposits(at: string): void {
    this.stmts.expireDeposits.run(at, at);
  }

  insertPayout(row: PayoutRow): void {
    this.stmts.insertPayout.run(row);
  }

  payout(companyId: string, id: string): PayoutRow | undefined {
    return this.stmts.payoutById.get(companyId, id);
  }

  payoutByCorrelation(companyId: string, correlationId: string): PayoutRow | undefined {
    return this.stmts.payoutByCorrelation.get(companyId, correlationId);
  }

  /** Payouts whose Pix is due to settle by `at`. */
  duePayouts(at: string): PayoutRow[] {
    return this.stmts.duePayouts.all(at);
  }

  /** PROCESSING to COMPLETED, at its due instant; false when it was not PROCESSING. */
  completePayout(id: string, at: string): boolean {
    return this.stmts.completePayout.run(at, id).changes === 1;
  }

  /** Books a move of a subaccount's INTERNAL balance; a second move for the same cause is refused by the UNIQUE index. */
  book(entry: {
    company_id: string;
    subaccount_id: string;
    currency: Stablecoin;
    amount: number;
    kind: 'DEPOSIT' | 'PAYOUT';
    cause_id: string;
    created_at: string;
  }): void {
    this.stmts.insertEntry.run(entry);
  }

  /** The INTERNAL balance of each asset, in hundredths; assets never moved are absent. */
  balances(subaccountId: string): Partial<Record<Stablecoin, number>> {
    return Object.fromEntries(this.stmts.balances.all(subaccountId).map((r) => [r.currency, r.amount]));
  }

  nextDeadline(): string | null {
    return this.stmts.nextDeadline.get()?.at ?? null;
  }
}

export const stablecoinRepo = perDatabase((db) => new StablecoinRepo(db));
