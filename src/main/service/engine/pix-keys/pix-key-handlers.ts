import { z } from 'zod';
import {
  companyBankAccountSchema,
  pixKeySchema,
  type CompanyBankAccount,
  type PixKey,
  type PixKeyType,
} from '#shared/service/resources';
import { isPixKeyType, normalizePixKey, parseTaxId } from '#lib/pix';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { serializeAccount as serializeAccountView } from '../accounts/account-serializer';
import { badRequest, notFound } from '../errors';
import { newUuid } from '../ids';
import { pageQuery } from '../pagination';
import type { BankAccountRow, PixKeyRow } from '../tenancy/tenancy-rows';
import { pathIdParam } from '../validation';
import { openLinkedAccount } from './pix-key-account';
import { pixKeyCheckOperations } from './pix-key-check-handlers';
import { pixKeyRepo } from './pix-key-repo';

// The SDK (@woovi/node-sdk 1.3.3) has no Pix key methods (remote-api-notes §7.2), so these
// operations are tested over HTTP and in process only (test/main/service/api/pix-keys*.test.ts).

/** Internal event names (outbox), committed with the change they report. */
export const PIX_KEY_EVENTS = {
  created: 'PIX_KEY_CREATED',
  deleted: 'PIX_KEY_DELETED',
  defaultChanged: 'PIX_KEY_DEFAULT_CHANGED',
} as const;

/** DICT's limit for an account of a legal entity. */
export const MAX_KEYS_PER_ACCOUNT = 20;

/**
 * POST /api/v1/pix-keys body. The OpenAPI file sends `{key, type}`; the docs' how-to sends
 * `{pixKey, type}` (remote-api-notes §2 row 11d, UNCERTAIN), so either name is taken. Only CNPJ
 * and EVP keys are created here: e-mail, phone and CPF keys need a special permission.
 */
