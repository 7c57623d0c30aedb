import { z } from 'zod';
import { chargeSchema, pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { badRequest, unknownRecord } from '../errors';
import { newLocationId, newObjectId, newTransactionId } from '../ids';
import { validateOverdueTerms } from '../money/overdue-terms';
import { emptyPage, pageOf, pageQuery } from '../pagination';
import { idParams, rfc3339 } from '../validation';
import { findCustomerIdByCorrelationId, resolveChargeCustomer } from '../customers/charge-customer';
import { boletoIssueProblem } from '../boletos/charge-boleto';
import { claimPaymentLink, newServicePaymentLink } from '../payment-links/payment-links';
import { paymentLinkRepo } from '../payment-links/payment-link-repo';
import { chargeBrCode, isSharedLocationCode } from './charge-brcode';
import {
  chargeCreateBody,
  chargeCreateQuery,
  chargeExpirationBody,
  chargeListQuery,
  type ChargeCreateInput,
} from './charge-input';
import type { ChargeRow } from './charge-repo';
import { chargeRepo } from './charge-repo-instance';
import { scheduleCharge } from './charge-schedule';
import { checkChargeSplits } from '../subaccounts/charge-splits';
import { serializeCharge, type ChargeOptions } from './charge-serializer';

export { chargeRepo };

export const CHARGE_EVENTS = {
  created: 'OPENPIX:CHARGE_CREATED',
  expired: 'OPENPIX:CHARGE_EXPIRED',
  deleted: 'CHARGE_DELETED',
  expirationChanged: 'CHARGE_EXPIRATION_UPDATED',
} as const;

const listFilterQuery = chargeListQuery.extend({
  ...pageQuery.shape,
  start: rfc3339.optional(),
  end: rfc3339.optional(),
});

/** Looks a charge up by any of its ids within the caller's company; another company's charge is "not found". */
export function requireCharge(ctx: OperationContext, id: string): ChargeRow {
  const row = chargeRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!row) throw unknownRecord('Charge not found');
  return row;
}

function chargeJson(ctx: OperationContext, row: ChargeRow) {
  return serializeCharge(row, ctx, ctx.now);
}

export interface CreatedCharge {
  row: ChargeRow;
  /** The charge as answered and as its CHARGE_CREATED event carries it: serialized once. */
  json: ReturnType<typeof chargeJson>;
}

/**
 * Creates a charge as POST /api/v1/charge does (its CHARGE_CREATED event included). A
 * subscription's installments come through here too, naming their subscription.
 *
 * The caller owns the transaction, and its rollback unit: the single writer's savepoint for a
 * request, asReceiver's for an installment. A savepoint of its own here would only double the
 * sub-journal's copies of every page the insert touches.
 */
