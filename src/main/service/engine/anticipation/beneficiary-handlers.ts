import { z } from 'zod';
import type { OperationContext } from '../context';
import { badRequest, notFound, ServiceError } from '../errors';
import { newObjectId } from '../ids';
import { operation } from '../operation';
import {
  balanceBatchBody,
  beneficiaryCreateBody,
  beneficiaryCreateQuery,
  beneficiaryParams,
  payoutKey,
  type BeneficiaryCreateInput,
} from './anticipation-input';
import { repayOverdue } from './anticipation-payout';
import { anticipationRepo, type BeneficiaryRow, type BeneficiarySettings } from './anticipation-repo';
import { beneficiarySchema, serializeBeneficiary } from './anticipation-serializer';

// Anticipation beneficiaries: the people (payroll) a company lets ask for an advance of what they
// are due, registered by payout key (CPF or CNPJ). The company keeps their balances in step with
// its payroll (create, then the nightly balance batch) and may deactivate one, which blocks new
// requests (anticipation-simulator.ts refuses them).

const beneficiaryAnswer = z.strictObject({ beneficiary: beneficiarySchema });

/** The company's beneficiary with this payout key; another company's answers like an unknown one. */
function requireBeneficiary(ctx: OperationContext, taxId: string): BeneficiaryRow {
  const row = anticipationRepo(ctx.db).beneficiaryByTaxId(ctx.tenant.company.id, taxId);
  if (!row) throw notFound('Beneficiary not found');
  return row;
}

/** A fee destination must be one of the caller's own accounts: no company names another's. */
function assertOwnAccount(ctx: OperationContext, accountId: string | null | undefined): void {
  if (accountId == null) return;
  const account = ctx.tenancy.account(accountId);
  if (!account || account.company_id !== ctx.tenant.company.id) {
    throw badRequest('feeDestinationAccountId is not an account of this company');
  }
}

function newBeneficiary(ctx: OperationContext, body: BeneficiaryCreateInput): BeneficiaryRow {
  const at = ctx.now.toISOString();
  const settings: BeneficiarySettings = {};
  if (body.feeDestinationAccountId != null) settings.feeDestinationAccountId = body.feeDestinationAccountId;
  if (body.paymentDaysOverride != null)
    settings.paymentDaysOverride = [...new Set(body.paymentDaysOverride)].sort((a, b) => a - b);
  if (body.frequencyOverride != null) settings.frequencyOverride = body.frequencyOverride;
  return {
    id: newObjectId(),
    company_id: ctx.tenant.company.id,
    tax_id: body.taxID.taxID,
    tax_id_type: body.taxID.type,
    name: body.name,
    cpf: body.cpf ?? null,
    notify_email: body.notifyEmail ?? null,
    notify_phone: body.notifyPhone ?? null,
    available_amount: body.availableAmount ?? null,
    // Not nullable in the answer: a beneficiary registered without a limit may advance nothing
    // until the company sets one.
    max_advanceable_amount: body.maxAdvanceableAmount ?? 0,
    is_active: 1,
    auto_approve: body.autoApprove == null ? null : body.autoApprove ? 1 : 0,
    settings: JSON.stringify(settings),
    correlation_id: body.correlationID ?? null,
    created_at: at,
    updated_at: at,
  };
}

function setActive(ctx: OperationContext, taxId: string, active: boolean) {
  const repo = anticipationRepo(ctx.db);
  const row = requireBeneficiary(ctx, taxId);
  if ((row.is_active === 1) !== active) repo.setActive(ctx.tenant.company.id, row.id, active, ctx.now.toISOString());
  return { beneficiary: serializeBeneficiary(requireBeneficiary(ctx, taxId)) };
}

const batchItemResult = z.strictObject({ taxID: z.string(), ok: z.boolean(), error: z.string().optional() });

