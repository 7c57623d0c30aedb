import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import { saoPauloDate, saoPauloInstant } from '#shared/lib/sao-paulo-time';
import type { OperationContext } from '../context';
import { badRequest, notFound } from '../errors';
import { newObjectId, newUuid, toGlobalId } from '../ids';
import { operation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { idParams, positiveCents } from '../validation';
import { resolveChargeCustomer } from '../customers/charge-customer';
import { customerRepo } from '../customers/customer-repo';
import { claimPaymentLink } from '../payment-links/payment-links';
import { acceptsDynamicValue } from './installment-cobr';
import { SUBSCRIPTION_EVENTS } from './subscription-installments';
import { canonicalRequest, subscriptionCreateBody, type SubscriptionCreateInput } from './subscription-input';
import { SUBSCRIPTION_GLOBAL_TYPE, subscriptionRepo, type SubscriptionRow } from './subscription-repo';
import { planByDateTime, planByDayOfMonth, type SubscriptionPlan } from './subscription-schedule';
import {
  serializeSubscription,
  subscriptionCustomer,
  subscriptionSchema,
  type Subscription,
} from './subscription-serializer';

// Subscriptions (remote-api-notes §2.2, §6.6): create, get by globalID or correlationID, list,
// cancel, and the value of its next installments. Their charges are generated on the clock by
// subscription-charge-sweeper.ts; their installments are served by installment-handlers.ts.

function json(ctx: OperationContext, row: SubscriptionRow): Subscription {
  return serializeSubscription(row, ctx);
}

/**
 * The company's subscription by globalID or correlationID. Unknown and another company's are the
 * same 404: a subscription has no row in the spec's error table, so the brief's 404 for a record
 * out of reach applies (as for the newer resources, funds recovery and Pix keys).
 */
export function requireSubscription(ctx: OperationContext, id: string): SubscriptionRow {
  const row = subscriptionRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!row) throw notFound('Subscription not found');
  return row;
}

/** When the first installment is generated; a first date before today is refused. */
function planFor(input: SubscriptionCreateInput, now: Date): SubscriptionPlan {
  if (typeof input.dayGenerateCharge === 'number')
    return planByDayOfMonth(input.frequency, input.dayGenerateCharge, now);
  const first = new Date(input.dayGenerateCharge);
  if (first < saoPauloInstant(saoPauloDate(now))) throw badRequest('dayGenerateCharge must not be a date in the past');
  return planByDateTime(input.frequency, first);
}

function createSubscription(ctx: OperationContext, input: SubscriptionCreateInput, request: string): SubscriptionRow {
  const { company, account } = ctx.tenant;
  // Checked now rather than at the first generation: a subscription that can never charge is a mistake to refuse.
  if (!ctx.tenancy.defaultPixKey(account.id)) throw badRequest('The account has no Pix key to receive charges');
  const plan = planFor(input, ctx.now);
  const at = ctx.now.toISOString();
  const id = newObjectId();
  const paymentLinkId = newUuid();
  return ctx.db.transaction(() => {
    const resolved = resolveChargeCustomer(ctx, input.customer);
    const customer = customerRepo(ctx.db).findByCorrelationId(company.id, resolved.snapshot.correlationID!)!;
    // The subscription's page shows its newest installment: every generated charge joins this link.
    claimPaymentLink(ctx.db, company.id, paymentLinkId, 'CHARGE', at);
    const row: SubscriptionRow = {
      id,
      global_id: toGlobalId(SUBSCRIPTION_GLOBAL_TYPE, id),
      company_id: company.id,
      account_id: account.id,
      correlation_id: input.correlationID,
      customer_id: customer.id,
      customer: JSON.stringify(subscriptionCustomer(customer)),
      name: input.name ?? null,
      comment: input.comment ?? null,
      value: input.value,
      type: input.type,
      frequency: input.frequency,
      // The OpenAPI file: chargeType "only applies to type RECURRENT; it is ignored for Pix Automático".
      charge_type: input.type === 'RECURRENT' ? input.chargeType : 'DYNAMIC',
      day_generate_charge: plan.dayOfMonth,
      anchor_day: plan.anchorDay,
      first_generation_at: plan.firstGenerationAt.toISOString(),
      day_due: input.dayDue,
      installment_count: input.installmentCount ?? null,
      additional_info: JSON.stringify(input.additionalInfo ?? []),
      pix_recurring_options:
        input.type === 'PIX_RECURRING'
          ? JSON.stringify(input.pixRecurringOptions ?? { retryPolicy: 'NON_PERMITED', journey: 'ONLY_RECURRENCY' })
          : null,
      payment_link_id: paymentLinkId,
      status: 'ACTIVE',
      is_active: 1,
      generated_count: 0,
      next_generation_at: plan.firstGenerationAt.toISOString(),
      request,
      cancelled_at: null,
      created_at: at,
      updated_at: at,
    };
    subscriptionRepo(ctx.db).insert(row);
    ctx.emit(SUBSCRIPTION_EVENTS.created, { subscription: json(ctx, row) });
    return row;
  })();
}

const subscriptionBody = z.strictObject({ subscription: subscriptionSchema });

