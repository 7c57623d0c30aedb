import { z } from 'zod';
import type { OperationContext } from '../context';
import { ServiceError, badRequest } from '../errors';
import { newObjectId, newUuid } from '../ids';
import { ledger } from '../ledger/ledger';
import { answerWith, operation, type AnyOperation } from '../operation';
import { BANK_DOWN_MESSAGE, lookUpPixKey } from '../pix-keys/pix-key-dict';
import { pspByIspb } from '../psps/psp-directory';
import {
  approveBody,
  depositBody,
  depositQuoteQuery,
  payoutBody,
  payoutParams,
  payoutQuery,
  payoutQuoteQuery,
  subAccountBody,
  subAccountParams,
  type PayoutInput,
} from './stablecoin-input';
import {
  DEPOSIT_EXPIRATION_MS,
  DEPOSIT_SETTLEMENT_MS,
  KYB_REVIEW_MS,
  PAYOUT_SETTLEMENT_MS,
  STABLECOINS,
  depositConversion,
  payoutConversion,
  units,
} from './stablecoin-rates';
import { stablecoinRepo, type DepositRow, type PayoutRow, type SubAccountRow } from './stablecoin-repo';
import {
  depositQuote,
  depositQuoteSchema,
  depositSchema,
  payoutQuote,
  payoutQuoteSchema,
  payoutSchema,
  serializeBalances,
  serializeDeposit,
  serializePayout,
  serializeSubAccount,
  subAccountCreateSchema,
  subAccountItemSchema,
  walletSchema,
  type PixKeyOwner,
} from './stablecoin-serializer';
import { walletsOf } from './stablecoin-wallets';

// Stablecoin subaccounts (a KYB reusing an account register), deposits (BRL in by paying the
// deposit from the company's account, stablecoin out), quotes, and payouts of the subaccount's
// INTERNAL balance to BRL by Pix, at the sandbox's fixed rates (stablecoin-rates.ts).
//
// Scopes: every stablecoin operation is published with `security: [{AppID: []}]` and
// components.securitySchemes lists no STABLECOIN scope, but each description names the one it
// requires ("Requires the `STABLECOIN_DEPOSIT_CREATE` scope"), so that is the scope declared.
// Webhooks: the document names only STABLECOIN_SUBACCOUNT_CONFIRMED and _REJECTED (the KYB's
// outcome, stablecoin-sweeper.ts); deposits and payouts emit none.

export const STABLECOIN_EVENTS = {
  subAccountConfirmed: 'STABLECOIN_SUBACCOUNT_CONFIRMED',
  subAccountRejected: 'STABLECOIN_SUBACCOUNT_REJECTED',
} as const;

const NO_ACTIVE_SUBACCOUNT = 'No active stable subaccount. A KYB is required, contact support.';

const subAccountNotFound = () => new ServiceError(404, 'SubAccount not found', 'STABLE_SUBACCOUNT_NOT_FOUND');
const payoutNotFound = () => new ServiceError(404, 'Stablecoin payout not found', 'STABLE_PAYOUT_NOT_FOUND');

const later = (ctx: OperationContext, ms: number) => new Date(ctx.now.getTime() + ms).toISOString();

/** The company's subaccount with this provider id; another company's answers as an unknown one. */
function ownSubAccount(ctx: OperationContext, subAccountId: string): SubAccountRow {
  const row = stablecoinRepo(ctx.db).subAccount(ctx.tenant.company.id, subAccountId);
  if (!row) throw subAccountNotFound();
  return row;
}

/** The subaccount bound to the AppID's bank account, as the payout and wallets resolve it. */
function subAccountOfApplication(ctx: OperationContext): SubAccountRow | undefined {
  return stablecoinRepo(ctx.db).subAccountOfBankAccount(ctx.tenant.company.id, ctx.tenant.account.id);
}

/**
 * The CONFIRMED subaccount a deposit uses: the one named, else the AppID's bank account's, else
 * the company's latest confirmed one ("resolved from the company when omitted").
 */
