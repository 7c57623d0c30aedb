import type { ChargeRow } from '../charges/charge-repo';
import type { ChargeOptions } from '../charges/charge-serializer';
import type { OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import type { BankAccountRow } from '../tenancy/tenancy-rows';
import { moveBetweenAccounts } from '../transfers/account-move';
import { creditFromAccount } from './subaccount-ledger';
import { subaccountRepo, type SubaccountMoveRow, type SubaccountRow } from './subaccount-repo';

// A charge's money for its subaccounts (the charge's `splits` and `subaccount`, remote-api-notes
// §6.1): credited when the charge is paid, inside the payment's transaction, so the payment and
// its splits are booked together or not at all. The paid money first reaches the charge's account
// (its PIX_IN entry, its PAYMENT transaction, as for any charge); each split then moves from that
// account to its subaccount, as a credit would.
//
// - A split of type SPLIT_SUB_ACCOUNT names a subaccount of the charge's company by its Pix key:
//   one that does not exist (another company's included) refuses the charge at creation.
// - `subaccount` is the subaccount that receives the charge: what the splits leave of the paid
//   value. The charge keeps it as given; if no subaccount of the company has that key when the
//   charge is paid, the money stays with the account (a charge created with an unknown key was
//   accepted before subaccounts were served, and still is).
// - A split without a type goes to the company's subaccount with that key when there is one.
// - A SPLIT_INTERNAL_TRANSFER split names a Pix key of another account of the same company (the
//   published field: "the pixKey of the company bank account that will receive this split"): its
//   share moves there as an internal transfer (a transaction on each side). A key of no open
//   account of the company refuses the charge at creation.
// - SPLIT_PARTNER splits move no money in the sandbox: their value stays with the charge's account.
// Shares come out of what was paid, in the order written, so a payment is never refused for them.

interface SplitLike {
  value: number;
  pixKey: string;
  splitType?: string;
}

/** The open account of the company holding this key; another company's key is none. */
function companyAccountOfKey(ctx: OperationContext, companyId: string, key: string): BankAccountRow | undefined {
  const pixKey = ctx.tenancy.pixKey(key);
  const account = pixKey ? ctx.tenancy.account(pixKey.account_id) : undefined;
  return account && account.company_id === companyId && account.closed_at === null ? account : undefined;
}

/**
 * Refuses a charge whose SPLIT_SUB_ACCOUNT split names no subaccount of the caller's company, or
 * whose SPLIT_INTERNAL_TRANSFER split names no account of it.
 */
export function checkChargeSplits(ctx: OperationContext, splits: readonly SplitLike[] | undefined): void {
  const repo = subaccountRepo(ctx.db);
  const companyId = ctx.tenant.company.id;
  for (const split of splits ?? []) {
    if (split.splitType === 'SPLIT_SUB_ACCOUNT' && !repo.findByKey(companyId, split.pixKey))
      throw unknownRecord(`Subaccount not found: ${split.pixKey}`);
    if (split.splitType === 'SPLIT_INTERNAL_TRANSFER' && !companyAccountOfKey(ctx, companyId, split.pixKey))
      throw badRequest(`Pix key not found: ${split.pixKey}`);
  }
}

/**
 * Credits a just-paid charge's subaccounts with their shares of `paidValue`. Runs inside the
 * payment's transaction, after the account was credited with the whole of it.
 */
export function creditChargeSplits(ctx: OperationContext, charge: ChargeRow, paidValue: number, at: string): void {
  const options = JSON.parse(charge.options) as ChargeOptions;
  if (!options.splits?.length && options.subaccount === undefined) return;
  const repo = subaccountRepo(ctx.db);
  const account = { companyId: charge.company_id, accountId: charge.account_id };
  const credit = (sub: SubaccountRow, value: number, description: string) => {
    const move: Omit<SubaccountMoveRow, 'id' | 'created_at'> = {
      company_id: charge.company_id,
      kind: 'SPLIT',
      correlation_id: null,
      value,
      from_subaccount_id: null,
      to_subaccount_id: sub.id,
      account_id: charge.account_id,
      charge_id: charge.id,
      end_to_end_id: null,
      destination_alias: null,
      description,
      request: null,
    };
    creditFromAccount(ctx.db, sub, account, move, description, at);
  };
  // Shares come out of what was paid, in the order written: a charge paid for less than its
  // splits add up to (a discount) pays them up to what it brought in, never beyond, so a payment
  // is never refused for its splits (the account was just credited with all of it).
  let left = paidValue;
  for (const split of options.splits ?? []) {
    const share = Math.min(split.value, left);
    left -= share;
    if (share === 0 || split.splitType === 'SPLIT_PARTNER') continue;
    if (split.splitType === 'SPLIT_INTERNAL_TRANSFER') {
      const target = companyAccountOfKey(ctx, charge.company_id, split.pixKey);
      const source = ctx.tenancy.account(charge.account_id);
      if (target && source && target.id !== source.id)
        moveBetweenAccounts(ctx.db, source, target, share, charge.id, ctx.now);
      continue;
    }
    const sub = repo.findByKey(charge.company_id, split.pixKey);
    if (sub) credit(sub, share, `Split of charge ${charge.correlation_id}`);
  }
  if (options.subaccount !== undefined && left > 0) {
    const sub = repo.findByKey(charge.company_id, options.subaccount);
    if (sub) credit(sub, left, `Charge ${charge.correlation_id}`);
  }
}
