import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import { newEndToEndId } from '#lib/pix';
import type { OperationContext } from '../context';
import { ServiceError, badRequest, forbidden, notFound } from '../errors';
import { newObjectId } from '../ids';
import { ledger } from '../ledger/ledger';
import { operation } from '../operation';
import { emptyPage, pageOf, pageQuery } from '../pagination';
import type { BankAccountRow } from '../tenancy/tenancy-rows';
import { bookTransaction } from '../transactions/book-transaction';
import { positiveCents } from '../validation';
import { accountLimitsOf, accountLimitsSchema } from './account-limits';
import { accountRepo } from './account-repo';
import { accountSchema, accountSummarySchema, serializeAccount, serializeAccountSummary } from './account-serializer';
import { assertWithinPixOutLimits } from './pix-out-limits';

export const ACCOUNT_EVENTS = {
  created: 'ACCOUNT_CREATED',
  closed: 'ACCOUNT_CLOSED',
  withdrawn: 'ACCOUNT_WITHDRAW_CONFIRMED',
} as const;

/**
 * The withdrawal fee rule (the spec: "an extra fee may apply depending on the minimum free
 * withdrawal amount"; neither file gives figures). A withdrawal of at least R$ 100,00 is free;
 * a smaller one costs R$ 1,00, booked as its own FEE transaction.
 */
export const MIN_FREE_WITHDRAWAL = 10_000;
export const WITHDRAWAL_FEE = 100;

const accountIdParams = z.object({
  accountId: z.string().trim().min(1, { error: 'is required' }).max(64, { error: 'is too long' }),
});

/**
 * An open account of the caller's company. Another company's account and a closed one answer as
 * an unknown one; the status for "unknown" is the operation's own (400 where its spec rows list
 * no 404).
 */
function requireAccount(
  ctx: OperationContext,
  accountId: string,
  unknown: (message: string) => ServiceError,
): BankAccountRow {
  const row = accountRepo(ctx.db).find(ctx.tenant.company.id, accountId);
  if (!row || row.closed_at !== null) throw unknown('Account not found');
  return row;
}

/** Sandbox account numbers, clear of the numbers that simulate failed Pix out (remote-api-notes §8.3). */
function newAccountNumber(): string {
  for (;;) {
    const number = String(randomInt(2_000_000, 9_999_999));
    if (!/^(\d)\1{6}$/.test(number) && !number.startsWith('10101')) return number;
  }
}