function depositSubAccount(ctx: OperationContext, requested: string | undefined): SubAccountRow {
  const repo = stablecoinRepo(ctx.db);
  const companyId = ctx.tenant.company.id;
  const own = requested !== undefined ? repo.subAccount(companyId, requested) : subAccountOfApplication(ctx);
  if (own?.status === 'CONFIRMED') return own;
  const fallback = requested === undefined ? repo.latestConfirmed(companyId) : undefined;
  if (!fallback) throw badRequest(NO_ACTIVE_SUBACCOUNT);
  return fallback;
}

/** Who holds the payout's Pix key, from the sandbox's DICT; a key it does not know is refused. */
function pixKeyOwner(ctx: OperationContext, pixKey: PayoutInput['pixKey']): PixKeyOwner {
  const answer = lookUpPixKey(ctx.db, ctx.tenancy, { ...pixKey, candidates: [pixKey.key] });
  if (answer.kind === 'bank-down') throw badRequest(BANK_DOWN_MESSAGE);
  if (answer.kind === 'not-found')
    throw badRequest(`PIX_KEY_INFO_NOT_FOUND: the Pix key ${answer.key} is not registered`);
  const { owner } = answer;
  return { name: owner.name, taxId: owner.taxID, bankName: pspByIspb(owner.ispb)?.name ?? `ISPB ${owner.ispb}` };
}

const approveAnswer = z.strictObject({
  status: z.literal('PROCESSING'),
  correlationId: z.string(),
  depositId: z.string(),
});

/** Why a deposit cannot be approved, in the document's words; undefined when it can. */
function approvalRefusal(row: DepositRow, now: string): string | undefined {
  if (row.status === 'COMPLETED') return 'Stablecoin cashout already completed';
  if (row.status === 'PROCESSING') return 'Stablecoin cashout is already being processed';
  if (row.status === 'EXPIRED' || row.expires_at <= now) return 'Stablecoin deposit expired: create a new one';
  return undefined;
}

