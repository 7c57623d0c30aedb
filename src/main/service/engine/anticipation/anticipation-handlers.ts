import { z } from 'zod';
import type { OperationContext } from '../context';
import { badRequest, notFound, ServiceError } from '../errors';
import { ledger } from '../ledger/ledger';
import type { AnyOperation } from '../operation';
import { operation } from '../operation';
import { anticipationIdParams, anticipationListQuery, rejectBody } from './anticipation-input';
import { approveRequest } from './anticipation-payout';
import { anticipationRepo, type AnticipationRow, type AnticipationStatus } from './anticipation-repo';
import { anticipationSchema, serializeAnticipation } from './anticipation-serializer';
import { anticipationSimulatorOperations } from './anticipation-simulator';
import { beneficiaryOperations } from './beneficiary-handlers';

// Anticipation requests (resources/woovi-openapi.json, tag "anticipation"): a beneficiary asks for
// an advance; the company lists the PENDING ones and approves (→ PROCESSING: the netAmount is held
// on the company's account and the Pix out to the beneficiary is under way, settled by
// anticipation-payout.ts's sweeper) or rejects them (→ CANCELED, releasing what the request held of
// the beneficiary's advanceable limit; no money was held). The API has no create: requests come
// from the beneficiary's app, which the sandbox stands in for with its simulator
// (anticipation-simulator.ts).
//
// The document names no webhook event for anticipation, so none is sent.

/**
 * The approval the account's available balance does not cover: 400, the status the document lists
 * for the approve route's refusals and the one a Pix out approval refused for balance answers.
 */
export const NOT_ENOUGH_BALANCE_TO_APPROVE = 'You do not have enough balance to approve this anticipation';

/** Statuses a request reaches only through approval: approving it again answers it as it is. */
const APPROVED: ReadonlySet<AnticipationStatus> = new Set(['PROCESSING', 'CONFIRMED', 'PAID', 'OVERDUE']);

const anticipationAnswer = z.strictObject({ anticipation: anticipationSchema });

function requireRequest(ctx: OperationContext, id: string): AnticipationRow {
  // Scoped by company: another company's id answers exactly like an unknown one.
  const row = anticipationRepo(ctx.db).request(ctx.tenant.company.id, id.toLowerCase());
  if (!row) throw notFound('Anticipation not found');
  return row;
}

const conflict = (row: AnticipationRow, action: string) =>
  new ServiceError(409, `Cannot ${action} an anticipation in status ${row.status}`);

export const anticipationOperations = {
  ...beneficiaryOperations,
  ...anticipationSimulatorOperations,

  listAnticipations: operation({
    method: 'GET',
    paths: ['/api/v1/anticipation'],
    scope: 'ANTICIPATION_REQUEST_READ',
    access: 'read',
    status: 200,
    summary: "The company's anticipation requests, most recent first; ?status=PENDING for those awaiting approval",
    request: { query: anticipationListQuery },
    // `count`: how many requests match the filter, whatever the page (skip and limit).
    response: z.strictObject({ anticipations: z.array(anticipationSchema), count: z.number().int() }),
    handler(ctx, { query }) {
      const repo = anticipationRepo(ctx.db);
      const companyId = ctx.tenant.company.id;
      const status = query.status ?? null;
      return {
        anticipations: repo.list(companyId, status, query.limit, query.skip).map(serializeAnticipation),
        count: repo.count(companyId, status),
      };
    },
  }),

  approveAnticipation: operation({
    method: 'POST',
    paths: ['/api/v1/anticipation/:id/approve'],
    scope: 'ANTICIPATION_REQUEST_APPROVE',
    access: 'write',
    status: 200,
    errors: [404, 409],
    summary:
      'Approve a PENDING anticipation request: its netAmount is held on your account and paid out to the beneficiary by Pix (200 again for an approved one; 409 for a rejected or failed one; 400 when the available balance does not cover the netAmount)',
    request: { params: anticipationIdParams },
    response: anticipationAnswer,
    handler(ctx, { params }) {
      const row = requireRequest(ctx, params.id);
      if (row.status === 'PENDING') {
        if (!approveRequest(ctx, row)) {
          const { available } = ledger(ctx.db).balance({ companyId: row.company_id, accountId: ctx.tenant.account.id });
          throw badRequest(
            `${NOT_ENOUGH_BALANCE_TO_APPROVE}: netAmount ${row.net_amount}, available ${available} (cents)`,
          );
        }
        return { anticipation: serializeAnticipation(requireRequest(ctx, row.id)) };
      }
      if (APPROVED.has(row.status)) return { anticipation: serializeAnticipation(row) };
      throw conflict(row, 'approve');
    },
  }),

  rejectAnticipation: operation({
    method: 'POST',
    paths: ['/api/v1/anticipation/:id/reject'],
    scope: 'ANTICIPATION_REQUEST_APPROVE',
    access: 'write',
    status: 200,
    errors: [404, 409],
    summary: 'Reject a PENDING anticipation request (200 again for a rejected one; 409 for an approved one)',
    request: { params: anticipationIdParams, body: rejectBody },
    response: anticipationAnswer,
    handler(ctx, { params, body }) {
      const row = requireRequest(ctx, params.id);
      if (row.status === 'PENDING') {
        const reason = body.reason === undefined || body.reason === '' ? null : body.reason;
        anticipationRepo(ctx.db).reject(ctx.tenant.company.id, row.id, reason, ctx.now.toISOString());
        return { anticipation: serializeAnticipation(requireRequest(ctx, row.id)) };
      }
      if (row.status === 'CANCELED') return { anticipation: serializeAnticipation(row) };
      throw conflict(row, 'reject');
    },
  }),
} satisfies Record<string, AnyOperation>;
