// Consulting a Pix key ("check", the DICT lookup before a Pix out) and the token bucket that
// meters it. remote-api-notes §2 row 11a, §6.7; the spec's "Token bucket" resource and Limits.
// Over 300 lines because the check and the token bucket that meters it are one rule of the spec:
// the bucket is read, its token taken and the consultation recorded in one transaction.
import { z } from 'zod';
import { pageInfoSchema, pixKeyTypeSchema } from '#shared/service/resources';
import { PIX_KEY_TYPES, newEndToEndId, normalizePixKey } from '#lib/pix';
import type { OperationContext } from '../context';
import { CommittedRefusal, ServiceError, badRequest } from '../errors';
import { operation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import type { BankAccountRow } from '../tenancy/tenancy-rows';
import { linkedAccount, openLinkedAccount } from './pix-key-account';
import { pixKeyCheckRepo } from './pix-key-checks';
import { BANK_DOWN_MESSAGE, lookUpPixKey, type DictOwner, type KeyToConsult } from './pix-key-dict';
import {
  EMPTY_BUCKET_MESSAGE,
  TOKEN_BUCKET,
  bucketAt,
  bucketView,
  tokenRepo,
  type TokenLogRow,
} from './pix-key-tokens';

export const PIX_KEY_CHECK_EVENT = 'PIX_KEY_CHECKED';

/**
 * The 404 of a key DICT does not hold. The GET variant's body carries `errorCode` and the POST
 * variant's does not (remote-api-notes §2 row 11a); and the tokens the miss cost stay spent
 * although the answer is an error (a CommittedRefusal keeps its writes).
 */
export class PixKeyNotFoundError extends CommittedRefusal {
  constructor(errorCode: 'PIX_KEY_INFO_NOT_FOUND' | undefined) {
    super(404, 'Pix key not found', errorCode);
  }
}

/** A Pix key as typed (any spelling: "529.982.247-25", "(11) 98765-4321", upper-case e-mail). */
const keyToConsult = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'is too long' })
  .transform((input, ctx): KeyToConsult => {
    const normalized = normalizePixKey(input);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'is not a valid Pix key (CPF, CNPJ, e-mail, +55 mobile phone or EVP)' });
      return z.NEVER;
    }
    // "11987654321" reads as a CPF when its check digits fit, and is a phone too: a key registered
    // as either answers.
    const readings = PIX_KEY_TYPES.map((type) => normalizePixKey(input, type)?.key).filter(
      (key): key is string => key !== undefined,
    );
    return { key: normalized.key, type: normalized.type, candidates: [...new Set([normalized.key, ...readings])] };
  });

const ownerSchema = z.strictObject({
  /** Full name (DICT gives it unmasked). */
  name: z.string(),
  /** CPF masked as "111.***.***-80"; CNPJ in full, formatted. */
  taxID: z.string(),
  /** The holder's PSP, 8-character ISPB. */
  psp: z.string(),
  branch: z.string(),
  account: z.string(),
});

export const pixKeyCheckSchema = z.strictObject({
  /** Canonical form: CPF/CNPJ without mask, e-mail in lower case, phone in E.164, EVP as is. */
  pixKey: z.string(),
  type: pixKeyTypeSchema,
  /** New at every consultation; a Pix out to the key may name it (POST /api/v1/payment). */
  pixKeyEndToEndId: z.string(),
  owner: ownerSchema,
});

export const pixKeyTokensSchema = z.strictObject({
  tokens: z.number().int(),
  maxTokens: z.number().int(),
  /** Tokens added at each refill step, one a minute. */
  refreshRate: z.number().int(),
  /** When the next refill step comes (ISO 8601). */
  nextRefresh: z.string(),
  /** The tokens after that step. */
  tokensAfterRefresh: z.number().int(),
});

