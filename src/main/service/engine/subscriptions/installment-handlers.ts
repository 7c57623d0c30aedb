import { z } from 'zod';
import { pageInfoSchema } from '#shared/service/resources';
import type { OperationContext } from '../context';
import { notFound } from '../errors';
import { fromGlobalId } from '../ids';
import { operation, type AnyOperation } from '../operation';
import { pageOf, pageQuery } from '../pagination';
import { assertSandbox } from '../sandbox/sandbox-handlers';
import { idParams, positiveCents } from '../validation';
import { createCobr, DEFAULT_REJECT_CODE, retryCobr, settleTry } from './installment-cobr';
import { INSTALLMENT_GLOBAL_TYPE, installmentRepo } from './installment-repo';
import { installmentSchema, serializeInstallment, type Installment } from './installment-serializer';
import { requireSubscription } from './subscription-handlers';
import { subscriptionRepo, type InstallmentRow, type SubscriptionRow } from './subscription-repo';

// Subscription installments (the OpenAPI file's `Installment`, tags subscription and CobR): one
// per period a subscription generated (subscription-installments.ts), read by its globalID or by
// the endToEndId of the Pix that paid it, listed per subscription, and, for Pix Automático, its
// cobr created and retried by hand. The OpenAPI file lists these four operations without a
// `security` entry; each takes the scope of AppID's scope list that names it.
//
// An id out of reach (unknown, or another company's) is 404 "Installment not found", as a
// subscription's is (subscription-handlers.ts): the file documents only a 400 `{error}` here, and
// the two must answer alike.

interface Located {
  row: InstallmentRow;
  sub: SubscriptionRow;
}

/** The company's installment by its globalID or by the endToEndId of the Pix that paid it. */
function requireInstallment(ctx: OperationContext, id: string): Located {
  const companyId = ctx.tenant.company.id;
  const repo = installmentRepo(ctx.db);
  const objectId = fromGlobalId(INSTALLMENT_GLOBAL_TYPE, id);
  const row = (objectId ? repo.findById(companyId, objectId) : undefined) ?? repo.findByEndToEndId(companyId, id);
  const sub = row ? subscriptionRepo(ctx.db).findById(companyId, row.subscription_id) : undefined;
  if (!row || !sub) throw notFound('Installment not found');
  return { row, sub };
}

/** The installment as it is now, re-read after a write. */
function answer(ctx: OperationContext, { row, sub }: Located): { installment: Installment } {
  return { installment: serializeInstallment(ctx.db, row, subscriptionRepo(ctx.db).findById(sub.company_id, sub.id)!) };
}

/**
 * The body of both cobr operations: `value` (cents, optional; "Valor da cobrança (Opcional)").
 * The file's code samples send `{"value": 0}`, a placeholder: a cobr of nothing is refused.
 */
const cobrBody = z.object(
  { value: positiveCents('value').optional() },
  { error: 'body must be a JSON object with an optional value' },
);

const installmentBody = z.strictObject({ installment: installmentSchema });

/** BCB's reject codes are four capitals or digits (AM04 insufficient funds, AC06 blocked account…). */
const rejectCode = z
  .string({ error: 'rejectCode must be a string' })
  .regex(/^[A-Z0-9]{4}$/, { error: 'rejectCode must be a 4-character SPI reject code, e.g. AM04' });

const settleBody = z.discriminatedUnion(
  'result',
  [
    z.object({ result: z.literal('COMPLETED') }),
    z.object({ result: z.literal('REJECTED'), rejectCode: rejectCode.default(DEFAULT_REJECT_CODE) }),
  ],
  { error: 'result must be COMPLETED or REJECTED' },
);

export const installmentOperations = {
  getInstallment: operation({
    method: 'GET',
    paths: ['/api/v1/installments/:id'],
    scope: 'SUBSCRIPTION_INSTALLMENT_GET',
    access: 'read',
    status: 200,
    errors: [404],
    summary: 'Get an installment by its globalID or the endToEndId of the Pix that paid it',
    request: { params: idParams },
    response: installmentBody,
    handler: (ctx, { params }) => answer(ctx, requireInstallment(ctx, params.id)),
  }),

  listSubscriptionInstallments: operation({
    method: 'GET',
    paths: ['/api/v1/subscriptions/:id/installments'],
    scope: 'SUBSCRIPTION_INSTALLMENT_GET_LIST',
    access: 'read',
    status: 200,
    errors: [404],
    summary: "List a subscription's installments (by its globalID or correlationID), first installment first",
    request: { params: idParams, query: pageQuery },
    response: z.strictObject({ installments: z.array(installmentSchema), pageInfo: pageInfoSchema }),
    handler(ctx, { params, query }) {
      const sub = requireSubscription(ctx, params.id);
      const repo = installmentRepo(ctx.db);
      const { items, pageInfo } = pageOf(repo.listBySubscription(sub.id, query.skip, query.limit), query, () =>
        repo.countBySubscription(sub.id),
      );
      return { installments: items.map((row) => serializeInstallment(ctx.db, row, sub)), pageInfo };
    },
  }),

  createInstallmentCobr: operation({
    method: 'POST',
    paths: ['/api/v1/installments/:id/cobr'],
    scope: 'SUBSCRIPTION_INSTALLMENT_COBR_POST',
    access: 'write',
    status: 200,
    errors: [404],
    summary:
      "Create a Pix Automático installment's cobr by hand (once per installment): approved, its first try requested",
    request: { params: idParams, body: cobrBody },
    response: installmentBody,
    handler(ctx, { params, body }) {
      const located = requireInstallment(ctx, params.id);
      ctx.db.transaction(() => createCobr(ctx, located.row, located.sub, body.value))();
      return answer(ctx, located);
    },
  }),

  retryInstallmentCobr: operation({
    method: 'POST',
    paths: ['/api/v1/installments/:id/cobr/retry'],
    scope: 'SUBSCRIPTION_INSTALLMENT_COBR_RETRY_POST',
    access: 'write',
    status: 200,
    errors: [404],
    summary: "Request a new try of an installment's cobr after a rejected one (retryPolicy THREE_RETRIES_7_DAYS)",
    request: { params: idParams, body: cobrBody },
    response: installmentBody,
    handler(ctx, { params, body }) {
      const located = requireInstallment(ctx, params.id);
      ctx.db.transaction(() => retryCobr(ctx, located.row, located.sub, body.value))();
      return answer(ctx, located);
    },
  }),

  // The real sandbox's "simulate payment" button for Pix Automático, as an endpoint: the payer's
  // bank pays or refuses the cobr's requested try. Not in the OpenAPI file; any valid AppID.
  sandboxSettleInstallmentCobr: operation({
    method: 'POST',
    paths: ['/openpix/testing/installments/:id/cobr'],
    scope: null,
    access: 'write',
    status: 200,
    errors: [403, 404],
    summary: "Sandbox: the payer's bank pays (COMPLETED) or refuses (REJECTED, rejectCode) the cobr's requested try",
    request: { params: idParams, body: settleBody },
    response: installmentBody,
    handler(ctx, { params, body }) {
      assertSandbox(ctx);
      const located = requireInstallment(ctx, params.id);
      ctx.db.transaction(() => settleTry(ctx, located.row, located.sub, body))();
      return answer(ctx, located);
    },
  }),
} satisfies Record<string, AnyOperation>;