/**
 * PUT /subscriptions/{id}/value. The OpenAPI file shows no body (its samples send none); the
 * operation's name and summary say what it takes: the new `value`, in cents.
 */
const subscriptionValueBody = z.object(
  { value: positiveCents('value') },
  { error: 'body must be a JSON object with value (cents)' },
);

export const subscriptionOperations = {
  createSubscription: operation({
    method: 'POST',
    paths: ['/api/v1/subscriptions'],
    scope: 'SUBSCRIPTION_POST',
    access: 'write',
    status: 200,
    summary:
      'Create a subscription whose charges are generated on its days; a repeated correlationID with the same body answers the existing one',
    request: { body: subscriptionCreateBody },
    response: subscriptionBody,
    handler(ctx, { body }) {
      const request = canonicalRequest(body);
      const existing = subscriptionRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, body.correlationID);
      if (existing) {
        // Idempotent for a retry of the same request; a different body under the same id is a mistake, not a new subscription.
        if (existing.request !== request) {
          throw badRequest(
            `A subscription with correlationID ${body.correlationID} already exists with different data`,
          );
        }
        return { subscription: json(ctx, existing) };
      }
      return { subscription: json(ctx, createSubscription(ctx, body, request)) };
    },
  }),

  getSubscription: operation({
    method: 'GET',
    paths: ['/api/v1/subscriptions/:id'],
    scope: 'SUBSCRIPTION_GET',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'Get a subscription by its globalID or correlationID',
    request: { params: idParams },
    response: subscriptionBody,
    handler: (ctx, { params }) => ({ subscription: json(ctx, requireSubscription(ctx, params.id)) }),
  }),

  listSubscriptions: operation({
    method: 'GET',
    paths: ['/api/v1/subscriptions'],
    scope: 'SUBSCRIPTION_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'List subscriptions, newest first',
    request: { query: pageQuery },
    response: z.strictObject({ subscriptions: z.array(subscriptionSchema), pageInfo: pageInfoSchema }),
    handler(ctx, { query }) {
      const repo = subscriptionRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const { items, pageInfo } = pageOf(repo.list(companyId, query.skip, query.limit), query, () =>
        repo.count(companyId),
      );
      return { subscriptions: items.map((row) => json(ctx, row)), pageInfo };
    },
  }),

  /**
   * The value of the installments generated from now on ("only possible if pix automatic accepts
   * dynamic value": a PIX_RECURRING subscription created with pixRecurringOptions.minimumValue),
   * at least that minimum; installments already generated, and their cobrs, keep theirs. A
   * subscription that no longer generates installments is refused.
   */
  updateSubscriptionValue: operation({
    method: 'PUT',
    paths: ['/api/v1/subscriptions/:id/value'],
    scope: 'SUBSCRIPTION_VALUE_PUT',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Change the value of the next installments of a Pix Automático subscription with a dynamic value',
    request: { params: idParams, body: subscriptionValueBody },
    response: subscriptionBody,
    handler(ctx, { params, body }) {
      const row = requireSubscription(ctx, params.id);
      if (!acceptsDynamicValue(row)) {
        throw badRequest(
          'The value can only change where the Pix Automático accepts a dynamic value (type PIX_RECURRING with pixRecurringOptions.minimumValue)',
        );
      }
      if (row.is_active === 0) throw badRequest(`The subscription is no longer active (${row.status})`);
      const minimum = (JSON.parse(row.pix_recurring_options!) as { minimumValue: number }).minimumValue;
      if (body.value < minimum) throw badRequest(`value must be at least the minimumValue (${minimum} cents)`);
      return ctx.db.transaction(() => {
        const repo = subscriptionRepo(ctx.db);
        repo.updateValue(row.id, body.value, ctx.now.toISOString());
        return { subscription: json(ctx, repo.findById(row.company_id, row.id)!) };
      })();
    },
  }),

  /**
   * Cancels: no charge is generated from then on (isActive false, status EXPIRED: the record's
   * status has no CANCELED, and pixRecurringOptions.status says CANCELED). Charges already
   * generated stay payable until they expire. Cancelling again answers the same record; a
   * subscription that completed its installments, or ended with its account, cannot be cancelled (400).
   */
  cancelSubscription: operation({
    method: 'PUT',
    paths: ['/api/v1/subscriptions/:id/cancel'],
    scope: 'SUBSCRIPTION_CANCEL_PUT',
    access: 'write',
    status: 200,
    errors: [404],
    summary: 'Cancel a subscription: no more charges are generated',
    request: { params: idParams },
    response: subscriptionBody,
    handler(ctx, { params }) {
      const row = requireSubscription(ctx, params.id);
      if (row.cancelled_at !== null) return { subscription: json(ctx, row) };
      if (row.is_active === 0) throw badRequest(`The subscription is no longer active (${row.status})`);
      const at = ctx.now.toISOString();
      return ctx.db.transaction(() => {
        const repo = subscriptionRepo(ctx.db);
        repo.end(row.id, 'EXPIRED', at, at);
        const subscription = json(ctx, repo.findById(row.company_id, row.id)!);
        ctx.emit(SUBSCRIPTION_EVENTS.cancelled, { subscription });
        return { subscription };
      })();
    },
  }),
};
