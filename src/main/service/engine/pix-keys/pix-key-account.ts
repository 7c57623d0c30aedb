import type { OperationContext } from '../context';
import { badRequest } from '../errors';
import type { BankAccountRow } from '../tenancy/tenancy-rows';

/**
 * The bank account the calling application is linked to: the Pix key operations act on its keys
 * and its token bucket. The OpenAPI file's 400 when there is none (or none of the company's).
 */
export function linkedAccount(ctx: OperationContext): BankAccountRow {
  const account = ctx.tenancy.account(ctx.tenant.account.id);
  if (!account || account.company_id !== ctx.tenant.company.id)
    throw badRequest('You need to link a Bank Account to this API');
  return account;
}

/** The linked account, for an operation that changes keys or consults DICT: a closed account does neither. */
export function openLinkedAccount(ctx: OperationContext): BankAccountRow {
  const account = linkedAccount(ctx);
  if (account.closed_at !== null) throw badRequest('The bank account linked to this API is closed');
  return account;
}