const createBody = z
  .object({
    key: z.string({ error: 'key must be a string' }).nullish(),
    pixKey: z.string({ error: 'pixKey must be a string' }).nullish(),
    type: z
      .string({ error: (issue) => (issue.input === undefined ? 'type is required' : 'type must be a string') })
      // The transform below takes these only (RANDOM is EVP's other name); stated for the document.
      .meta({ enum: ['CNPJ', 'EVP', 'RANDOM'] }),
  })
  .transform((body, ctx): { type: 'CNPJ'; key: string } | { type: 'EVP' } => {
    const given = [body.key, body.pixKey].map((value) => value?.trim() || undefined);
    if (given[0] !== undefined && given[1] !== undefined && given[0] !== given[1]) {
      ctx.addIssue({ code: 'custom', path: ['pixKey'], message: 'send the key once, as key' });
      return z.NEVER;
    }
    const key = given[0] ?? given[1];
    const type = body.type === 'RANDOM' ? 'EVP' : body.type;
    if (type === 'EMAIL' || type === 'PHONE' || type === 'CPF') {
      ctx.addIssue({
        code: 'custom',
        path: ['type'],
        message: `creating ${type} Pix keys needs a special permission for the account; this API creates CNPJ and EVP keys`,
      });
      return z.NEVER;
    }
    if (type === 'EVP') {
      // DICT draws random keys; nobody chooses one.
      if (key !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['key'],
          message: 'an EVP (random) key is drawn by the service: leave key out or empty',
        });
        return z.NEVER;
      }
      return { type };
    }
    if (type !== 'CNPJ') {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'type must be CNPJ or EVP' });
      return z.NEVER;
    }
    const cnpj = key === undefined ? null : normalizePixKey(key, 'CNPJ');
    if (!cnpj) {
      ctx.addIssue({
        code: 'custom',
        path: ['key'],
        message: key === undefined ? 'key is required for a CNPJ key' : 'key is not a valid CNPJ',
      });
      return z.NEVER;
    }
    return { type, key: cnpj.key };
  })
  // The transform's rules as the derived document states them: a CNPJ key is sent (as key or
  // pixKey; its check digits and being the company's own CNPJ are the handler's to tell); an EVP
  // key is drawn by the service, so neither is sent, or only empty.
  .meta({
    description:
      'CNPJ: the company’s own CNPJ, as key (or pixKey). EVP (or RANDOM): drawn by the service, so no key is sent.',
    anyOf: [
      {
        properties: { type: { const: 'CNPJ' } },
        anyOf: [
          { required: ['key'], properties: { key: { type: 'string', pattern: '\\S' } } },
          { required: ['pixKey'], properties: { pixKey: { type: 'string', pattern: '\\S' } } },
        ],
      },
      {
        properties: {
          type: { enum: ['EVP', 'RANDOM'] },
          key: { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^\\s*$' }] },
          pixKey: { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^\\s*$' }] },
        },
      },
    ],
  });

const pixKeyParams = z.object({ pixKey: pathIdParam });

/**
 * One of the linked account's keys, by its path spelling (URI-decoded by the transport; any
 * spelling of the key: "(11) 98765-4321", "529.982.247-25", an e-mail in capitals). A key of
 * another account or company is not found, like a key that does not exist.
 */
function requireOwnKey(ctx: OperationContext, account: BankAccountRow, requested: string): PixKeyRow {
  const match = pixKeyRepo(ctx.db)
    .allByAccount(ctx.tenant.company.id, account.id)
    .find(
      (key) =>
        key.key === requested ||
        normalizePixKey(requested, isPixKeyType(key.type) ? key.type : undefined)?.key === key.key,
    );
  if (!match) throw notFound('Pix key not found');
  return match;
}

function pixKeyJson(row: Pick<PixKeyRow, 'key' | 'type'>, isDefault: boolean): PixKey {
  // Keys are stored with their DICT type (normalizePixKey's), one of the five.
  return { key: row.key, type: row.type as PixKeyType, isDefault };
}

/** Sets the default key of the linked account (PUT, and POST for clients from before 2026-04-10). */
function setDefaultPixKey(ctx: OperationContext, requested: string): PixKey {
  const account = openLinkedAccount(ctx);
  const row = requireOwnKey(ctx, account, requested);
  const previous = ctx.tenancy.defaultPixKey(account.id);
  const body = pixKeyJson(row, true);
  // Already the default: nothing to write.
  if (previous?.key === row.key) return body;
  ctx.db.transaction(() => {
    pixKeyRepo(ctx.db).setDefault(ctx.tenant.company.id, account.id, row.key);
    ctx.emit(PIX_KEY_EVENTS.defaultChanged, {
      pixKey: body,
      previousDefault: previous?.key ?? null,
      companyBankAccount: account.id,
    });
  })();
  // The default key is cached (new charges and QR codes read it): forget it now, inside the writer's turn.
  ctx.tenancy.invalidate();
  return body;
}

/** The OpenAPI file's CompanyBankAccount: the balance read fresh (the cached tenant's is not). */
function serializeAccount(ctx: OperationContext, account: BankAccountRow): CompanyBankAccount {
  const { balance, ...rest } = serializeAccountView(ctx.tenant.company, account);
  return { ...rest, balance: { total: balance.total, blocked: balance.blocked, available: balance.available } };
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
      if (!account || account.company_id !== ctx.tenant.company.id)
        throw badRequest('You need to link a Bank Account to this API');
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

  /**
   * POST /api/v1/pix-keys {key, type} → 201 {key, type, isDefault}: a new key for the linked
   * account. CNPJ: the company's own CNPJ. EVP: drawn here (uuid v4). The account's first key
   * becomes its default. The response is the OpenAPI file's flat PixKey; the docs show it wrapped
   * as {pixKey: {pixKey, type, isDefault}} (remote-api-notes §2 row 11d, UNCERTAIN).
   */
  createPixKey: operation({
    method: 'POST',
    paths: ['/api/v1/pix-keys'],
    scope: 'PIX_KEY_POST',
    access: 'write',
    status: 201,
    summary: 'Create a Pix key (CNPJ: the company’s own; EVP: drawn by the service)',
    request: { body: createBody },
    response: pixKeySchema,
    handler(ctx, { body }) {
      const { company } = ctx.tenant;
      const account = openLinkedAccount(ctx);
      const repo = pixKeyRepo(ctx.db);
      if (body.type === 'CNPJ') {
        const own = parseTaxId(company.tax_id);
        if (own?.type !== 'BR:CNPJ' || own.taxID !== body.key)
          throw badRequest('key: a CNPJ Pix key must be the company’s own CNPJ');
      }
      const key = body.type === 'CNPJ' ? body.key : newUuid();
      // Whichever company holds it: DICT registers a key once.
      if (repo.findAnywhere(key)) throw badRequest('This Pix key is already registered');
      const count = repo.countByAccount(company.id, account.id);
      if (count >= MAX_KEYS_PER_ACCOUNT)
        throw badRequest(`An account can hold at most ${MAX_KEYS_PER_ACCOUNT} Pix keys`);
      const created = pixKeyJson({ key, type: body.type }, count === 0);
      ctx.db.transaction(() => {
        repo.insert({
          key,
          company_id: company.id,
          account_id: account.id,
          type: body.type,
          is_default: created.isDefault ? 1 : 0,
          created_at: ctx.now.toISOString(),
        });
        ctx.emit(PIX_KEY_EVENTS.created, { pixKey: created, companyBankAccount: account.id });
      })();
      ctx.tenancy.invalidate();
      return created;
    },
  }),

  /** PUT /api/v1/pix-keys/:pixKey/default → {key, type, isDefault: true}; the previous default is no longer one. */
  setDefaultPixKey: operation({
    method: 'PUT',
    paths: ['/api/v1/pix-keys/:pixKey/default'],
    scope: 'PIX_KEY_DEFAULT_PUT',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Make a Pix key the account’s default (the one new charges receive with)',
    request: { params: pixKeyParams },
    response: pixKeySchema,
    handler: (ctx, { params }) => setDefaultPixKey(ctx, params.pixKey),
  }),

  /** POST on the same path: the method before 2026-04-10 (remote-api-notes, git history note). */
  setDefaultPixKeyPost: operation({
    method: 'POST',
    paths: ['/api/v1/pix-keys/:pixKey/default'],
    scope: 'PIX_KEY_DEFAULT_PUT',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Make a Pix key the default (deprecated method: use PUT)',
    request: { params: pixKeyParams },
    response: pixKeySchema,
    handler: (ctx, { params }) => setDefaultPixKey(ctx, params.pixKey),
  }),

  /**
   * DELETE /api/v1/pix-keys/:pixKey → 204, no body. The default key cannot be deleted (spec,
   * Errors rule 6): 400. Unknown, or another account's or company's: 404.
   */
  deletePixKey: operation({
    method: 'DELETE',
    paths: ['/api/v1/pix-keys/:pixKey'],
    scope: 'PIX_KEY_DELETE',
    access: 'write',
    status: 204,
    errors: [404],
    summary: 'Delete a Pix key (not the default one)',
    request: { params: pixKeyParams },
    response: z.undefined(),
    handler(ctx, { params }) {
      const account = openLinkedAccount(ctx);
      const row = requireOwnKey(ctx, account, params.pixKey);
      if (ctx.tenancy.defaultPixKey(account.id)?.key === row.key) {
        throw badRequest('The default Pix key cannot be deleted; make another key the default first');
      }
      ctx.db.transaction(() => {
        pixKeyRepo(ctx.db).delete(ctx.tenant.company.id, row.key);
        ctx.emit(PIX_KEY_EVENTS.deleted, { pixKey: { key: row.key, type: row.type }, companyBankAccount: account.id });
      })();
      ctx.tenancy.invalidate();
      return undefined;
    },
  }),

  ...pixKeyCheckOperations,
};
