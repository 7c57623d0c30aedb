import { addDays, type CalendarDay } from '#shared/lib/calendar-day';
import { saoPauloDate, saoPauloInstant } from '#shared/lib/sao-paulo-time';
import type { OperationContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { newObjectId } from '../ids';
import { operation } from '../operation';
import { assertSandbox } from '../sandbox/sandbox-handlers';
import { simulateRequestBody } from './anticipation-input';
import { approveRequest } from './anticipation-payout';
import {
  anticipationRepo,
  type AnticipationRow,
  type BeneficiaryRow,
  type BeneficiarySettings,
} from './anticipation-repo';
import { anticipationSchema, serializeAnticipation } from './anticipation-serializer';
import { z } from 'zod';

// The sandbox's stand-in for the beneficiary's app. The published API has no operation that
// creates an anticipation request (they come from the beneficiary, in Woovi's app), so an
// integrator could never see one to approve. POST /openpix/testing/anticipation is ours, beside
// the other sandbox simulators under /openpix/testing, and named as ours in the docs: it asks for
// an advance as the beneficiary would, under the rules the document gives the company's side
// (an inactive beneficiary cannot ask; a request holds part of the advanceable limit until it is
// rejected; the per-beneficiary frequency window and auto-approval apply). An auto-approved request
// is approved as POST /api/v1/anticipation/{id}/approve would (anticipation-payout.ts): its netAmount
// is held on the caller's account; when the available balance does not cover it, the request stays
// PENDING for the company to approve once funded.

/**
 * The sandbox's fee: the document's own example (feeMode PERCENTAGE, monthlyFeePercentage 7,
 * feeAmount 7000 on 100000 requested), charged as a flat share of the amount, as that example
 * does for its 7 days.
 */
export const SANDBOX_MONTHLY_FEE_PERCENTAGE = 7;
/** Days until the advance is repaid when the beneficiary has no payment days of its own: the example's 7. */
export const SANDBOX_DAYS_UNTIL_DUE = 7;

/** The next of the beneficiary's payment days (of the month) after `today`, in days; undefined without any. */
function daysToNextPaymentDay(settings: BeneficiarySettings, today: CalendarDay): number | undefined {
  const days = settings.paymentDaysOverride;
  if (!days || days.length === 0) return undefined;
  // Within 62 days every day of the month 1-31 occurs at least once.
  for (let n = 1; n <= 62; n++) if (days.includes(Number(addDays(today, n).slice(8, 10)))) return n;
  return undefined;
}

/** Refuses a request the beneficiary may not make now (422: a state, not the input, is wrong). */
function assertMayRequest(
  ctx: OperationContext,
  beneficiary: BeneficiaryRow,
  amount: number,
  settings: BeneficiarySettings,
) {
  if (beneficiary.is_active !== 1)
    throw unprocessable('The beneficiary is deactivated and cannot request anticipations');
  const repo = anticipationRepo(ctx.db);
  const remaining = beneficiary.max_advanceable_amount - repo.reserved(ctx.tenant.company.id, beneficiary.id);
  if (amount > remaining) {
    throw unprocessable(
      `requestedAmount ${amount} exceeds what the beneficiary may still advance (${Math.max(remaining, 0)} cents)`,
    );
  }
  const window = settings.frequencyOverride;
  if (window?.maxAdvances !== undefined && window.periodDays !== undefined) {
    const since = new Date(ctx.now.getTime() - window.periodDays * 86_400_000).toISOString();
    if (repo.countSince(ctx.tenant.company.id, beneficiary.id, since) >= window.maxAdvances) {
      throw unprocessable(`The beneficiary already made ${window.maxAdvances} requests in ${window.periodDays} days`);
    }
  }
}

export const anticipationSimulatorOperations = {
  simulateAnticipationRequest: operation({
    method: 'POST',
    paths: ['/openpix/testing/anticipation'],
    // Ours, like the other sandbox simulators: any valid AppID of a sandbox company.
    scope: null,
    access: 'write',
    status: 200,
    errors: [403, 404, 422],
    summary: "Sandbox (ours): a beneficiary's anticipation request, as their app would make it",
    request: { body: simulateRequestBody },
    response: z.strictObject({ anticipation: anticipationSchema }),
    handler(ctx, { body }) {
      assertSandbox(ctx);
      const repo = anticipationRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const beneficiary = repo.beneficiaryByTaxId(companyId, body.taxID.taxID);
      if (!beneficiary) throw notFound('Beneficiary not found');
      const settings = JSON.parse(beneficiary.settings) as BeneficiarySettings;
      assertMayRequest(ctx, beneficiary, body.requestedAmount, settings);
      const today = saoPauloDate(ctx.now);
      const daysUntilDue = body.daysUntilDue ?? daysToNextPaymentDay(settings, today) ?? SANDBOX_DAYS_UNTIL_DUE;
      const fee = Math.round((body.requestedAmount * SANDBOX_MONTHLY_FEE_PERCENTAGE) / 100);
      const at = ctx.now.toISOString();
      const row: AnticipationRow = {
        id: newObjectId(),
        company_id: companyId,
        beneficiary_id: beneficiary.id,
        beneficiary_tax_id: beneficiary.tax_id,
        status: 'PENDING',
        requested_amount: body.requestedAmount,
        fee_amount: fee,
        net_amount: body.requestedAmount - fee,
        fee_mode: 'PERCENTAGE',
        monthly_fee_percentage: SANDBOX_MONTHLY_FEE_PERCENTAGE,
        days_until_due: daysUntilDue,
        // Due at the start of the day in São Paulo, as the example's 03:00Z.
        due_date: saoPauloInstant(addDays(today, daysUntilDue)).toISOString(),
        approved_at: null,
        cancelled_at: null,
        cancel_reason: null,
        end_to_end_id: null,
        account_id: null,
        settles_at: null,
        transaction_id: null,
        failure_code: null,
        failure_reason: null,
        created_at: at,
        updated_at: at,
      };
      repo.insertRequest(row);
      // The company's auto-approval is not in the API; the beneficiary's override is.
      if (beneficiary.auto_approve === 1) approveRequest(ctx, row);
      return { anticipation: serializeAnticipation(repo.request(companyId, row.id)!) };
    },
  }),
};
