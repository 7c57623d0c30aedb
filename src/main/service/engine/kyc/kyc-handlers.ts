import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { OperationContext } from '../context';
import { badRequest, notFound } from '../errors';
import { newObjectId } from '../ids';
import { answerWith, operation } from '../operation';
import { pathIdParam } from '../validation';
import { accountRegisterRepo, type AccountRegisterRow } from './account-register-repo';
import {
  ACCOUNT_REGISTER_EVENTS,
  accountRegisterEventPayload,
  accountRegisterSchema,
  kycOnboardingSchema,
  serializeAccountRegister,
  serializeKycOnboarding,
} from './account-register-serializer';
import { kycOnboardingBody, type KycOnboardingInput } from './kyc-input';
import { registryCompany, registryPersonName } from './sandbox-company-registry';

const NOT_FOUND = 'Account register not found';

/** The last segment of linkOnboarding: 256 random bits, base64url (43 characters). */
function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sandbox account numbers: seven digits, clear of the ones that simulate failed Pix out (remote-api-notes §8.3). */
function newAccountNumber(): string {
  for (;;) {
    const number = String(randomInt(2_000_000, 9_999_999));
    if (!/^(\d)\1{6}$/.test(number) && !number.startsWith('10101')) return number;
  }
}

/**
 * A new PENDING register, its names enriched from the sandbox's registry when it knows the CNPJ
 * (sandbox-company-registry.ts); a representative's name sent by the caller is kept as sent.
 */
function createRegister(ctx: OperationContext, input: KycOnboardingInput, correlationID: string): AccountRegisterRow {
  const at = ctx.now.toISOString();
  const company = registryCompany(input.taxID);
  const representatives = (input.representatives ?? []).map((r) => ({
    taxID: r.taxID,
    // A company the registry knows comes with its partners' names (its public partner list).
    name: r.name || (company ? registryPersonName(r.taxID) : ''),
  }));
  const row: AccountRegisterRow = {
    id: newObjectId(),
    company_id: ctx.tenant.company.id,
    correlation_id: correlationID,
    tax_id: input.taxID,
    tax_id_type: 'BR:CNPJ',
    official_name: company?.officialName ?? '',
    trade_name: company?.tradeName ?? '',
    representatives: JSON.stringify(representatives),
    redirect_url: input.redirectUrl ?? null,
    link_token: newLinkToken(),
    status: 'PENDING',
    account_id: newObjectId(),
    account_branch: '0001',
    account_number: newAccountNumber(),
    review_due_at: null,
    submitted_at: null,
    decided_at: null,
    deleted_at: null,
    created_at: at,
    updated_at: at,
  };
  accountRegisterRepo(ctx.db).insert(row);
  ctx.emit(ACCOUNT_REGISTER_EVENTS.pending, accountRegisterEventPayload(row));
  return row;
}

/** The caller's live register under a correlationID; another company's is as unknown as none. */
function requireRegister(ctx: OperationContext, correlationID: string): AccountRegisterRow {
  const row = accountRegisterRepo(ctx.db).find(ctx.tenant.company.id, correlationID);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const correlationParams = z.object({ correlationID: pathIdParam });

const correlationQuery = z.object({
  correlationID: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, { error: 'is required' })
    .max(255, { error: 'is too long (max 255 characters)' }),
});

// The official Node SDK's accountRegister.get({taxID}) calls GET /api/v1/account-register/{taxID}
// (remote-api-notes §7.2): it finds a register created without a correlationID, whose
// correlationID is its CNPJ. The SDK's create and update call POST/PATCH /api/v1/account-register,
// removed from the API in 2026 (remote-api-notes §0) and not in the spec: not served.
export const kycOperations = {
  /**
   * POST /api/v1/kyc/onboarding: idempotent by correlationID per company (default: the CNPJ).
   * 201 with a new PENDING register and its link; 200 with the original link, redirectUrl and
   * data for a correlationID the company already used, whatever else the repeat sends, except a
   * different CNPJ: that is 400, since answering the other company's link would let the caller
   * believe it onboarded the CNPJ it just sent.
   */
  kycOnboarding: operation({
    method: 'POST',
    paths: ['/api/v1/kyc/onboarding'],
    scope: null,
    feature: ['BAAS', 'KYC_ONBOARDING'],
    access: 'write',
    status: 201,
    alternateStatus: 200,
    summary: 'Start the KYC onboarding of a merchant: a link to the page where it confirms its data',
    request: { body: kycOnboardingBody },
    response: kycOnboardingSchema,
    handler(ctx, { body }) {
      const correlationID = body.correlationID ?? body.taxID;
      const existing = accountRegisterRepo(ctx.db).find(ctx.tenant.company.id, correlationID);
      if (existing) {
        if (existing.tax_id !== body.taxID) {
          throw badRequest(`correlationID ${correlationID} already belongs to the onboarding of another CNPJ`);
        }
        return answerWith(200, serializeKycOnboarding(ctx.config, existing));
      }
      return serializeKycOnboarding(ctx.config, createRegister(ctx, body, correlationID));
    },
  }),

  /** GET /api/v1/account-register/{correlationID} (the DOCS' and the SDK's form). */
  getAccountRegister: operation({
    method: 'GET',
    paths: ['/api/v1/account-register/:correlationID'],
    scope: 'ACCOUNT_REGISTER_GET',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'An account register, by its correlationID',
    request: { params: correlationParams },
    response: accountRegisterSchema,
    handler: (ctx, { params }) => serializeAccountRegister(requireRegister(ctx, params.correlationID)),
  }),

  /** GET /api/v1/account-register?correlationID= (the OpenAPI file's path, which has no path parameter). */
  findAccountRegister: operation({
    method: 'GET',
    paths: ['/api/v1/account-register'],
    scope: 'ACCOUNT_REGISTER_GET',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'An account register, by the correlationID in the query',
    request: { query: correlationQuery },
    response: accountRegisterSchema,
    handler: (ctx, { query }) => serializeAccountRegister(requireRegister(ctx, query.correlationID)),
  }),

  /**
   * DELETE /api/v1/account-register/{correlationID}: only while PENDING (400 otherwise). The
   * link stops working and the correlationID is free for a new onboarding.
   */
  deleteAccountRegister: operation({
    method: 'DELETE',
    paths: ['/api/v1/account-register/:correlationID'],
    scope: 'ACCOUNT_REGISTER_DELETE',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Delete an account register that is still PENDING',
    request: { params: correlationParams },
    response: z.strictObject({
      message: z.literal('Account register successfully deleted'),
      accountRegisterId: z.string(),
    }),
    handler(ctx, { params }) {
      const row = requireRegister(ctx, params.correlationID);
      if (row.status !== 'PENDING' || !accountRegisterRepo(ctx.db).softDelete(row.id, ctx.now.toISOString())) {
        throw badRequest(`Only account registers in PENDING status can be deleted (this one is ${row.status})`);
      }
      return { message: 'Account register successfully deleted' as const, accountRegisterId: row.id };
    },
  }),
};