export const accountOperations = {
  listAccounts: operation({
    method: 'GET',
    paths: ['/api/v1/account', '/api/v1/account/'],
    scope: 'ACCOUNT_GET_LIST',
    access: 'read',
    status: 200,
    summary: "The company's open bank accounts",
    request: {
      query: pageQuery.extend({
        // The account holder's e-mail: sandbox accounts have none, so a filter matches nothing.
        email: z.string().trim().min(1, { error: 'must not be empty' }).max(254, { error: 'is too long' }).optional(),
      }),
    },
    response: z.strictObject({ pageInfo: pageInfoSchema, accounts: z.array(accountSummarySchema) }),
    handler(ctx, { query }) {
      if (query.email !== undefined) return { pageInfo: emptyPage(query).pageInfo, accounts: [] };
      const repo = accountRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const { items, pageInfo } = pageOf(repo.listOpen(companyId, query.skip, query.limit), query, () =>
        repo.countOpen(companyId),
      );
      return { pageInfo, accounts: items.map(serializeAccountSummary) };
    },
  }),

  getAccount: operation({
    method: 'GET',
    paths: ['/api/v1/account/:accountId'],
    scope: 'ACCOUNT_GET',
    access: 'read',
    status: 200,
    summary: 'A bank account with its balance',
    request: { params: accountIdParams },
    response: z.strictObject({ account: accountSchema }),
    handler: (ctx, { params }) => ({
      account: serializeAccount(ctx.tenant.company, requireAccount(ctx, params.accountId, badRequest)),
    }),
  }),

  duplicateAccount: operation({
    method: 'POST',
    paths: ['/api/v1/account'],
    scope: 'ACCOUNT_POST',
    feature: 'BANK_ACCOUNT',
    access: 'write',
    status: 200,
    summary: "Open another bank account like the application's, with no balance",
    request: {},
    response: z.strictObject({ account: accountSchema }),
    handler(ctx) {
      const source = requireAccount(ctx, ctx.tenant.account.id, badRequest);
      const at = ctx.now.toISOString();
      const row = ctx.db.transaction(() => {
        const id = newObjectId();
        accountRepo(ctx.db).insert({
          id,
          company_id: source.company_id,
          ispb: source.ispb,
          bank_name: source.bank_name,
          branch: source.branch,
          account: newAccountNumber(),
          account_name: source.account_name,
          created_at: at,
        });
        const created = accountRepo(ctx.db).find(source.company_id, id)!;
        ctx.emit(ACCOUNT_EVENTS.created, { account: serializeAccount(ctx.tenant.company, created) });
        return created;
      })();
      return { account: serializeAccount(ctx.tenant.company, row) };
    },
  }),

  closeAccount: operation({
    method: 'DELETE',
    paths: ['/api/v1/account/:accountId'],
    scope: 'ACCOUNT_DELETE',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Close a bank account that holds no money',
    request: { params: accountIdParams },
    response: z.strictObject({ status: z.literal('OK'), accountId: z.string() }),
    handler(ctx, { params }) {
      const at = ctx.now.toISOString();
      ctx.db.transaction(() => {
        const found = accountRepo(ctx.db).find(ctx.tenant.company.id, params.accountId);
        if (!found) throw notFound('Account not found');
        if (found.closed_at !== null) throw badRequest('Account already closed');
        // The application's own account and the default one keep the company's API and Pix keys working.
        if (found.is_default === 1 || found.id === ctx.tenant.account.id) {
          throw forbidden('The default account and the account this application uses cannot be closed');
        }
        const balance = ledger(ctx.db).balance({ companyId: found.company_id, accountId: found.id });
        if (balance.total !== 0 || balance.blocked !== 0) throw badRequest('Account with balance cannot be deleted');
        accountRepo(ctx.db).close(found.company_id, found.id, at);
        ctx.emit(ACCOUNT_EVENTS.closed, { accountId: found.id });
      })();
      // Its Pix keys still point at it; the tenancy cache must learn it is closed.
      ctx.tenancy.invalidate();
      return { status: 'OK' as const, accountId: params.accountId };
    },
  }),

  withdraw: operation({
    method: 'POST',
    paths: ['/api/v1/account/:accountId/withdraw'],
    scope: 'ACCOUNT_WITHDRAW_POST',
    access: 'write',
    status: 200,
    summary: "Withdraw to the holder's own bank account (a fee below the free minimum)",
    request: {
      params: accountIdParams,
      body: z.object({ value: positiveCents('value') }, { error: 'body must be a JSON object with value' }),
    },
    response: z.strictObject({
      withdraw: z.strictObject({
        account: accountSchema,
        // The spec names the withdrawn value `transaction`; the OpenAPI example's intent is `value`: both are sent.
        transaction: z.strictObject({
          endToEndId: z.string(),
          transaction: z.number().int(),
          value: z.number().int(),
          fee: z.number().int(),
        }),
      }),
    }),
    handler(ctx, { params, body }) {
      const { company } = ctx.tenant;
      const at = ctx.now.toISOString();
      const fee = body.value < MIN_FREE_WITHDRAWAL ? WITHDRAWAL_FEE : 0;
      const result = ctx.db
        .transaction(() => {
          const account = requireAccount(ctx, params.accountId, badRequest);
          const ref = { companyId: company.id, accountId: account.id };
          const { available } = ledger(ctx.db).balance(ref);
          if (available < body.value + fee) {
            throw badRequest(
              `Account does not have enough balance to complete the operation (available ${available}, needed ${body.value + fee} cents${fee ? `, fee included` : ''})`,
            );
          }
          assertWithinPixOutLimits(ctx.db, account, company.tax_id, 'same', body.value, ctx.now);
          const holder = {
            name: company.official_name,
            taxID: { taxID: company.tax_id, type: company.tax_id_type as 'BR:CNPJ' },
          };
          const withdrawal = bookTransaction(ctx.db, {
            company_id: company.id,
            account_id: account.id,
            type: 'WITHDRAW',
            value: body.value,
            end_to_end_id: newEndToEndId(account.ispb, ctx.now),
            // A withdrawal names itself: the list's `withdrawal` filter finds it and its fee by its id.
            withdrawal_id: 'self',
            time: at,
            payer: {
              ...holder,
              bank: { name: account.bank_name, ispb: account.ispb },
              branch: account.branch,
              account: account.account,
            },
            payee: holder,
            info_pagador: 'Saque',
          });
          if (!ledger(ctx.db).debit(ref, body.value, { kind: 'WITHDRAW', transactionId: withdrawal.id, at })) {
            throw new Error('withdraw: balance changed inside the transaction');
          }
          if (fee > 0) {
            const feeRow = bookTransaction(ctx.db, {
              company_id: company.id,
              account_id: account.id,
              type: 'FEE',
              value: fee,
              end_to_end_id: `FEE${withdrawal.end_to_end_id.slice(3)}`,
              withdrawal_id: withdrawal.id,
              time: at,
              info_pagador: 'Tarifa de saque',
            });
            if (
              !ledger(ctx.db).debit(ref, fee, { kind: 'FEE', transactionId: feeRow.id, causeId: withdrawal.id, at })
            ) {
              throw new Error('withdraw: balance changed inside the transaction');
            }
          }
          const after = accountRepo(ctx.db).find(company.id, account.id)!;
          const withdraw = {
            account: serializeAccount(company, after),
            transaction: { endToEndId: withdrawal.end_to_end_id, transaction: body.value, value: body.value, fee },
          };
          ctx.emit(ACCOUNT_EVENTS.withdrawn, { withdraw });
          return { withdraw };
        })
        // IMMEDIATE: the balance and the period's Pix out are read under the write lock they are checked for.
        .immediate();
      return result;
    },
  }),

  getAccountLimits: operation({
    method: 'GET',
    paths: ['/api/v1/limits/:accountId'],
    scope: 'ACCOUNT_LIMITS_GET',
    access: 'read',
    status: 200,
    errors: [404],
    summary: "A bank account's Pix limits and its day and night periods",
    request: { params: accountIdParams },
    response: z.strictObject({ limits: accountLimitsSchema }),
    handler: (ctx, { params }) => ({ limits: accountLimitsOf(requireAccount(ctx, params.accountId, notFound).limits) }),
  }),
};
