import { chargeRepo } from '../charges/charge-repo-instance';
import type { ChargeRow } from '../charges/charge-repo';
import type { HandlerTable, OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { parsePage, pageOf } from '../pagination';
import { transactionRepo } from '../transactions/transaction-repo';
import { objectBody, parseInput, pathId } from '../validation';
import { createRefund } from './create-refund';
import { chargeRefundCreateBody, refundCreateBody } from './refund-input';
import { refundRepo } from './refund-repo';
import { serializeChargeRefund, serializePixTransactionRefund } from './refund-serializer';

function requireCharge(ctx: OperationContext, id: string): ChargeRow {
  const row = chargeRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!row) throw unknownRecord('Charge not found');
  return row;
}

export const refundHandlers: HandlerTable<'createRefund' | 'getRefund' | 'listRefunds' | 'listChargeRefunds' | 'createChargeRefund'> = {
  createRefund(ctx, request) {
    const input = parseInput(refundCreateBody, objectBody(request.body));
    // The transaction is named in the body, so an unknown one is a bad body (400), like the real service answers.
    const payment = transactionRepo(ctx.db).findByAnyId(ctx.tenant.company.id, input.transactionEndToEndId);
    if (!payment) throw badRequest('Transaction not found');
    const refund = createRefund(
      ctx,
      payment,
      { correlationID: input.correlationID, value: input.value, comment: input.comment },
      { transactionId: payment.id },
    );
    return { refund: serializePixTransactionRefund(refund) };
  },

  createChargeRefund(ctx, request) {
    const charge = requireCharge(ctx, pathId(request.params));
    const input = parseInput(chargeRefundCreateBody, objectBody(request.body));
    if (charge.status !== 'COMPLETED') throw badRequest('Only a paid (COMPLETED) charge can be refunded');
    const payment = transactionRepo(ctx.db).findChargePayment(charge.company_id, charge.id);
    if (!payment) throw badRequest('The charge has no payment to refund');
    const refund = createRefund(ctx, payment, input, { chargeId: charge.id });
    return { refund: serializeChargeRefund(refund) };
  },

  listChargeRefunds(ctx, request) {
    const charge = requireCharge(ctx, pathId(request.params));
    const page = parsePage(request.query);
    const rows = refundRepo(ctx.db).listByCharge(charge.company_id, charge.id, page.skip, page.limit);
    const { items, pageInfo } = pageOf(rows, page);
    return { pageInfo, refunds: items.map(serializeChargeRefund) };
  },

  getRefund(ctx, request) {
    const refund = refundRepo(ctx.db).findByAnyId(ctx.tenant.company.id, pathId(request.params));
    if (!refund) throw unknownRecord('Refund not found');
    return { pixTransactionRefund: serializePixTransactionRefund(refund) };
  },

  listRefunds(ctx, request) {
    const page = parsePage(request.query);
    const rows = refundRepo(ctx.db).list(ctx.tenant.company.id, page.skip, page.limit);
    const { items, pageInfo } = pageOf(rows, page);
    return { pageInfo, refunds: items.map(serializePixTransactionRefund) };
  },
};
