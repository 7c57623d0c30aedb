import { z } from 'zod';
import { chargeRefundSchema, pageInfoSchema, pixTransactionRefundSchema } from '#shared/service/resources';
import { chargeRepo } from '../charges/charge-repo-instance';
import type { ChargeRow } from '../charges/charge-repo';
import type { OperationContext } from '../context';
import { operation } from '../operation';
import { badRequest, unknownRecord } from '../errors';
import { pageOf, pageQuery } from '../pagination';
import { transactionRepo } from '../transactions/transaction-repo';
import { idParams } from '../validation';
import { createRefund } from './create-refund';
import { chargeRefundCreateBody, refundCreateBody } from './refund-input';
import { refundRepo, type RefundView } from './refund-repo';
import { serializeChargeRefund, serializePixTransactionRefund } from './refund-serializer';

function requireCharge(ctx: OperationContext, id: string): ChargeRow {
  const row = chargeRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!row) throw unknownRecord('Charge not found');
  return row;
}

const chargeRefundBody = z.strictObject({ refund: chargeRefundSchema });
/**
 * One refund of /api/v1/refund, under both names clients read: the OpenAPI file writes
 * `{refund}` and WHMCS reads `refund.status`; the spec, and the Java/Kotlin SDK's RefundResponse
 * (for GET and POST alike), read `{pixTransactionRefund}`. The same object twice.
 */
const pixTransactionRefundBody = z.strictObject({
  refund: pixTransactionRefundSchema,
  pixTransactionRefund: pixTransactionRefundSchema,
});
const bothNames = (refund: RefundView) => {
  const serialized = serializePixTransactionRefund(refund);
  return { refund: serialized, pixTransactionRefund: serialized };
};
const refundPage = <T extends z.ZodType>(item: T) =>
  z.strictObject({ pageInfo: pageInfoSchema, refunds: z.array(item) });

export const refundOperations = {
  createRefund: operation({
    method: 'POST',
    paths: ['/api/v1/refund'],
    scope: 'REFUND_POST',
    access: 'write',
    status: 200,
    summary: 'Refund a received Pix, whole or in part, by its end-to-end id',
    request: { body: refundCreateBody },
    response: pixTransactionRefundBody,
    handler(ctx, { body: input }) {
      // The transaction is named in the body, so an unknown one is a bad body (400), like the real service answers.
      const payment = transactionRepo(ctx.db).findByAnyId(ctx.tenant.company.id, input.transactionEndToEndId);
      if (!payment) throw badRequest('Transaction not found');
      const refund = createRefund(
        ctx,
        payment,
        { correlationID: input.correlationID, value: input.value, comment: input.comment },
        { transactionId: payment.id },
      );
      return bothNames(refund);
    },
  }),

  createChargeRefund: operation({
    method: 'POST',
    paths: ['/api/v1/charge/:id/refund'],
    scope: 'CHARGE_REFUND_POST',
    access: 'write',
    status: 200,
    summary: 'Refund a paid charge, whole or in part',
    request: { params: idParams, body: chargeRefundCreateBody },
    response: chargeRefundBody,
    handler(ctx, { params, body: input }) {
      const charge = requireCharge(ctx, params.id);
      if (charge.status !== 'COMPLETED') throw badRequest('Only a paid (COMPLETED) charge can be refunded');
      const payment = transactionRepo(ctx.db).findChargePayment(charge.company_id, charge.id);
      if (!payment) throw badRequest('The charge has no payment to refund');
      const refund = createRefund(ctx, payment, input, { chargeId: charge.id });
      return { refund: serializeChargeRefund(refund) };
    },
  }),

  listChargeRefunds: operation({
    method: 'GET',
    paths: ['/api/v1/charge/:id/refund'],
    scope: 'CHARGE_REFUND_GET_LIST',
    access: 'read',
    status: 200,
    summary: "List a charge's refunds",
    request: { params: idParams, query: pageQuery },
    response: refundPage(chargeRefundSchema),
    handler(ctx, { params, query }) {
      const charge = requireCharge(ctx, params.id);
      const repo = refundRepo(ctx.db);
      const rows = repo.listByCharge(charge.company_id, charge.id, query.skip, query.limit);
      const { items, pageInfo } = pageOf(rows, query, () => repo.count(charge.company_id, charge.id));
      return { pageInfo, refunds: items.map(serializeChargeRefund) };
    },
  }),

  getRefund: operation({
    method: 'GET',
    paths: ['/api/v1/refund/:id'],
    scope: 'REFUND_GET',
    access: 'read',
    status: 200,
    summary: 'Get a refund by its id or correlationID',
    request: { params: idParams },
    response: pixTransactionRefundBody,
    handler(ctx, { params }) {
      // WHMCS asks for a candidate id first: an {error} answer tells it the id is free.
      const refund = refundRepo(ctx.db).findByAnyId(ctx.tenant.company.id, params.id);
      if (!refund) throw unknownRecord('Refund not found');
      return bothNames(refund);
    },
  }),

  listRefunds: operation({
    method: 'GET',
    paths: ['/api/v1/refund'],
    scope: 'REFUND_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'List refunds',
    request: { query: pageQuery },
    response: refundPage(pixTransactionRefundSchema),
    handler(ctx, { query }) {
      const repo = refundRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const { items, pageInfo } = pageOf(repo.list(companyId, query.skip, query.limit), query, () =>
        repo.count(companyId),
      );
      return { pageInfo, refunds: items.map(serializePixTransactionRefund) };
    },
  }),
};
