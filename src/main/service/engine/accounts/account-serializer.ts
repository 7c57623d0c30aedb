import { z } from 'zod';
import { companyBankAccountSchema } from '#shared/service/resources';
import type { CompanyRow, BankAccountRow } from '../tenancy/tenancy-rows';
import { toBalance } from '../ledger/ledger';

/** An account in a list: its id, default flag and the three balance figures. */
export const accountSummarySchema = companyBankAccountSchema.pick({ accountId: true, isDefault: true, balance: true });

/** An account read on its own: the CompanyBankAccount, with both kinds of block in its balance. */
export const accountSchema = companyBankAccountSchema.extend({
  balance: companyBankAccountSchema.shape.balance.extend({
    blockedBySecurity: z.number().int(),
    blockedByWithdrawSafety: z.number().int(),
  }),
});

const balanceOf = (row: BankAccountRow) =>
  toBalance({
    total: row.balance_total,
    hold: row.balance_blocked,
    security: row.balance_blocked_security,
    withdraw_safety: row.balance_blocked_withdraw_safety,
  });

/** Reads must pass a freshly read row: the tenancy cache's copy carries a stale balance. */
export function serializeAccountSummary(row: BankAccountRow): z.infer<typeof accountSummarySchema> {
  const { total, blocked, available } = balanceOf(row);
  return { accountId: row.id, isDefault: row.is_default === 1, balance: { total, blocked, available } };
}

export function serializeAccount(company: CompanyRow, row: BankAccountRow): z.infer<typeof accountSchema> {
  return {
    accountId: row.id,
    isDefault: row.is_default === 1,
    balance: balanceOf(row),
    taxId: company.tax_id,
    officialName: company.official_name,
    tradeName: company.trade_name,
    branch: row.branch,
    account: row.account,
    accountName: row.account_name,
  };
}