export function createCharge(
  ctx: OperationContext,
  input: ChargeCreateInput,
  subscriptionId: string | null = null,
): CreatedCharge {
  if (!ctx.db.inTransaction) throw new Error('createCharge outside a transaction');
  const { company, account } = ctx.tenant;
  const repo = chargeRepo(ctx.db);
  const schedule = scheduleCharge(input, ctx.now);
  if (input.type === 'BOLETO') {
    const problem = boletoIssueProblem(input.value, schedule.dueDate!, ctx.now);
    if (problem) throw badRequest(problem);
  }
  const discount = input.discount ?? input.discountSettings;
  if (input.type === 'OVERDUE') {
    const errors = validateOverdueTerms({
      value: input.value,
      createdAt: ctx.now,
      dueDate: schedule.dueDate!,
      daysAfterDueDate: schedule.daysAfterDueDate ?? 0,
      interests: input.interests,
      fines: input.fines,
      discount,
    });
    if (errors.length > 0) throw badRequest(errors.join('; '));
  }
  const pixKey = ctx.tenancy.defaultPixKey(account.id);
  if (!pixKey) throw badRequest('The account has no Pix key to receive charges');
  // A split names a subaccount or an account of the company's own (another company's is unknown here).
  checkChargeSplits(ctx, input.splits);

  // Without a paymentLinkID of the caller's, the service's own: its link's public id as a UUID.
  const serviceLink = input.paymentLinkID === undefined ? newServicePaymentLink() : undefined;
  const paymentLinkId = input.paymentLinkID ?? serviceLink!.paymentLinkId;
  // A fixed location keeps the QR of a payment link the same across its charges, so a printed
  // code at the counter keeps working: the location always serves its newest charge. Only a
  // dynamic code without an amount can be shared so; a static fallback code carries one charge's
  // amount and txid, so then every charge gets a code of its own.
  const fixed = input.fixedLocation === true && input.paymentLinkID !== undefined;
  const shared = fixed ? sharedLocation(ctx, company.id, paymentLinkId) : undefined;
  const transactionId = newTransactionId();
  const identifier = transactionId.slice(0, 25);
  const locationId = shared?.location_id ?? newLocationId();
  const isDueDate = input.type === 'OVERDUE';
  const brCode =
    shared?.br_code ??
    chargeBrCode({
      publicBaseUrl: ctx.config.publicBaseUrl,
      locationId,
      dueDate: isDueDate,
      merchantName: company.merchant_name,
      merchantCity: company.merchant_city,
      pixKey: pixKey.key,
      value: input.value,
      identifier,
      comment: input.comment,
      fixedLocation: input.fixedLocation === true,
    });
  const options: ChargeOptions = {};
  if (input.ensureSameTaxID !== undefined) options.ensureSameTaxID = input.ensureSameTaxID;
  if (input.fixedLocation !== undefined) options.fixedLocation = input.fixedLocation;
  if (input.enableCashbackPercentage !== undefined) options.enableCashbackPercentage = input.enableCashbackPercentage;
  if (input.enableCashbackExclusivePercentage !== undefined) {
    options.enableCashbackExclusivePercentage = input.enableCashbackExclusivePercentage;
  }
  if (input.subaccount !== undefined) options.subaccount = input.subaccount;
  if (input.splits !== undefined) options.splits = input.splits;
  const at = ctx.now.toISOString();

  // First use of the link gives it its public id; a static QR code's link is refused (400).
  const link = claimPaymentLink(ctx.db, company.id, paymentLinkId, 'CHARGE', at, serviceLink?.publicId);
  const customer = input.customer ? resolveChargeCustomer(ctx, input.customer) : null;
  const row: ChargeRow = {
    id: newObjectId(),
    company_id: company.id,
    account_id: account.id,
    correlation_id: input.correlationID,
    transaction_id: transactionId,
    identifier,
    payment_link_id: paymentLinkId,
    location_id: locationId,
    type: input.type,
    status: 'ACTIVE',
    value: input.value,
    comment: input.comment ?? null,
    customer_id: customer?.customerId ?? null,
    customer: customer ? JSON.stringify(customer.snapshot) : null,
    br_code: brCode,
    pix_key: pixKey.key,
    expires_in: schedule.expiresIn,
    expires_at: schedule.expiresAt.toISOString(),
    due_date: schedule.dueDate?.toISOString() ?? null,
    days_for_due_date: schedule.daysForDueDate,
    days_after_due_date: schedule.daysAfterDueDate,
    interests: isDueDate && input.interests ? JSON.stringify(input.interests) : null,
    fines: isDueDate && input.fines ? JSON.stringify(input.fines) : null,
    discount: isDueDate && discount ? JSON.stringify(discount) : null,
    additional_info: JSON.stringify(input.additionalInfo ?? []),
    options: JSON.stringify(options),
    subscription_id: subscriptionId,
    paid_at: null,
    paid_value: null,
    payer: null,
    created_at: at,
    updated_at: at,
    payment_link_public_id: link.public_id,
  };
  repo.insert(row);
  // The link keeps its first shareable code, so the code outlives the charges that share it.
  if (fixed && !link.fixed_location_id && isSharedLocationCode(brCode))
    paymentLinkRepo(ctx.db).setFixedLocation(company.id, paymentLinkId, locationId, brCode);
  const json = chargeJson(ctx, row);
  ctx.emit(CHARGE_EVENTS.created, { charge: json });
  return { row, json };
}

/**
 * The location and code a new fixedLocation charge of this link shares: the link's own (kept
 * since its first such charge, migration 017), else, for a link stored before the link kept one,
 * the newest fixedLocation charge's; only a shareable code (isSharedLocationCode). Undefined: the
 * charge gets a new code.
 */
function sharedLocation(
  ctx: OperationContext,
  companyId: string,
  paymentLinkId: string,
): { location_id: string; br_code: string } | undefined {
  const link = paymentLinkRepo(ctx.db).find(companyId, paymentLinkId);
  if (link?.fixed_location_id && link.fixed_br_code && isSharedLocationCode(link.fixed_br_code))
    return { location_id: link.fixed_location_id, br_code: link.fixed_br_code };
  const previous = chargeRepo(ctx.db).findFixedLocationCharge(companyId, paymentLinkId);
  return previous && isSharedLocationCode(previous.br_code) ? previous : undefined;
}

const chargeBody = z.strictObject({ charge: chargeSchema });
const chargeCreated = z.strictObject({ charge: chargeSchema, correlationID: z.string(), brCode: z.string() });