/** The OpenAPI file's TokenBucketLog, with the consultation's result and account added. */
export const tokenBucketLogSchema = z.strictObject({
  operation: z.enum(['ADD', 'REMOVE']),
  /** pixKeyCheck (REMOVE) or refill (ADD). */
  reason: z.enum(['pixKeyCheck', 'refill']),
  /** How many tokens were added or spent. */
  tokens: z.number().int(),
  tokensBefore: z.number().int(),
  tokensAfter: z.number().int(),
  /** The key consulted (REMOVE only), canonical. */
  pixKey: z.string().optional(),
  /** Whether the key consulted exists (REMOVE only). */
  result: z.enum(['FOUND', 'NOT_FOUND']).optional(),
  /** The consultation's pixKeyEndToEndId (REMOVE of a key found). */
  endToEndId: z.string().optional(),
  /** The bank account whose bucket changed. */
  companyBankAccount: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const logsQuery = pageQuery.extend({
  companyBankAccount: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(64, { error: 'is too long' })
    .optional(),
});

/** "111.***.***-80" for a CPF (first three and last two digits), "00.000.000/0001-91" for a CNPJ. */
function maskedTaxId(owner: DictOwner): string {
  const id = owner.taxID;
  if (owner.taxIDType === 'BR:CPF') return `${id.slice(0, 3)}.***.***-${id.slice(9)}`;
  return `${id.slice(0, 2)}.${id.slice(2, 5)}.${id.slice(5, 8)}/${id.slice(8, 12)}-${id.slice(12)}`;
}

/** A fresh end-to-end id, signed with the consulting account's PSP, never one already given. */
function newCheckId(ctx: OperationContext, account: BankAccountRow): string {
  const checks = pixKeyCheckRepo(ctx.db);
  for (;;) {
    const id = newEndToEndId(account.ispb, ctx.now);
    if (!checks.exists(id)) return id;
  }
}

/**
 * One consultation. In order: the bucket must hold a token (429, nothing written), the key is
 * looked up (rules in pix-key-dict.ts), a bank that is down answers 503 and costs nothing (the
 * lookup did not complete); otherwise the consultation spends its cost and is logged, and a key
 * found is recorded under a new end-to-end id, all in one transaction with its event.
 */
function checkPixKey(ctx: OperationContext, requested: KeyToConsult, variant: 'GET' | 'POST') {
  const companyId = ctx.tenant.company.id;
  const account = openLinkedAccount(ctx);
  const tokens = tokenRepo(ctx.db);
  const state = bucketAt(tokens.bucket(companyId, account.id), ctx.now);
  if (state.tokens < TOKEN_BUCKET.foundCost) throw new ServiceError(429, EMPTY_BUCKET_MESSAGE);

  const answer = lookUpPixKey(ctx.db, ctx.tenancy, requested);
  // 503, not 502 or 504: the request was right and the service answered; the holder's bank is
  // unavailable for now, so a client should retry later, as it would after any 5xx.
  if (answer.kind === 'bank-down') throw new ServiceError(503, BANK_DOWN_MESSAGE);
  const base = { companyId, accountId: account.id, state, pixKey: answer.key, now: ctx.now };

  if (answer.kind === 'not-found') {
    ctx.db.transaction(() => {
      const spent = tokens.spend({ ...base, cost: TOKEN_BUCKET.notFoundCost, result: 'NOT_FOUND' });
      ctx.emit(PIX_KEY_CHECK_EVENT, {
        pixKey: answer.key,
        type: answer.type,
        result: 'NOT_FOUND',
        tokensSpent: spent.spent,
        tokensAfter: spent.after,
        companyBankAccount: account.id,
      });
    })();
    throw new PixKeyNotFoundError(variant === 'GET' ? 'PIX_KEY_INFO_NOT_FOUND' : undefined);
  }

  const { owner } = answer;
  const endToEndId = newCheckId(ctx, account);
  return ctx.db.transaction(() => {
    pixKeyCheckRepo(ctx.db).insert({
      end_to_end_id: endToEndId,
      company_id: companyId,
      account_id: account.id,
      pix_key: answer.key,
      type: answer.type,
      owner_name: owner.name,
      owner_tax_id: owner.taxID,
      owner_tax_id_type: owner.taxIDType,
      owner_ispb: owner.ispb,
      owner_branch: owner.branch,
      owner_account: owner.account,
      owner_account_id: owner.accountId,
      checked_at: ctx.now.toISOString(),
    });
    const spent = tokens.spend({ ...base, cost: TOKEN_BUCKET.foundCost, result: 'FOUND', endToEndId });
    // No owner in the event: it is the holder's data, given to the caller only, masked.
    ctx.emit(PIX_KEY_CHECK_EVENT, {
      pixKey: answer.key,
      type: answer.type,
      result: 'FOUND',
      pixKeyEndToEndId: endToEndId,
      tokensSpent: spent.spent,
      tokensAfter: spent.after,
      companyBankAccount: account.id,
    });
    return {
      pixKey: answer.key,
      type: answer.type,
      pixKeyEndToEndId: endToEndId,
      owner: {
        name: owner.name,
        taxID: maskedTaxId(owner),
        psp: owner.ispb,
        branch: '****',
        account: '*'.repeat(owner.account.length),
      },
    };
  })();
}

function serializeLog(row: TokenLogRow): z.input<typeof tokenBucketLogSchema> {
  return {
    operation: row.operation,
    reason: row.reason as 'pixKeyCheck' | 'refill',
    tokens: row.tokens,
    tokensBefore: row.tokens_before,
    tokensAfter: row.tokens_after,
    ...(row.pix_key !== null ? { pixKey: row.pix_key } : {}),
    ...(row.result !== null ? { result: row.result } : {}),
    ...(row.end_to_end_id !== null ? { endToEndId: row.end_to_end_id } : {}),
    companyBankAccount: row.account_id,
    createdAt: row.created_at,
    // Log rows never change.
    updatedAt: row.created_at,
  };
}

// The OpenAPI file names no scope for these; PIX_KEY_CHECK covers both routes of the one
// consultation, and the token reads are named like the other reads (…_GET, …_GET_LIST).
export const pixKeyCheckOperations = {
  /**
   * GET /api/v1/pix-keys/:pixKey/check → {pixKey, type, pixKeyEndToEndId, owner}. A write: it
   * spends tokens and records the consultation. 404 key not registered, 429 bucket empty, 503
   * holder's bank down (bank-error@woovi.com).
   */
  checkPixKey: operation({
    method: 'GET',
    paths: ['/api/v1/pix-keys/:pixKey/check'],
    scope: 'PIX_KEY_CHECK',
    access: 'write',
    status: 200,
    errors: [404, 429],
    summary: 'Consult a Pix key: who holds it (DICT), for a Pix out; spends tokens',
    request: { params: z.object({ pixKey: keyToConsult }) },
    response: pixKeyCheckSchema,
    handler: (ctx, { params }) => checkPixKey(ctx, params.pixKey, 'GET'),
  }),

  /** POST /api/v1/pix-keys/check {pixKey}: the same consultation, the key in the body. */
  checkPixKeyPost: operation({
    method: 'POST',
    paths: ['/api/v1/pix-keys/check'],
    scope: 'PIX_KEY_CHECK',
    access: 'write',
    status: 200,
    errors: [404, 429],
    summary: 'Consult a Pix key given in the body; spends tokens',
    request: { body: z.object({ pixKey: keyToConsult }) },
    response: pixKeyCheckSchema,
    handler: (ctx, { body }) => checkPixKey(ctx, body.pixKey, 'POST'),
  }),

  /** GET /api/v1/pix-keys/tokens: the linked account's bucket, as of now. */
  getPixKeyTokens: operation({
    method: 'GET',
    paths: ['/api/v1/pix-keys/tokens'],
    scope: 'PIX_KEY_TOKENS_GET',
    access: 'read',
    status: 200,
    summary: 'The token bucket that meters Pix key consultations',
    request: {},
    response: pixKeyTokensSchema,
    handler(ctx) {
      const account = linkedAccount(ctx);
      return bucketView(bucketAt(tokenRepo(ctx.db).bucket(ctx.tenant.company.id, account.id), ctx.now));
    },
  }),

  /**
   * GET /api/v1/pix-keys/tokens/logs?skip&limit&companyBankAccount → {pageInfo, logs}, newest
   * first: the company's bucket changes, or one of its accounts'. An account that is not the
   * company's answers 400 like an unknown one.
   */
  listPixKeyTokenLogs: operation({
    method: 'GET',
    paths: ['/api/v1/pix-keys/tokens/logs'],
    scope: 'PIX_KEY_TOKENS_LOGS_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'The changes of the Pix key consultation token buckets',
    request: { query: logsQuery },
    response: z.strictObject({ pageInfo: pageInfoSchema, logs: z.array(tokenBucketLogSchema) }),
    handler(ctx, { query }) {
      const companyId = ctx.tenant.company.id;
      let accountId: string | undefined;
      if (query.companyBankAccount !== undefined) {
        const account = ctx.tenancy.account(query.companyBankAccount);
        if (!account || account.company_id !== companyId)
          throw badRequest('companyBankAccount: Company bank account not found');
        accountId = account.id;
      }
      const page = { skip: query.skip, limit: query.limit };
      const tokens = tokenRepo(ctx.db);
      const rows = tokens.logs(companyId, accountId, page.skip, page.limit + 1);
      const { items, pageInfo } = pageOf(rows, page, () => tokens.countLogs(companyId, accountId));
      return { pageInfo, logs: items.map(serializeLog) };
    },
  }),
};
