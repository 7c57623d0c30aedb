import { z } from 'zod';
import { companyBankAccountSchema, pixKeySchema, type CompanyBankAccount, type PixKey, type PixKeyType } from '../../../shared/resources';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { badRequest } from '../errors';
import { pageQuery } from '../pagination';
import type { BankAccountRow } from '../tenancy/tenancy-rows';
import { pixKeyRepo } from './pix-key-repo';

/** The OpenAPI file's CompanyBankAccount: the balance read fresh (the cached tenant's is not). */
function serializeAccount(ctx: OperationContext, account: BankAccountRow): CompanyBankAccount {
  const { company } = ctx.tenant;
  return {
    accountId: account.id,
    isDefault: account.is_default === 1,
    balance: {
      total: account.balance_total,
      blocked: account.balance_blocked,
      available: account.balance_total - account.balance_blocked,
    },
    taxId: company.tax_id,
    officialName: company.official_name,
    tradeName: company.trade_name,
    branch: account.branch,
    account: account.account,
    accountName: account.account_name,
  };
}

export const pixKeyOperations = {
  /**
   * GET /api/v1/pix-keys?skip&limit → {pixKeys[], account}: the keys of the bank account the
   * application is linked to (the `account` of the answer), as the spec shapes it (no pageInfo).
   * isDefault marks the key new charges and static QR codes receive with, the same one they
   * use, so a counter can check its key is the account's and learn which one that is.
   */
  listPixKeys: operation({
    method: 'GET',
    paths: ['/api/v1/pix-keys'],
    // Not named by the spec or the OpenAPI file (GET /api/v1/pix-keys declares no
    // x-required-scope); named like the other list scopes (CHARGE_GET_LIST, PIX_QRCODE_GET_LIST).
    scope: 'PIX_KEY_GET_LIST',
    access: 'read',
    status: 200,
    summary: "The Pix keys of the application's bank account, and the account",
    request: { query: pageQuery },
    response: z.strictObject({ pixKeys: z.array(pixKeySchema), account: companyBankAccountSchema }),
    handler(ctx, { query }) {
      const account = ctx.tenancy.account(ctx.tenant.account.id);
      // The OpenAPI file's 400 for an application without a usable account.
      if (!account || account.company_id !== ctx.tenant.company.id) throw badRequest('You need to link a Bank Account to this API');
      const defaultKey = ctx.tenancy.defaultPixKey(account.id)?.key;
      const rows = pixKeyRepo(ctx.db).listByAccount(ctx.tenant.company.id, account.id, query.skip, query.limit);
      const pixKeys: PixKey[] = rows.map((row) => ({
        key: row.key,
        // Keys are stored with their DICT type (normalizePixKey's), one of the five.
        type: row.type as PixKeyType,
        isDefault: row.key === defaultKey,
      }));
      return { pixKeys, account: serializeAccount(ctx, account) };
    },
  }),
};