export const stablecoinOperations = {
  listStablecoinSubAccounts: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/subaccount'],
    scope: 'STABLECOIN_SUBACCOUNT_LIST',
    access: 'read',
    status: 200,
    // Not paged: the document takes no skip or limit, and a company has one per account register.
    summary: "The company's stablecoin subaccounts, most recent first",
    request: {},
    response: z.strictObject({ status: z.literal('ok'), subAccounts: z.array(subAccountItemSchema) }),
    handler(ctx) {
      const rows = stablecoinRepo(ctx.db).subAccountsOf(ctx.tenant.company.id);
      return { status: 'ok' as const, subAccounts: rows.map(serializeSubAccount) };
    },
  }),

  createStablecoinSubAccount: operation({
    method: 'POST',
    paths: ['/api/v1/stablecoin/subaccount'],
    scope: 'STABLECOIN_SUBACCOUNT_CREATE',
    // The document: "Requires the `STABLECOIN_SUBACCOUNT_CREATE` scope and the company `STABLECOIN` feature".
    feature: 'STABLECOIN',
    access: 'write',
    status: 201,
    alternateStatus: 200,
    summary:
      'Request a stablecoin subaccount (KYB) from an account register (its id or correlationID); IN_REVIEW, then CONFIRMED or REJECTED',
    request: { body: subAccountBody },
    response: subAccountCreateSchema,
    handler(ctx, { body }) {
      const repo = stablecoinRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const register = repo.register(companyId, body.accountRegisterId);
      if (!register) throw badRequest('ACCOUNT_REGISTER_NOT_FOUND');
      const existing = repo.subAccountByRegister(companyId, register.id);
      const answer = (row: SubAccountRow) => ({
        subAccountId: row.sub_account_id,
        status: row.status,
        correlationId: row.correlation_id,
      });
      // Idempotent on the register, as documented: the repeat answers 200 with what exists.
      if (existing) return answerWith(200, answer(existing));
      const accountId =
        body.companyBankAccountId !== undefined
          ? repo.openBankAccount(companyId, body.companyBankAccountId)
          : (repo.defaultBankAccount(companyId) ?? ctx.tenant.account.id);
      if (!accountId) throw badRequest('COMPANY_BANK_ACCOUNT_NOT_FOUND');
      const at = ctx.now.toISOString();
      const row: SubAccountRow = {
        id: newObjectId(),
        company_id: companyId,
        account_id: accountId,
        account_register_id: register.id,
        sub_account_id: `sub_${newObjectId()}`,
        correlation_id: newUuid(),
        status: 'IN_REVIEW',
        review_due_at: later(ctx, KYB_REVIEW_MS),
        decided_at: null,
        created_at: at,
        updated_at: at,
      };
      repo.insertSubAccount(row);
      return answer(row);
    },
  }),

  getStablecoinSubAccount: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/subaccount/:subAccountId'],
    scope: 'STABLECOIN_SUBACCOUNT_LIST',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'A stablecoin subaccount of the company, by its provider subAccountId',
    request: { params: subAccountParams },
    response: z.strictObject({ status: z.literal('ok'), subAccount: subAccountItemSchema }),
    handler(ctx, { params }) {
      return { status: 'ok' as const, subAccount: serializeSubAccount(ownSubAccount(ctx, params.subAccountId)) };
    },
  }),

  getStablecoinSubAccountBalances: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/subaccount/:subAccountId/balances'],
    scope: 'STABLECOIN_SUBACCOUNT_LIST',
    access: 'read',
    status: 200,
    errors: [404],
    summary: "A subaccount's INTERNAL balance per asset, in units (what payouts spend)",
    request: { params: subAccountParams },
    response: z.strictObject({
      status: z.literal('ok'),
      subAccountId: z.string(),
      balances: z.strictObject(
        Object.fromEntries(STABLECOINS.map((coin) => [coin, z.number()])) as Record<
          (typeof STABLECOINS)[number],
          z.ZodNumber
        >,
      ),
    }),
    handler(ctx, { params }) {
      const row = ownSubAccount(ctx, params.subAccountId);
      return {
        status: 'ok' as const,
        subAccountId: row.sub_account_id,
        balances: serializeBalances(stablecoinRepo(ctx.db).balances(row.id)),
      };
    },
  }),

  listStablecoinSubAccountWallets: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/subaccount/:subAccountId/wallets'],
    scope: 'STABLECOIN_SUBACCOUNT_LIST',
    access: 'read',
    status: 200,
    errors: [404],
    summary: "A subaccount's sandbox deposit addresses (none until its KYB is CONFIRMED)",
    request: { params: subAccountParams },
    response: z.strictObject({ status: z.literal('ok'), subAccountId: z.string(), wallets: z.array(walletSchema) }),
    handler(ctx, { params }) {
      const row = ownSubAccount(ctx, params.subAccountId);
      // The provider opens wallets only for a confirmed KYB.
      const wallets = row.status === 'CONFIRMED' ? walletsOf(row.sub_account_id) : [];
      return { status: 'ok' as const, subAccountId: row.sub_account_id, wallets };
    },
  }),

  listStablecoinWallets: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/wallets'],
    scope: 'STABLECOIN_SUBACCOUNT_LIST',
    access: 'read',
    status: 200,
    errors: [404],
    summary: "The deposit addresses of the subaccount bound to the AppID's bank account",
    // It reads no input, but answers 400 while the KYB is not CONFIRMED (as published): a declared
    // (empty) query is what puts that 400 in the derived document.
    request: { query: z.object({}) },
    response: z.strictObject({
      status: z.literal('ok'),
      companyBankAccountId: z.string(),
      subAccountId: z.string(),
      wallets: z.array(walletSchema),
    }),
    handler(ctx) {
      const row = subAccountOfApplication(ctx);
      if (!row) throw subAccountNotFound();
      if (row.status !== 'CONFIRMED') throw badRequest(`KYB not confirmed: the stable subaccount is ${row.status}`);
      return {
        status: 'ok' as const,
        companyBankAccountId: row.account_id,
        subAccountId: row.sub_account_id,
        wallets: walletsOf(row.sub_account_id),
      };
    },
  }),

  getStablecoinQuote: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/quote'],
    scope: 'STABLECOIN_DEPOSIT_CREATE',
    access: 'read',
    status: 200,
    summary: 'Quote BRL (cents) to a stablecoin at the sandbox rate, without creating a deposit',
    request: { query: depositQuoteQuery },
    response: depositQuoteSchema,
    handler(_ctx, { query }) {
      return depositQuote(query.value, query.currency);
    },
  }),

  createStablecoinDeposit: operation({
    method: 'POST',
    paths: ['/api/v1/stablecoin/deposit'],
    scope: 'STABLECOIN_DEPOSIT_CREATE',
    access: 'write',
    status: 200,
    summary: 'Create a stablecoin deposit (BRL cents in, stablecoin out), idempotent by correlationId',
    request: { body: depositBody },
    response: depositSchema,
    handler(ctx, { body }) {
      const repo = stablecoinRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      if (body.correlationId !== undefined) {
        const existing = repo.deposit(companyId, body.correlationId);
        if (existing) return serializeDeposit(existing);
      }
      const subAccount = depositSubAccount(ctx, body.subAccountId);
      const conversion = depositConversion(body.value, body.currency);
      const at = ctx.now.toISOString();
      const row: DepositRow = {
        id: newObjectId(),
        company_id: companyId,
        account_id: ctx.tenant.account.id,
        subaccount_id: subAccount.id,
        correlation_id: body.correlationId ?? newUuid(),
        value: body.value,
        currency: body.currency,
        network: body.network,
        destination_wallet: body.destinationWalletAddress ?? null,
        fee: conversion.fee,
        rate: conversion.rate,
        output: conversion.output,
        status: 'PENDING',
        expires_at: later(ctx, DEPOSIT_EXPIRATION_MS),
        settle_due_at: null,
        approved_at: null,
        completed_at: null,
        created_at: at,
        updated_at: at,
      };
      repo.insertDeposit(row);
      return serializeDeposit(row);
    },
  }),

  approveStablecoinDeposit: operation({
    method: 'POST',
    paths: ['/api/v1/stablecoin/deposit/approve'],
    scope: 'STABLECOIN_DEPOSIT_CREATE',
    access: 'write',
    status: 200,
    summary:
      "Approve a deposit: its BRL is held on the company's account and it is PROCESSING until it settles (COMPLETED)",
    request: { body: approveBody },
    response: approveAnswer,
    handler(ctx, { body }) {
      const repo = stablecoinRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const at = ctx.now.toISOString();
      const row = repo.deposit(companyId, body.correlationId);
      // The document's own messages call the deposit a "cashout".
      if (!row) throw badRequest('Stablecoin cashout not found');
      const refusal = approvalRefusal(row, at);
      if (refusal) throw badRequest(refusal);
      const account = ctx.tenancy.account(row.account_id);
      if (!account || account.closed_at !== null) throw badRequest('No source account to pay the deposit');
      ctx.db.transaction(() => {
        // Paying the deposit's code is a Pix out of the company's account: held now, gone when it settles.
        const held = ledger(ctx.db).hold({ companyId, accountId: row.account_id }, row.value, {
          kind: 'PIX_OUT',
          causeId: row.id,
          at,
        });
        if (!held) throw badRequest('Failed to pay stable qrcode: insufficient balance on the account');
        if (!repo.approveDeposit(row.id, later(ctx, DEPOSIT_SETTLEMENT_MS), at)) {
          throw badRequest('Stablecoin cashout is already being processed');
        }
      })();
      return { status: 'PROCESSING' as const, correlationId: row.correlation_id, depositId: row.id };
    },
  }),

  getStablecoinPayoutQuote: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/payout/quote'],
    scope: 'STABLECOIN_PAYOUT_CREATE',
    access: 'read',
    status: 200,
    summary: 'Quote a stablecoin amount (hundredths) to BRL by Pix at the sandbox rate',
    request: { query: payoutQuoteQuery },
    response: payoutQuoteSchema,
    handler(_ctx, { query }) {
      return payoutQuote(query.value, query.currency);
    },
  }),

  createStablecoinPayout: operation({
    method: 'POST',
    paths: ['/api/v1/stablecoin/payout'],
    scope: 'STABLECOIN_PAYOUT_CREATE',
    access: 'write',
    status: 200,
    summary: "Pay out a subaccount's INTERNAL stablecoin balance as BRL by Pix, idempotent by correlationId",
    request: { body: payoutBody },
    response: payoutSchema,
    handler(ctx, { body }) {
      const repo = stablecoinRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const correlationId = body.correlationId ?? undefined;
      if (correlationId !== undefined) {
        // "reusing one returns the payout already created for it": the money moved once.
        const existing = repo.payoutByCorrelation(companyId, correlationId);
        if (existing) return serializePayout(existing);
      }
      const subAccount = subAccountOfApplication(ctx);
      if (subAccount?.status !== 'CONFIRMED') throw badRequest(NO_ACTIVE_SUBACCOUNT);
      const owner = pixKeyOwner(ctx, body.pixKey);
      const at = ctx.now.toISOString();
      const conversion = payoutConversion(body.value, body.currency);
      const row: PayoutRow = {
        id: newObjectId(),
        company_id: companyId,
        subaccount_id: subAccount.id,
        correlation_id: correlationId ?? newUuid(),
        value: body.value,
        currency: body.currency,
        pix_key: body.pixKey.key,
        pix_key_owner: JSON.stringify(owner),
        pix_message: body.pixMessage ?? null,
        rate: conversion.rate,
        fee: conversion.fee,
        output: conversion.output,
        status: 'PROCESSING',
        settle_due_at: later(ctx, PAYOUT_SETTLEMENT_MS),
        completed_at: null,
        created_at: at,
        updated_at: at,
      };
      ctx.db.transaction(() => {
        // The check and the debit in one transaction of the single writer: nothing can spend between them.
        const available = repo.balances(subAccount.id)[body.currency] ?? 0;
        if (available < body.value) {
          throw badRequest(`Insufficient balance: the INTERNAL ${body.currency} balance is ${units(available)}`);
        }
        repo.insertPayout(row);
        repo.book({
          company_id: companyId,
          subaccount_id: subAccount.id,
          currency: body.currency,
          amount: -body.value,
          kind: 'PAYOUT',
          cause_id: row.id,
          created_at: at,
        });
      })();
      return serializePayout(row);
    },
  }),

  getStablecoinPayoutByCorrelationId: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/payout'],
    scope: 'STABLECOIN_PAYOUT_CREATE',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'A payout of the company, by the correlationId sent on create',
    request: { query: payoutQuery },
    response: payoutSchema,
    handler(ctx, { query }) {
      const row = stablecoinRepo(ctx.db).payoutByCorrelation(ctx.tenant.company.id, query.correlationId);
      if (!row) throw payoutNotFound();
      return serializePayout(row);
    },
  }),

  getStablecoinPayout: operation({
    method: 'GET',
    paths: ['/api/v1/stablecoin/payout/:payoutId'],
    scope: 'STABLECOIN_PAYOUT_CREATE',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'A payout of the company, by its payoutId',
    request: { params: payoutParams },
    response: payoutSchema,
    handler(ctx, { params }) {
      const row = stablecoinRepo(ctx.db).payout(ctx.tenant.company.id, params.payoutId);
      if (!row) throw payoutNotFound();
      return serializePayout(row);
    },
  }),
} satisfies Record<string, AnyOperation>;
