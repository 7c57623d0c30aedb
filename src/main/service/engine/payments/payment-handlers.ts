import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { badRequest, unknownRecord } from '../errors';
import { newObjectId } from '../ids';
import { operation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { findPixKeyCheck } from '../pix-keys/pix-key-checks';
import { idParams, rfc3339 } from '../validation';
import { approvePayment, NOT_ENOUGH_BALANCE_ON_APPROVE, PAYMENT_EVENTS } from './approve-payment';
import { paymentApproveBody, paymentCreateBody, type PaymentCreateInput } from './payment-input';
import { paymentRepo, type PaymentRow } from './payment-repo';
import { resolvePaymentRoute, type PaymentRoute } from './payment-route';
import { paymentSchema, paymentViewSchema, serializePayment } from './payment-serializer';
import { sourceParty } from './payment-source';

const DUPLICATE_CORRELATION_ID = 'Já existe um pagamento com o correlationID fornecido';

function view(ctx: OperationContext, row: PaymentRow) {
  return serializePayment(row, sourceParty(ctx.db, row.company_id, row.account_id));
}

function requirePayment(ctx: OperationContext, id: string): PaymentRow {
  const row = paymentRepo(ctx.db).findByAnyId(ctx.tenant.company.id, id);
  if (!row) throw unknownRecord('Payment not found');
  return row;
}

/** The value a payment moves: the request's, or the one its QR code or boleto fixes. */
function paymentValue(input: PaymentCreateInput, route: PaymentRoute): number {
  if (input.type === 'BOLETO') return route.fixedValue!;
  if (input.type === 'QR_CODE') {
    if (route.fixedValue !== undefined) {
      if (input.value !== undefined && input.value !== route.fixedValue) {
        throw badRequest(`value cannot override the amount the QR code fixes (${route.fixedValue} cents)`);
      }
      return route.fixedValue;
    }
    if (input.value === undefined) throw badRequest('value is required: the QR code has no fixed amount');
    return input.value;
  }
  return input.value;
}

/** A key check named by the payment must be this company's, and of the key being paid. */
function assertKeyCheck(ctx: OperationContext, input: PaymentCreateInput, route: PaymentRoute): void {
  if ((input.type !== 'PIX_KEY' && input.type !== 'MANUAL') || input.pixKeyEndToEndId === undefined) return;
  const check = findPixKeyCheck(ctx.db, ctx.tenant.company.id, input.pixKeyEndToEndId);
  if (!check) throw badRequest('pixKeyEndToEndId does not name a Pix key check of this company');
  if (input.type === 'PIX_KEY' && check.pixKey !== route.destination.pixKey) {
    throw badRequest('pixKeyEndToEndId names a check of another Pix key');
  }
}

function createPayment(ctx: OperationContext, input: PaymentCreateInput): PaymentRow {
  const companyId = ctx.tenant.company.id;
  const accountId = input.sourceAccountId ?? ctx.tenant.account.id;
  const account = ctx.tenancy.account(accountId);
  if (!account || account.company_id !== companyId || account.closed_at !== null)
    throw badRequest('sourceAccountId: Account not found');
  if (paymentRepo(ctx.db).findByCorrelationId(companyId, input.correlationID))
    throw badRequest(DUPLICATE_CORRELATION_ID);
  const route = resolvePaymentRoute(ctx, input, accountId);
  assertKeyCheck(ctx, input, route);
  const value = paymentValue(input, route);
  const at = ctx.now.toISOString();
  const storedRoute: PaymentRoute = { ...route };
  delete storedRoute.boleto;
  return ctx.db
    .transaction(() => {
      // Again under the write lock: two creates with one correlationID make one payment.
      if (paymentRepo(ctx.db).findByCorrelationId(companyId, input.correlationID))
        throw badRequest(DUPLICATE_CORRELATION_ID);
      const row: PaymentRow = {
        id: newObjectId(),
        company_id: companyId,
        account_id: accountId,
        correlation_id: input.correlationID,
        type: input.type,
        status: 'CREATED',
        value,
        destination_alias: input.type === 'PIX_KEY' ? (route.destination.pixKey ?? input.destinationAlias) : null,
        destination_alias_type: input.type === 'PIX_KEY' ? input.destinationAliasType : null,
        pix_key_end_to_end_id:
          (input.type === 'PIX_KEY' || input.type === 'MANUAL') && input.pixKeyEndToEndId
            ? input.pixKeyEndToEndId
            : null,
        qr_code: input.type === 'QR_CODE' ? input.qrCode : null,
        boleto: route.boleto ? JSON.stringify(route.boleto) : null,
        manual:
          input.type === 'MANUAL'
            ? JSON.stringify({
                holder: input.holder,
                account: input.account,
                psp: { id: route.destination.bank.ispb, name: route.destination.bank.name },
              })
            : null,
        destination: JSON.stringify(storedRoute),
        comment: input.comment ?? null,
        metadata: input.metadata ? JSON.stringify(input.metadata) : null,
        end_to_end_id: null,
        transaction_id: null,
        failure_code: null,
        provider_rejected_reason: null,
        approved_at: null,
        settles_at: null,
        settled_at: null,
        created_at: at,
        updated_at: at,
      };
      paymentRepo(ctx.db).insert(row);
      ctx.emit(PAYMENT_EVENTS.created, view(ctx, row));
      // autoApprove: created and approved in one transaction; a refused approval writes nothing at all.
      return input.autoApprove ? approvePayment(ctx, row) : row;
    })
    .immediate();
}

export const paymentOperations = {
  createPayment: operation({
    method: 'POST',
    paths: ['/api/v1/payment'],
    scope: 'PAYMENT_POST',
    access: 'write',
    status: 200,
    errors: [404],
    summary:
      'Create a Pix out request (to a Pix key, a QR code, bank details or a boleto); autoApprove also approves it',
    request: { body: paymentCreateBody },
    response: z.union([
      paymentViewSchema,
      z.strictObject({ payment: paymentSchema, destination: paymentViewSchema.shape.destination }),
    ]),
    handler(ctx, { body }) {
      const row = createPayment(ctx, body);
      const result = view(ctx, row);
      // Unapproved: the payment and, for review before approval, where it goes (the decoded QR code's receiver).
      if (row.status === 'CREATED') return { payment: result.payment, destination: result.destination };
      return result;
    },
  }),

  approvePayment: operation({
    method: 'POST',
    paths: ['/api/v1/payment/approve'],
    scope: 'PAYMENT_APPROVE_POST',
    access: 'write',
    status: 200,
    summary: 'Approve a created payment by its correlationID',
    request: { body: paymentApproveBody },
    response: paymentViewSchema,
    handler(ctx, { body }) {
      const payment = paymentRepo(ctx.db).findByCorrelationId(ctx.tenant.company.id, body.correlationID);
      if (!payment) throw unknownRecord('Payment not found');
      const approved = ctx.db
        .transaction(() => approvePayment(ctx, payment, NOT_ENOUGH_BALANCE_ON_APPROVE))
        .immediate();
      return view(ctx, approved);
    },
  }),

  getPayment: operation({
    method: 'GET',
    paths: ['/api/v1/payment/:id'],
    scope: 'PAYMENT_GET',
    access: 'read',
    status: 200,
    summary: 'A payment by its id or correlationID, with its transaction and destination',
    request: { params: idParams },
    response: paymentViewSchema,
    handler: (ctx, { params }) => view(ctx, requirePayment(ctx, params.id)),
  }),

  listPayments: operation({
    method: 'GET',
    paths: ['/api/v1/payment'],
    scope: 'PAYMENT_GET_LIST',
    access: 'read',
    status: 200,
    summary: 'Payments, newest first, optionally created between start and end',
    request: { query: pageQuery.extend({ start: rfc3339.optional(), end: rfc3339.optional() }) },
    response: z.strictObject({ pageInfo: pageInfoSchema, payments: z.array(paymentViewSchema) }),
    handler(ctx, { query }) {
      const repo = paymentRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const rows = repo.list(companyId, query.start, query.end, query.skip, query.limit);
      const { items, pageInfo } = pageOf(rows, query, () => repo.count(companyId, query.start, query.end));
      return { pageInfo, payments: items.map((row) => view(ctx, row)) };
    },
  }),
};