export const beneficiaryOperations = {
  createAnticipationBeneficiary: operation({
    method: 'POST',
    paths: ['/api/v1/anticipation/beneficiary'],
    scope: 'ANTICIPATION_BENEFICIARY_POST',
    access: 'write',
    // The document answers 200 for a new beneficiary and for the existing one alike.
    status: 200,
    errors: [409],
    summary:
      'Register an anticipation beneficiary by payout key (CPF/CNPJ); ?return_existing=true answers an existing one',
    request: { query: beneficiaryCreateQuery, body: beneficiaryCreateBody },
    response: z.strictObject({ beneficiary: beneficiarySchema, correlationID: z.string().nullable() }),
    handler(ctx, { query, body }) {
      const repo = anticipationRepo(ctx.db);
      const existing = repo.beneficiaryByTaxId(ctx.tenant.company.id, body.taxID.taxID);
      const correlationID = body.correlationID ?? null;
      if (existing) {
        if (query.return_existing) return { beneficiary: serializeBeneficiary(existing), correlationID };
        throw new ServiceError(409, `A beneficiary with taxID ${body.taxID.taxID} already exists`);
      }
      assertOwnAccount(ctx, body.feeDestinationAccountId);
      const row = newBeneficiary(ctx, body);
      repo.insertBeneficiary(row);
      return { beneficiary: serializeBeneficiary(row), correlationID };
    },
  }),

  activateAnticipationBeneficiary: operation({
    method: 'POST',
    paths: ['/api/v1/anticipation/beneficiary/:taxID/activate'],
    scope: 'ANTICIPATION_BENEFICIARY_POST',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Reactivate an anticipation beneficiary (idempotent)',
    request: { params: beneficiaryParams },
    response: beneficiaryAnswer,
    handler: (ctx, { params }) => setActive(ctx, params.taxID.taxID, true),
  }),

  deactivateAnticipationBeneficiary: operation({
    method: 'POST',
    paths: ['/api/v1/anticipation/beneficiary/:taxID/deactivate'],
    scope: 'ANTICIPATION_BENEFICIARY_POST',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Deactivate an anticipation beneficiary: no new requests (idempotent)',
    request: { params: beneficiaryParams },
    response: beneficiaryAnswer,
    handler: (ctx, { params }) => setActive(ctx, params.taxID.taxID, false),
  }),

  /**
   * Absolute values, so sending the same batch again changes nothing (the nightly sync may be
   * retried): an OVERDUE advance the new availableAmount covers is PAID the first time, and stays so. Items apply in order: a taxID twice in one batch ends with its last values.
   */
  syncAnticipationBalances: operation({
    method: 'POST',
    paths: ['/api/v1/anticipation/balance/batch'],
    scope: 'ANTICIPATION_BALANCE_POST',
    access: 'write',
    status: 200,
    summary: "Set beneficiaries' availableAmount and maxAdvanceableAmount (up to 1000), with a per-item report",
    request: { body: balanceBatchBody },
    response: z.strictObject({
      processed: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      results: z.array(batchItemResult),
    }),
    handler(ctx, { body }) {
      const repo = anticipationRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const at = ctx.now.toISOString();
      const results = body.items.map((item): z.input<typeof batchItemResult> => {
        const key = payoutKey.safeParse(item.taxID);
        if (!key.success) return { taxID: item.taxID, ok: false, error: 'taxID is not a valid CPF or CNPJ' };
        if (item.maxAdvanceableAmount > item.availableAmount) {
          return { taxID: item.taxID, ok: false, error: 'maxAdvanceableAmount cannot exceed availableAmount' };
        }
        const row = repo.beneficiaryByTaxId(companyId, key.data.taxID);
        if (!row) return { taxID: item.taxID, ok: false, error: 'Beneficiary not found' };
        repo.setBalance(companyId, row.id, item.availableAmount, item.maxAdvanceableAmount, at);
        // Receivables that now cover an overdue advance repay it (anticipation-payout.ts).
        repayOverdue(ctx.db, companyId, row.id, at);
        return { taxID: item.taxID, ok: true };
      });
      const succeeded = results.filter((result) => result.ok).length;
      return { processed: results.length, succeeded, failed: results.length - succeeded, results };
    },
  }),
};