export const chargeOperations = {
  createCharge: operation({
    method: 'POST',
    paths: ['/api/v1/charge'],
    scope: 'CHARGE_POST',
    access: 'write',
    status: 200,
    summary: 'Create a Pix charge; return_existing=true answers an existing correlationID with its charge',
    request: { query: chargeCreateQuery, body: chargeCreateBody },
    response: chargeCreated,
    handler(ctx, { query, body: input }) {
      const existing = chargeRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, input.correlationID);
      if (existing) {
        if (!query.return_existing) {
          throw badRequest(
            `A charge with correlationID ${input.correlationID} already exists; send return_existing=true to get it back`,
          );
        }
        const charge = chargeJson(ctx, existing);
        return { charge, correlationID: charge.correlationID, brCode: charge.brCode };
      }
      const { json: charge } = createCharge(ctx, input);
      return { charge, correlationID: charge.correlationID, brCode: charge.brCode };
    },
  }),

  getCharge: operation({
    method: 'GET',
    paths: ['/api/v1/charge/:id'],
    scope: 'CHARGE_GET',
    access: 'read',
    status: 200,
    summary: 'Get a charge by its id or correlationID',
    request: { params: idParams },
    response: chargeBody,
    handler: (ctx, { params }) => ({ charge: chargeJson(ctx, requireCharge(ctx, params.id)) }),
  }),

  listCharges: operation({
    method: 'GET',
    paths: ['/api/v1/charge'],
    scope: 'CHARGE_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'List charges, newest first, filtered by time, status, customer or subscription',
    request: { query: listFilterQuery },
    response: z.strictObject({ pageInfo: pageInfoSchema, charges: z.array(chargeSchema) }),
    handler(ctx, { query }) {
      const companyId = ctx.tenant.company.id;
      let customerId: string | undefined;
      if (query.customer !== undefined) {
        const found = findCustomerIdByCorrelationId(ctx.db, companyId, query.customer);
        // An unknown customer matches no charge: an empty page, not an error.
        if (!found) return { pageInfo: emptyPage(query).pageInfo, charges: [] };
        customerId = found;
      }
      const repo = chargeRepo(ctx.db);
      const filter = {
        status: query.status,
        customerId,
        subscription: query.subscription,
        start: query.start,
        end: query.end,
      };
      const rows = repo.list(companyId, filter, query.skip, query.limit);
      const { items, pageInfo } = pageOf(rows, query, () => repo.count(companyId, filter));
      return { pageInfo, charges: items.map((row) => chargeJson(ctx, row)) };
    },
  }),

  deleteCharge: operation({
    method: 'DELETE',
    paths: ['/api/v1/charge/:id'],
    scope: 'CHARGE_DELETE',
    access: 'write',
    status: 200,
    summary: 'Delete an unpaid charge',
    request: { params: idParams },
    response: z.strictObject({ status: z.literal('OK'), id: z.string() }),
    handler(ctx, { params: { id } }) {
      const row = requireCharge(ctx, id);
      if (row.status === 'COMPLETED') throw badRequest('A paid charge cannot be deleted; refund it instead');
      ctx.db.transaction(() => {
        ctx.emit(CHARGE_EVENTS.deleted, { charge: chargeJson(ctx, row) });
        chargeRepo(ctx.db).delete(row.company_id, row.id);
      })();
      return { status: 'OK' as const, id };
    },
  }),

  updateChargeExpiration: operation({
    method: 'PATCH',
    paths: ['/api/v1/charge/:id'],
    scope: 'CHARGE_PATCH',
    access: 'write',
    status: 200,
    summary: 'Re-date a charge (expiresDate at least 5 minutes ahead)',
    request: { params: idParams, body: chargeExpirationBody },
    response: chargeBody,
    handler(ctx, { params, body }) {
      const row = requireCharge(ctx, params.id);
      if (row.status === 'COMPLETED') throw badRequest('A paid charge cannot be re-dated');
      const expiresAt = new Date(body.expiresDate);
      if (expiresAt.getTime() - ctx.now.getTime() < 300_000) {
        throw badRequest('expiresDate must be at least 5 minutes in the future');
      }
      const createdAt = new Date(row.created_at);
      const expiresIn = Math.round((expiresAt.getTime() - createdAt.getTime()) / 1000);
      const at = ctx.now.toISOString();
      const updated = ctx.db.transaction(() => {
        // Re-dating an expired charge brings it back: the integrator extends it on purpose.
        chargeRepo(ctx.db).updateExpiration(row.company_id, row.id, expiresAt.toISOString(), expiresIn, 'ACTIVE', at);
        const fresh = chargeRepo(ctx.db).findById(row.company_id, row.id)!;
        ctx.emit(CHARGE_EVENTS.expirationChanged, { charge: chargeJson(ctx, fresh) });
        return fresh;
      })();
      return { charge: chargeJson(ctx, updated) };
    },
  }),
};
